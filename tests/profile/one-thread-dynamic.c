// Known answer (doc/SEMANTICS.md rule 5): the chunks of a dynamic loop are
// logically parallel whatever the team size, also in a team of one, to which
// libomp hands the whole loop as one chunk (ompadv cuts it into the chunks
// the schedule names: its interposed __kmpc_dispatch_next).
//
//   serial A = 60 ms; parallel for schedule(dynamic, 2): 16 iterations of
//   10 ms, chunks of 2 iterations (20 ms); serial B = 60 ms.
//   work = 60 + 160 + 60                   = 280 ms
//   span = 60 + 20 (one chunk) + 60        = 140 ms
//   parallelism = 280 / 140                = 2.00, with 1, 2 or 4 threads
//   the for row: work 160, span 20 -> parallelism 8, work_frac 0.571
// A wrong model: the loop serial with one thread -> 1.00; chunks of one
// iteration -> 280 / 130 = 2.15.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 1 --metric cputime --format json --output %t.1.json %t
// RUN: python3 %inputs/profile/check.py %t.1.json --source %s --threads 1 --parallelism 2.00 --tol 0.05 \
// RUN:   --region @for:for:work_frac=0.571 --region @for:for:parallelism=8 --region @for:for:instances=1
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.2.json %t
// RUN: python3 %inputs/profile/check.py %t.2.json --source %s --threads 2 --parallelism 2.00 --tol 0.05 \
// RUN:   --region @for:for:work_frac=0.571
// RUN: %ompadv profile -q --threads 4 --metric cputime --format json --output %t.4.json %t
// RUN: python3 %inputs/profile/check.py %t.4.json --source %s --threads 4 --parallelism 2.00 --tol 0.05 \
// RUN:   --region @for:for:work_frac=0.571
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(60);
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 2) // @for
    for (int i = 0; i < 16; i++)
      burn(10);
  }
  burn(60);
  return 0;
}
