// RACE: no
// WHY: twin of masked_nobarrier.c using master followed by an explicit barrier before the reads
#include <omp.h>
#include <stdio.h>
int cfg, got[64];
int main(void) {
#pragma omp parallel
  {
#pragma omp master
    cfg = 7;
#pragma omp barrier
    got[omp_get_thread_num() & 63] = cfg;
  }
  printf("%d\n", got[0]);
  return 0;
}
