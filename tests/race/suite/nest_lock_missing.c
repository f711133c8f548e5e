// RACE: yes
// PAIR: A B
// PAIR: B B
// TEAM: 2
// WHY: one site holds a nested lock (taken twice), the other site forgets it: the unprotected update races with both
#include <omp.h>
#include <stdio.h>
omp_nest_lock_t nl;
int val;
int main(void) {
  omp_init_nest_lock(&nl);
#pragma omp parallel
  {
    omp_set_nest_lock(&nl);
    omp_set_nest_lock(&nl);
    val += 1; // @A
    omp_unset_nest_lock(&nl);
    omp_unset_nest_lock(&nl);
    val += 2; // @B
  }
  omp_destroy_nest_lock(&nl);
  printf("%d\n", val);
  return 0;
}
