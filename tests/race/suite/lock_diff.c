// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: two code sites update one variable holding two different locks: no common lock, a race between the sites
#include <omp.h>
#include <stdio.h>
omp_lock_t l1, l2;
int val;
int main(void) {
  omp_init_lock(&l1);
  omp_init_lock(&l2);
#pragma omp parallel
  {
    omp_set_lock(&l1);
    val += 1; // @A
    omp_unset_lock(&l1);
    omp_set_lock(&l2);
    val += 2; // @B
    omp_unset_lock(&l2);
  }
  omp_destroy_lock(&l1);
  omp_destroy_lock(&l2);
  printf("%d\n", val);
  return 0;
}
