// RACE: no
// WHY: two code sites update one variable, both holding the same omp_lock_t
#include <omp.h>
#include <stdio.h>
omp_lock_t lk;
int val;
int main(void) {
  omp_init_lock(&lk);
#pragma omp parallel
  {
    omp_set_lock(&lk);
    val += 1;
    omp_unset_lock(&lk);
    omp_set_lock(&lk);
    val *= 3;
    omp_unset_lock(&lk);
  }
  omp_destroy_lock(&lk);
  printf("%d\n", val);
  return 0;
}
