// Known answer: a dynamic loop of equal iterations between two serial parts.
//
//   serial A = 70 ms; parallel for schedule(dynamic, 1): 40 iterations of
//   10 ms; serial B = 70 ms.
//   work = 70 + 40*10 + 70                 = 540 ms
//   span = 70 + 10 (one chunk) + 70        = 150 ms  (iterations are
//          logically parallel, however the runtime dealt them out)
//   parallelism = 540 / 150                = 3.60
//   the for row: work 400, span 10         -> parallelism 40, work_frac 0.741
//   the main row: the whole program        -> parallelism 3.60
// Under --metric tsc the for row's own parallelism (400 / one 10 ms chunk) is
// not checked: the TSC counts the time a thread is preempted (this shared VM
// loses 4-6 ms slices), and one such slice on the longest chunk moves it by
// 40%; the program's figures move by a few %.
// A wrong model would report: chunks run by one thread taken as serial (the
// schedule's span, 70 + 20*10 + 70 = 340) -> 1.59; the loop not parallel at
// all -> 1.00; the serial parts dropped -> 40.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: env BURN_CLOCK=cputime %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t
// RUN: python3 %inputs/profile/check.py %t.cputime.json --metric cputime --threads 2 --parallelism 3.60 \
// RUN:   --region main:main:parallelism=3.60 --region for-dynamic.c:36:for:parallelism=40 \
// RUN:   --region for-dynamic.c:36:for:work_frac=0.741 --region for-dynamic.c:34:parallel:instances=1
// RUN: env BURN_CLOCK=tsc %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --metric tsc --threads 2 --parallelism 3.60 \
// RUN:   --region main:main:parallelism=3.60 \
// RUN:   --region for-dynamic.c:36:for:work_frac=0.741 --region for-dynamic.c:34:parallel:instances=1
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(70);
#pragma omp parallel num_threads(2)
  {
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 40; i++)
      burn(10);
  }
  burn(70);
  return 0;
}
