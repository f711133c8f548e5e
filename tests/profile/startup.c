// Known answers: the serial code before the program's first construct
// (doc/SEMANTICS.md rule 19: libomp's own time is no directive's work).
//
//   ./startup P R (0 2 by default): P ms of serial code, then parallel num_threads(2)
//   { burn(R) }; main ends there.
//   work = P + 2R, span = P + R;
//   main's own code (its row's serial%) = P / (P + R) of the span.
//
// 1. P = 0, R = 2: parallelism 2.00 and main's serial% 0: nothing of the
//    program runs before the region.  libomp starts lazily at the first
//    construct: its start-up (some hundreds of microseconds here, which
//    ompadv once charged to main: serial% 13 of this span, 23 of a 1 ms
//    one) is no program code.  What is left of it after the calibrated
//    estimate is taken off (tens of microseconds, 60 under the whole
//    suite's load, and libomp's ~10 us shut-down after the region) must
//    stay under 8% of the 2 ms span (13% before).
// 2. P = 4, R = 4, --metric tsc on a busy machine: parallelism 12 / 8 =
//    1.50, main's serial% 50.  The 4 ms ran before the tool started and
//    are measured as CPU time, converted to TSC ticks; the rate was once
//    measured over a 1 ms spin of the tool's on-core clock, which a
//    preemption during the spin divides (4 ms came out as 0.2 to 4.7 ms).
//    Three runs, so that a preempted spin is likely in one of them.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --metric cputime --format json --output %t.0.json %t 0 2
// RUN: python3 %inputs/profile/check.py %t.0.json --metric cputime --parallelism 2.00
// RUN: python3 %inputs/profile/check.py %t.0.json --region main:main:serial_pct=0 --tol 8
// RUN: %inputs/profile/load.sh start %t.pids
// RUN: %ompadv profile -q --metric tsc --format json --output %t.1.json %t 4 4
// RUN: %ompadv profile -q --metric tsc --format json --output %t.2.json %t 4 4
// RUN: %ompadv profile -q --metric tsc --format json --output %t.3.json %t 4 4
// RUN: %inputs/profile/load.sh stop %t.pids
// RUN: python3 %inputs/profile/check.py %t.1.json --parallelism 1.50 --region main:main:serial_pct=50
// RUN: python3 %inputs/profile/check.py %t.2.json --parallelism 1.50 --region main:main:serial_pct=50
// RUN: python3 %inputs/profile/check.py %t.3.json --parallelism 1.50 --region main:main:serial_pct=50
#include <stdlib.h>
#include "burn.h"

int main(int argc, char **argv)
{
  double p = argc > 2 ? atof(argv[1]) : 0, r = argc > 2 ? atof(argv[2]) : 2;
  burn(p);
#pragma omp parallel num_threads(2)
  burn(r);
  return 0;
}
