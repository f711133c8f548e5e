// Known answer: the serial code before the first construct is main's
// (issue 32, item 13).  main sleeps 150 ms, then calls a function whose
// parallel region (two threads, 20 ms each) is the program's first OpenMP
// code: libomp starts (and starts ompadv's tool) only there, in that
// function, not at main's entry, since main has no directive.
//   main_lo    main's code as the program measured it: from main's first
//              statement to the call (the 150 ms); from the region's end
//              to the runtime's end (burn_end) is µs.
//   main_hi    main_lo + the time before main's first statement since the
//              program's first constructor (burn.h), which also runs before
//              the first construct, + the call of the function less thread
//              0's burn in the region (@par's): the runtime's start-up,
//              which runs in the call before the region (5 to 50 ms on a
//              busy machine), is main's serial code too.  main's code lies
//              between the two (work, or preempted where the machine took
//              the core).
//   main's blame: the other thread, which does not exist yet, waits for
//              all that time (between parallel regions): the same range.
// The breakdown adds up to threads x wall: the wall time holds the 150 ms.
// A single reading of the clock brackets each end, so 3% of room; a
// preemption in the µs between a reading and the event beside it can still
// stretch them, so lit may run it again.
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: env BURN_ACTUAL=%t.actual %ompadv time -q --threads 2 --format json --output %t.json %t
// RUN: python3 %inputs/time/check.py %t.json --source %s --actual %t.actual --sum \
// RUN:   --row main:main:work+preempted=main_lo..main_hi~0.03 \
// RUN:   --row main:main:blamed=main_lo..main_hi~0.03 --finding serial_code@main
#include <omp.h>
#include "burn.h"

static double par0;  /* thread 0's burn in the region */

__attribute__((noinline)) static void region(void)
{
#pragma omp parallel num_threads(2) // @par
  {
    double d = burn_ms(NULL, 20);
    if (!omp_get_thread_num())
      par0 = d;
  }
}

int main(void)
{
  double first = burn_now();
  burn_ms(NULL, 150);
  double called = burn_now();
  region();
  double back = burn_now();
  burn_end();
  double main_lo = called - first;
  burn_add("main_lo", main_lo);
  burn_add("main_hi", main_lo + (first - burn_started) + (back - called) - par0);
  return 0;
}
