// Known answer (doc/SEMANTICS.md rule 9): tasks a team of one runs at once
// (libomp flags them undeferred) are deferred tasks all the same; only the
// if(0) task is undeferred (rule 10).
//
//   serial A = 40 ms; in a single: 8 tasks of 20 ms, then an if(0) task of
//   30 ms, then a taskwait; serial B = 40 ms.
//   work = 40 + 160 + 30 + 40              = 270 ms
//   span = 40 + max(20, 30) + 40           = 110 ms  (the if(0) task runs
//          while the 8 deferred tasks may run beside it)
//   parallelism = 270 / 110                = 2.45, with 1 or 2 threads
// A wrong model: every task undeferred with one thread -> 1.00; the if(0)
// task deferred -> 270 / 100 = 2.70.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 1 --metric cputime --format json --output %t.1.json %t
// RUN: python3 %inputs/profile/check.py %t.1.json --threads 1 --tasks 9 --parallelism 2.45 --tol 0.05
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.2.json %t
// RUN: python3 %inputs/profile/check.py %t.2.json --threads 2 --tasks 9 --parallelism 2.45 --tol 0.05
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(40);
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 8; i++) {
#pragma omp task
      burn(20);
    }
#pragma omp task if (0)
    burn(30);
#pragma omp taskwait
  }
  burn(40);
  return 0;
}
