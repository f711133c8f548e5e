// Known answer: sections are logically parallel, and so are critical
// sections of different threads (mutual exclusion is not an ordering: either
// order is a valid schedule, so the logical model does not serialize them).
//
//   parallel num_threads(2) { sections: 2 sections, burn(100) and burn(40);
//   (implicit barrier); critical { burn(100) } on each thread }
//   work = 100 + 40 + 2 * 100 = 340 ms
//   span = 100 + 100          = 200 ms
//   parallelism = 340 / 200 = 1.70
//   The sections row: work 140, span 100 -> 1.40.  The critical row: 2 * 100
//   / 340 = 0.588 of the work (the time a thread waits for the lock, ~100 ms,
//   is not work).
// A wrong model would report: the critical sections serialized (span 100 +
// 200) -> 1.13 (-33%); the sections serial -> 1.42 (-16%); the lock wait
// counted as work: (340 + 100) / 200 = 2.2 and a critical work_frac of 0.68.
// (With 2 sections on 2 threads each thread runs one; see sections-many.c for
// more sections than threads.)
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t
// RUN: python3 %inputs/profile/check.py %t.cputime.json --source %s --metric cputime --threads 2 --parallelism 1.70 \
// RUN:   --region @sections:sections:parallelism=1.40 --region @critical:critical:work_frac=0.588
// RUN: %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --source %s --metric tsc --threads 2 --parallelism 1.70 \
// RUN:   --region @sections:sections:parallelism=1.40 --region @critical:critical:work_frac=0.588
#include <omp.h>
#include "burn.h"

int main(void)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp sections // @sections
    {
#pragma omp section
      burn(100);
#pragma omp section
      burn(40);
    }
#pragma omp critical // @critical
    burn(100);
  }
  return 0;
}
