// Known answer (doc/SEMANTICS.md rule 4): a schedule(static) loop gives each
// thread the same iterations in every run of this team size, so a thread's
// shares of consecutive nowait loops follow one another in its implicit task.
//
//   2 threads; 6 loops `for schedule(static) nowait` of 2 iterations of
//   15 ms: thread t runs iteration t of each loop.
//   work = 6 * 2 * 15                      = 180 ms
//   span = 6 * 15 (one thread's shares)    = 90 ms
//   parallelism = 180 / 90                 = 2.00 (the team size bounds it;
//          the report says so: all of the span is in static loops)
// A wrong model (each thread's share a chunk parallel with the thread's
// next share): span 15 ms -> 12.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile --threads 2 --metric cputime --format json --output %t.json %t 2> %t.err
// RUN: python3 %inputs/profile/check.py %t.json --threads 2 --parallelism 2.00 --static-pct 99 --tol 0.05
// RUN: FileCheck %s < %t.err
// CHECK: of the span is in schedule(static) loops: each thread's share of one is serial, so their parallelism is at most the team size (2 threads)
#include <omp.h>
#include "burn.h"

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    for (int k = 0; k < 6; k++) {
#pragma omp for schedule(static) nowait
      for (int i = 0; i < 2; i++)
        burn(15);
    }
  }
  return 0;
}
