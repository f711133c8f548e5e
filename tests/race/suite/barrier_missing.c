// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: twin of barrier_phases.c without the barrier: a thread reads its neighbour's slot while the neighbour writes it
#include <omp.h>
#include <stdio.h>
int slot[64], got[64];
int main(void) {
#pragma omp parallel
  {
    int t = omp_get_thread_num(), n = omp_get_num_threads();
    slot[t] = t + 1; // @A
    got[t] = slot[(t + 1) % n]; // @B
  }
  printf("%d\n", got[0]);
  return 0;
}
