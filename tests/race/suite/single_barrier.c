// RACE: no
// WHY: single writes a shared value and every thread reads it after single's implied barrier
#include <omp.h>
#include <stdio.h>
int cfg, got[64];
int main(void) {
#pragma omp parallel
  {
#pragma omp single
    cfg = 42;
    got[omp_get_thread_num() & 63] = cfg;
  }
  printf("%d\n", got[0]);
  return 0;
}
