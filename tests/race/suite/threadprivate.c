// RACE: no
// WHY: a threadprivate counter updated by every thread: each thread has its own copy
#include <omp.h>
#include <stdio.h>
int counter;
#pragma omp threadprivate(counter)
int res[64];
int main(void) {
#pragma omp parallel
  {
    for (int k = 0; k < 10; k++)
      counter += k;
    res[omp_get_thread_num() & 63] = counter;
  }
  printf("%d\n", res[0]);
  return 0;
}
