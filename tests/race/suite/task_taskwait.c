// RACE: no
// WHY: twin of task_no_taskwait.c: the creator waits for the task before reading x
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    x = 1;
#pragma omp taskwait
    y = x;
  }
  printf("%d %d\n", x, y);
  return 0;
}
