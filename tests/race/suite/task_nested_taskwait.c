// RACE: no
// WHY: each task waits for its own child: after the parent's taskwait the whole subtree is done
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
#pragma omp task
      x = 5;
#pragma omp taskwait
    }
#pragma omp taskwait
    y = x;
  }
  printf("%d %d\n", x, y);
  return 0;
}
