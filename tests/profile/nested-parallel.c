// Known answer: nested parallel regions.
//
//   burn(40); parallel num_threads(2) { parallel num_threads(2) { burn(100) } }
//   burn(40), with omp_set_max_active_levels(2): 4 threads in 2 inner teams.
//   work = 40 + 4 * 100 + 40 = 480 ms
//   span = 40 + 100 + 40     = 180 ms
//   parallelism = 480 / 180 = 2.667
//   The outer parallel row: work 400, span 100 -> 4.0; the inner parallel
//   row: 2 instances, 400 / 480 = 0.833 of the work.
// (4 threads on this 2-core machine: each burn is preempted, which is why
// burn.h burns on the clock of the metric.)
// A wrong model would report: the inner teams serial (span 40 + 200 + 40 =
// 280) -> 1.71 (-36%); the outer region serial -> 1.71 too; all serial -> 1.00.
//
// Not retried: the burns are exact in CPU time whatever the load (burn.h),
// and tsc leaves out the time a thread is off its core; with 3 and with 30
// busy loops beside it on this 2-core machine, every figure came within
// 0.1% (13 runs).
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t
// RUN: python3 %inputs/profile/check.py %t.cputime.json --source %s --metric cputime --threads 2 --parallelism 2.667 \
// RUN:   --region @outer:parallel:parallelism=4.0 --region @inner:parallel:instances=2 \
// RUN:   --region @inner:parallel:work_frac=0.833
// RUN: %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --source %s --metric tsc --threads 2 --parallelism 2.667 \
// RUN:   --region @outer:parallel:parallelism=4.0 --region @inner:parallel:instances=2 \
// RUN:   --region @inner:parallel:work_frac=0.833
#include <omp.h>
#include "burn.h"

int main(void)
{
  omp_set_max_active_levels(2);
  burn(40);
#pragma omp parallel num_threads(2) // @outer
#pragma omp parallel num_threads(2) // @inner
  burn(100);
  burn(40);
  return 0;
}
