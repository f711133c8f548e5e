// RACE: no
// WHY: twin of sections_same.c: the two sections write different variables, then a third section-free step reads both
#include <stdio.h>
int r1, r2;
int main(void) {
#pragma omp parallel sections
  {
#pragma omp section
    r1 = 1;
#pragma omp section
    r2 = 2;
  }
  printf("%d\n", r1 + r2);
  return 0;
}
