// RACE: no
// WHY: many parallel tasks update one counter inside a critical section
#include <stdio.h>
int count;
int main(void) {
#pragma omp parallel
#pragma omp single
  for (int t = 0; t < 32; t++) {
#pragma omp task
    {
#pragma omp critical
      count += t;
    }
  }
  printf("%d\n", count);
  return 0;
}
