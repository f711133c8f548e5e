// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: single nowait writes a shared value that the other threads read without waiting
#include <omp.h>
#include <stdio.h>
int cfg, got[64];
int main(void) {
#pragma omp parallel
  {
#pragma omp single nowait
    cfg = 42; // @A
    got[omp_get_thread_num() & 63] = cfg; // @B
  }
  printf("%d\n", got[0]);
  return 0;
}
