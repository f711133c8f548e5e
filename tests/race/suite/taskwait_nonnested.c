// RACE: yes
// PAIR: A B
// WHY: taskwait waits for children only: the grandchild task may still be writing x when the parent reads it
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
#pragma omp task
      x = 5; // @A
    }
#pragma omp taskwait
    y = x; // @B
  }
  printf("%d %d\n", x, y);
  return 0;
}
