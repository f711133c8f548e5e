// Known answer: a chain of dependent tasks beside independent tasks.
//
//   single: T1 depend(out: x), T2 depend(inout: x), T3 depend(in: x), each
//   burn(60), so T1 -> T2 -> T3; interleaved with them, 3 independent tasks
//   I1..I3 of burn(100).
//   work = 3 * 60 + 3 * 100 = 480 ms
//   span = 60 + 60 + 60     = 180 ms  (the chain; each I is 100 < 180)
//   parallelism = 480 / 180 = 2.667
// A wrong model would report: the dependences ignored (all 6 tasks parallel,
// span = 100) -> 4.80 (+80%); a dependence taken as a taskwait (the I tasks
// created after T1 wait for it, ...) -> at most 480 / 280 = 1.71; no task
// parallelism -> 1.00.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t
// RUN: python3 %inputs/profile/check.py %t.cputime.json --metric cputime --threads 2 --tasks 6 --parallelism 2.667
// RUN: %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --metric tsc --threads 2 --tasks 6 --parallelism 2.667
#include <omp.h>
#include "burn.h"

int main(void)
{
  int x = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x)
    {
      burn(60);
      x = 1;
    }
#pragma omp task
    burn(100);
#pragma omp task depend(inout: x) shared(x)
    {
      burn(60);
      x++;
    }
#pragma omp task
    burn(100);
#pragma omp task depend(in: x) shared(x)
    burn(60 + 0 * x);
#pragma omp task
    burn(100);
  }
  return x == 2 ? 0 : 1;
}
