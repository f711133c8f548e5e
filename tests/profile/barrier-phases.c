// Known answer: imbalanced phases separated by a barrier.
//
//   parallel num_threads(2): phase 1: thread 0 burn(100), thread 1 burn(20);
//   barrier; phase 2: thread 0 burn(20), thread 1 burn(100).
//   work = 2 * (100 + 20) = 240 ms
//   span = 100 + 100      = 200 ms  (the sum of the phases' maxima)
//   parallelism = 240 / 200 = 1.20
//   The parallel row: the same, 1.20.
// A wrong model would report: the barrier ignored (each thread's own chain,
// span = 120) -> 2.00 (+67%); the threads serial -> 1.00 (-17%).
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t
// RUN: python3 %inputs/profile/check.py %t.cputime.json --source %s --metric cputime --threads 2 --parallelism 1.20 \
// RUN:   --region @parallel:parallel:parallelism=1.20 --region @parallel:parallel:instances=1
// RUN: %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --source %s --metric tsc --threads 2 --parallelism 1.20 \
// RUN:   --region @parallel:parallel:parallelism=1.20 --region @parallel:parallel:instances=1
#include <omp.h>
#include "burn.h"

int main(void)
{
#pragma omp parallel num_threads(2) // @parallel
  {
    int me = omp_get_thread_num();
    burn(me == 0 ? 100 : 20);
#pragma omp barrier
    burn(me == 1 ? 100 : 20);
  }
  return 0;
}
