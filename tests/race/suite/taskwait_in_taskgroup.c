// RACE: no
// WHY: a taskwait inside a taskgroup waits for every child created before it, also the one created before the taskgroup began (doc/SEMANTICS.md rule 11)
#include <stdio.h>
int x;
int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    x = 1;
#pragma omp taskgroup
    {
#pragma omp taskwait
      x = 2;
    }
  }
  printf("%d\n", x);
  return 0;
}
