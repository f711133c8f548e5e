// RACE: yes
// PAIR: A B
// WHY: a taskwait inside a taskgroup waits for the children created before it, not for the child those left (doc/SEMANTICS.md rule 11: not grandchildren)
#include <stdio.h>
int x;
int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    {
#pragma omp task
      x = 1; // @A
    }
#pragma omp taskgroup
    {
#pragma omp taskwait
      x = 2; // @B
    }
  }
  printf("%d\n", x);
  return 0;
}
