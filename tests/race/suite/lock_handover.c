// RACE: no
// THREADS: 2
// WHY: thread 0 takes the lock before the barrier and writes x before releasing it; thread 1 takes the lock after the barrier, so it waits for thread 0's release in every schedule, and writes x after its own release (doc/SEMANTICS.md rule 16; DataRaceBench DRB200)
#include <omp.h>
#include <stdio.h>
omp_lock_t l;
int x = 1;
int main(void) {
  omp_init_lock(&l);
#pragma omp parallel num_threads(2)
  {
    int tid = omp_get_thread_num();
    if (tid == 0)
      omp_set_lock(&l);
#pragma omp barrier
    if (tid == 0) {
      x = 0;
      omp_unset_lock(&l);
    } else {
      omp_set_lock(&l);
      omp_unset_lock(&l);
      x = 1;
    }
  }
  omp_destroy_lock(&l);
  printf("%d\n", x);
  return 0;
}
