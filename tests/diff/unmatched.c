// Known answer: a region that runs in one recording only.  The program takes
// another path with a team of more than one thread: a single construct that
// burns 100 ms.  Regions are matched by name (source lines), so the single's
// body exists in the 2-thread run only: diff lists it under "unmatched" with
// "in": "other" (not under "regions", where a ratio against nothing would
// mean nothing) and warns that regions ran in one recording only.
//
//   parallel { for static: 40 x burn(5)   @loop-@loop  both runs: 200 ms
//              if (team > 1) single burn(100)         2 threads only
//              barrier }
//   @single-@singleend: the single's body (the single construct begins it,
//     its end, reported at the line of the body's last statement, ends it):
//     only in "other", work 100 ms = 0.5 x the loop's 200 ms.
//   The code between the loop and the barrier is cut by the single in the
//   2-thread run, so @loop-@barrier (1 thread: checked, "in": "base") and
//   @loop-@single, @single-@barrier (2 threads) are unmatched too, with
//   microseconds of work.
//   @loop-@loop: matched, work inflation 1.0.
//   (Milliseconds, not less: the code before the first construct, which also
//   holds the process's start-up, must stay under 1% of the span, or its
//   run-to-run variation under load can reach the flagging threshold.)
// A wrong model would report: a region matched against a missing one (work
// 0) -> in "regions" with a ratio of 0 or infinity; no warning.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: env OMPADV_TASK_COST=100,50 %ompadv diff --metric cputime --threads 2 \
// RUN:   --format json --output %t.json %t 2> %t.err
// RUN: python3 %S/check.py %t.json --source %s --threads 1,2 \
// RUN:   --unmatched @single-@singleend=other --unmatched-ratio @single-@singleend/@loop-@loop=0.5~0.08 \
// RUN:   --unmatched @loop-@barrier=base \
// RUN:   --row @loop-@loop:work_inflation=1.0~0.15 --row @loop-@loop:spmd=false --none-flagged \
// RUN:   --unmatched-warning %t.err
// RUN: %FileCheck --check-prefix=WARN %s < %t.err
// The warning counts the unmatched regions that hold at least 0.1% of their
// run's work (ompadv-diff(1)): the single's body (100 ms, checked above), and
// normally only it: the others hold 1 to 50 us, under the 300 us (200 us in
// the 1-thread run) that 0.1% is here.  But a region's work is what the
// machine measured, and a few microseconds of code can be charged far more
// on a loaded machine (a kernel without IRQ_TIME_ACCOUNTING, as the test
// machines', charges interrupt and softirq time to the thread they
// interrupt; page faults; first calls through the PLT): under load the
// warning said 2 regions, and the test, which wanted 1, failed.  So the count
// is checked against the report's own figures (--unmatched-warning: every
// unmatched region from 0.1% of its run's work, and only those), which
// cannot vary, and FileCheck checks the wording only.
// WARN: ompadv: warning: {{[1-9][0-9]*}} region{{s?}} ran in one recording only (marked unmatched): the program took other paths in the two runs (non-deterministic, or depending on the team size)
//
// The text report lists it, marked, with no ratios.
// RUN: env OMPADV_TASK_COST=100,50 %ompadv diff -q --metric cputime --threads 2 \
// RUN:   --output %t.txt %t 2> %t.q.err
// RUN: %FileCheck --check-prefix=TEXT -DBODY="$(python3 %S/check.py --name %s @single-@singleend)" %s < %t.txt
// TEXT: differential profile: 1 thread -> 2 threads
// TEXT: {{^ +(.*/)?}}[[BODY]] 0 {{[0-9.]+}} ms - 0 {{[0-9.]+}} ms - unmatched{{$}}
// The warning is printed with -q too.
// RUN: %FileCheck --check-prefix=WARN %s < %t.q.err
#include <omp.h>
#include "burn.h"

int main(void)
{
#pragma omp parallel // @par
  {
#pragma omp for schedule(static) // @loop
    for (int i = 0; i < 40; i++)
      burn(5);
    if (omp_get_num_threads() > 1) {
#pragma omp single // @single
      burn(100); // @singleend
    }
#pragma omp barrier // @barrier
  }
  return 0;
}
