// RACE: no
// WHY: twin of taskwait_nonnested.c with a taskgroup, which waits for all descendant tasks
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup
    {
#pragma omp task
      {
#pragma omp task
        x = 5;
      }
    }
    y = x;
  }
  printf("%d %d\n", x, y);
  return 0;
}
