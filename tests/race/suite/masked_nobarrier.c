// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: masked has no implied barrier: the other threads read what the primary thread writes
#include <omp.h>
#include <stdio.h>
int cfg, got[64];
int main(void) {
#pragma omp parallel
  {
#pragma omp masked
    cfg = 7; // @A
    got[omp_get_thread_num() & 63] = cfg; // @B
  }
  printf("%d\n", got[0]);
  return 0;
}
