// RACE: no
// WHY: every thread increments a shared counter inside an unnamed critical section
#include <stdio.h>
int count;
int main(void) {
#pragma omp parallel
  {
    for (int k = 0; k < 10; k++) {
#pragma omp critical
      count++;
    }
  }
  printf("%d\n", count);
  return 0;
}
