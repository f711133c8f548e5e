// RACE: yes
// PAIR: A A
// WHY: lock routines bind to the contention group (OpenMP 5.2 18.9): one lock set in two teams of a teams construct does not exclude them from each other (doc/SEMANTICS.md rules 8, 16)
#include <omp.h>
#include <stdio.h>
int count;
int main(void) {
  omp_lock_t l;
  omp_init_lock(&l);
#pragma omp teams num_teams(2)
  {
    omp_set_lock(&l);
    count++; // @A
    omp_unset_lock(&l);
  }
  omp_destroy_lock(&l);
  printf("%d\n", count);
  return 0;
}
