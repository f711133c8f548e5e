// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: two code sites update one variable holding two different nested locks: no common lock, a race between the sites
#include <omp.h>
#include <stdio.h>
omp_nest_lock_t n1, n2;
int val;
int main(void) {
  omp_init_nest_lock(&n1);
  omp_init_nest_lock(&n2);
#pragma omp parallel
  {
    omp_set_nest_lock(&n1);
    val += 1; // @A
    omp_unset_nest_lock(&n1);
    omp_set_nest_lock(&n2);
    val += 2; // @B
    omp_unset_nest_lock(&n2);
  }
  omp_destroy_nest_lock(&n1);
  omp_destroy_nest_lock(&n2);
  printf("%d\n", val);
  return 0;
}
