// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: twin of lock_handover.c where thread 0 takes the lock after the barrier too: either thread may take it first, so this run's order of the two regions orders nothing and the writes race
#include <omp.h>
#include <stdio.h>
omp_lock_t l;
int x = 1;
int main(void) {
  omp_init_lock(&l);
#pragma omp parallel num_threads(2)
  {
    int tid = omp_get_thread_num();
#pragma omp barrier
    if (tid == 0) {
      omp_set_lock(&l);
      x = 0;  // @A
      omp_unset_lock(&l);
    } else {
      omp_set_lock(&l);
      omp_unset_lock(&l);
      x = 1;  // @B
    }
  }
  omp_destroy_lock(&l);
  printf("%d\n", x);
  return 0;
}
