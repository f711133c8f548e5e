// RACE: yes
// PAIR: A B
// WHY: twin of taskwait_depend.c: taskwait depend(in: y) waits only for siblings whose dependences conflict on y (doc/SEMANTICS.md rule 11), not for the task writing x
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 1; // @A
#pragma omp taskwait depend(in : y)
    printf("%d\n", x); // @B
  }
  return 0;
}
