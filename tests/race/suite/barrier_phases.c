// RACE: no
// WHY: barrier-separated phases: each thread writes its slot, then after a barrier reads its neighbour's, then after another barrier writes again
#include <omp.h>
#include <stdio.h>
int slot[64], got[64];
int main(void) {
#pragma omp parallel
  {
    int t = omp_get_thread_num(), n = omp_get_num_threads();
    slot[t] = t + 1;
#pragma omp barrier
    got[t] = slot[(t + 1) % n];
#pragma omp barrier
    slot[t] = got[t] * 2;
  }
  printf("%d %d\n", got[0], slot[0]);
  return 0;
}
