// Known answer: more sections than threads.  The sections of a sections
// construct are logically parallel whatever thread runs them.
//
//   burn(50); parallel num_threads(2) { sections: 4 sections of burn(60) };
//   burn(50)
//   work = 50 + 4 * 60 + 50 = 340 ms
//   span = 50 + 60 + 50     = 160 ms
//   parallelism = 340 / 160 = 2.125
//   The sections row: work 240, span 60 -> 4.0.
// A wrong model would report: the sections a thread happened to run taken as
// serial (libomp deals them out statically, 2 per thread: span 50 + 120 + 50
// = 220) -> 1.545 (-27%), sections row 2.0.
//
// A known limit (man ompadv-profile, APPROXIMATIONS): ompadv reports the
// wrong model's figures, 1.55 / 2.00: a thread's sections are one fragment.
// Clang lowers sections to a static loop over the section numbers, and
// libomp 19 reports one dispatch (kind=section) per thread for its whole
// static chunk (`ompadv trace` shows one dispatch per thread for 4
// sections), so the tool gets no event between two sections of one thread.
// Expected to fail until there is such an event; it passing means the limit
// is gone and the man page should say so.
// XFAIL: *
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t
// RUN: python3 %inputs/profile/check.py %t.cputime.json --source %s --metric cputime --threads 2 --parallelism 2.125 \
// RUN:   --region @sections:sections:parallelism=4.0
// RUN: %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --source %s --metric tsc --threads 2 --parallelism 2.125 \
// RUN:   --region @sections:sections:parallelism=4.0
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(50);
#pragma omp parallel num_threads(2)
  {
#pragma omp sections // @sections
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
  }
  burn(50);
  return 0;
}
