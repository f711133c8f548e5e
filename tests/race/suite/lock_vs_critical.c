// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: one site protects the variable with a lock, another with a critical section: different mutual exclusion, a race between the sites
#include <omp.h>
#include <stdio.h>
omp_lock_t lk;
int val;
int main(void) {
  omp_init_lock(&lk);
#pragma omp parallel
  {
    omp_set_lock(&lk);
    val += 1; // @A
    omp_unset_lock(&lk);
#pragma omp critical
    val += 2; // @B
  }
  omp_destroy_lock(&lk);
  printf("%d\n", val);
  return 0;
}
