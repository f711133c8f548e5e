// RACE: yes
// PAIR: A B
// THREADS: 1
// WHY: two sibling tasks write x; a team of one runs each at once, but they are deferred tasks all the same (doc/SEMANTICS.md rule 9): another team size lets them run together
#include <stdio.h>
int x;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    x = 1; // @A
#pragma omp task
    x = 2; // @B
  }
  printf("%d\n", x);
  return 0;
}
