// RACE: yes
// PAIR: A B
// WHY: a task writes x and its creator reads x without a taskwait
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    x = 1; // @A
    y = x; // @B
  }
  printf("%d %d\n", x, y);
  return 0;
}
