// RACE: no
// WHY: an undeferred task (if(0)) completes before its creator continues: the read after it is ordered
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task if (0)
    x = 8;
    y = x;
  }
  printf("%d %d\n", x, y);
  return 0;
}
