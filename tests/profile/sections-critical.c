// Known answer: sections are logically parallel, and so are critical
// sections of different threads (mutual exclusion is not an ordering: either
// order is a valid schedule, so the logical model does not serialize them).
//
//   parallel num_threads(2) { sections: 4 sections of burn(60);
//   (implicit barrier); critical { burn(100) } on each thread }
//   work = 4 * 60 + 2 * 100 = 440 ms
//   span = 60 + 100         = 160 ms
//   parallelism = 440 / 160 = 2.75
//   The sections row: work 240, span 60 -> 4.0.  The critical row: 2 * 100 /
//   440 = 0.455 of the work (the time a thread waits for the lock is not work).
// A wrong model would report: the critical sections serialized (span 60 + 200)
// -> 1.69 (-38%); the sections a thread runs taken as serial (span 120 + 100)
// -> 2.00 (-27%); the lock wait counted as work: more than 2.75 and a
// critical work_frac of ~0.57.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: env BURN_CLOCK=cputime %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t
// RUN: python3 %inputs/profile/check.py %t.cputime.json --metric cputime --threads 2 --parallelism 2.75 \
// RUN:   --region sections-critical.c:33:sections:parallelism=4.0 --region sections-critical.c:44:critical:work_frac=0.455
// RUN: env BURN_CLOCK=tsc %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --metric tsc --threads 2 --parallelism 2.75 \
// RUN:   --region sections-critical.c:33:sections:parallelism=4.0 --region sections-critical.c:44:critical:work_frac=0.455
#include <omp.h>
#include "burn.h"

int main(void)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp sections
    {
#pragma omp section
      burn(60);
#pragma omp section
      burn(60);
#pragma omp section
      burn(60);
#pragma omp section
      burn(60);
    }
#pragma omp critical
    burn(100);
  }
  return 0;
}
