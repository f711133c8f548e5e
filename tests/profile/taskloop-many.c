// Known answer (doc/SEMANTICS.md rule 14): a taskloop with more tasks than
// threads.  libomp splits it through helper tasks that run on other threads
// and generate part of the tasks there: they all belong to the taskloop.
//
//   serial A = 30 ms; in a single: taskloop grainsize(1) over 32 iterations
//   of 8 ms; serial B = 30 ms.
//   work = 30 + 256 + 30                   = 316 ms
//   span = 30 + 8 + 30                     = 68 ms
//   parallelism = 316 / 68                 = 4.65, with 1 or 2 threads;
//   the taskloop row: work_frac 256 / 316  = 0.81; one instance (its
//   tasks inside it, the helpers' too), serial 8 ms: parallelism
//   256 / 8 = 32 (issue 32, item 3: it showed 1.00, or 1.88 at 2 threads)
// A wrong model (the helpers' tasks lost): work about halved with 2
// threads.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 1 --metric cputime --format json --output %t.1.json %t
// RUN: python3 %inputs/profile/check.py %t.1.json --source %s --threads 1 --parallelism 4.65 --tol 0.07 \
// RUN:   --region @tl:taskloop:work_frac=0.81 --region @tl:taskloop:instances=1 \
// RUN:   --region @tl:taskloop:parallelism=32
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.2.json %t
// RUN: python3 %inputs/profile/check.py %t.2.json --source %s --threads 2 --parallelism 4.65 --tol 0.07 \
// RUN:   --region @tl:taskloop:work_frac=0.81 --region @tl:taskloop:instances=1 \
// RUN:   --region @tl:taskloop:parallelism=32
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(30);
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(1) // @tl
  for (int i = 0; i < 32; i++)
    burn(8);
  burn(30);
  return 0;
}
