// Known answer: work done while holding a nested lock taken twice counts.
// libomp reports the owner's second acquisition as nest_lock (scope begin),
// not as mutex_acquired, after a mutex_acquire that ended the fragment: the
// next fragment must begin there, or the work inside is lost.
//
//   burn(100); parallel num_threads(2) { set_nest_lock twice; burn(100);
//   unset twice; burn(50) }
//   work = 100 + 2 * (100 + 50) = 400 ms
//   span = 100 + 150 = 250 ms (a lock orders nothing in the logical model)
//   parallelism = 400 / 250 = 1.60; the parallel region: 300 of 400 = 0.75
// With the work under the lock lost: 200 / 150 = 1.33 and 100 / 200 = 0.50.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.json %t
// RUN: python3 %inputs/profile/check.py %t.json --source %s --metric cputime --threads 2 --parallelism 1.60 \
// RUN:   --region @par:parallel:work_frac=0.75
#include <omp.h>
#include "burn.h"

int main(void)
{
  omp_nest_lock_t l;
  omp_init_nest_lock(&l);
  burn(100);
#pragma omp parallel num_threads(2) // @par
  {
    omp_set_nest_lock(&l);
    omp_set_nest_lock(&l);
    burn(100);
    omp_unset_nest_lock(&l);
    omp_unset_nest_lock(&l);
    burn(50);
  }
  omp_destroy_nest_lock(&l);
  return 0;
}
