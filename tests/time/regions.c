// Known answer: many parallel regions.  300 regions of two threads, thread
// 0 sleeping 2 ms and thread 1 1 ms in each: the regions' work is
// 300 x 3 ms = 0.9 s, and thread 1 has no work for 1 ms at the end of each
// (0.3 s, at the region's end or between regions).  The analysis's table
// of regions grows while threads wait in them (the crash of LULESH, whose
// 60 iterations run thousands of regions, before the waits named regions
// by index).  The breakdown adds up to threads x wall.
//
// Those are the amounts of an idle machine.  On a busy one a 1 ms sleep
// lasts 3 ms and a thread starts a region ms late, and ompadv time,
// measuring wall time, sees it: the expected amounts are the ones the
// program itself measured (burn.h, check.py --actual), with the same
// reasoning.  Region i: thread 0 burns [s0, e0], thread 1 [s1, e1].
//   work       the burns: the regions' work.
//   no_lo      the sum of:
//              - max(e0, e1) - min(e0, e1) for each region: the thread that
//                ends its burn first waits for the other at the region's end;
//              - from each region's last burn end to the next one's first
//                burn start: the other thread idle while the initial thread
//                leaves one region and forks the next;
//              - from main's first statement to region 0's first burn start,
//                and from region 299's last burn end to the runtime's end
//                (burn_end): the other thread idle while main runs.
//              No-work (waiting with nothing ready, both threads') is no_lo
//              less the runtime's and ompadv's time in those stretches,
//              which is no one's waiting (about 1%; the tolerance is 4%).
//   no_hi      no_lo + the runtime's start-up before main's first statement
//              (burn.h), part of which main runs alone too.
// A thread that starts late waits with its implicit task ready: delay, not
// no-work.  If thread 1 starts after thread 0 has ended its burn, thread 0
// waits at the region's end with one thread's start ready (one thread's
// waiting is delay, the other's no-work) until thread 1 starts, then with
// nothing ready: e1 - e0 of no-work again.  The no-work lies between no_lo
// and no_hi.
// A sleep that ends on a busy machine waits for a core before the thread
// runs again: that wait is the thread's preempted time (runnable, off its
// core), which ompadv time keeps apart from work; the program's clock
// counts it in the burn.  So a burn's measured time is its code's work and
// preempted time together.
// What no clock reading of the program brackets, the runtime's and
// ompadv's code at each fragment's ends (µs), can still be stretched by a
// preemption there (the work came within 0.5% with 3 busy loops beside
// it, 0.9% with 30, of its 3% of room; the no-work within its range with
// 3, up to 1.7% past it with 30, of its 4%; no failure in over 40 runs
// under 3 or 30 busy loops).  So lit may run it again.
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: env BURN_ACTUAL=%t.actual %ompadv time -q --threads 2 --format json --output %t.json --timeline %t.csv %t
// RUN: python3 %inputs/time/check.py %t.json --source %s --actual %t.actual --sum --timeline %t.csv \
// RUN:   --row @par:parallel:work+preempted=work~0.03 --no-work-total=no_lo..no_hi~0.04
#include <omp.h>
#include "burn.h"

#define N 300
static double s[N][2], e[N][2];

static double lo(double a, double b) { return a < b ? a : b; }
static double hi(double a, double b) { return a > b ? a : b; }

int main(void)
{
  double first = burn_now(), t;
  for (int i = 0; i < N; i++) {
#pragma omp parallel num_threads(2) // @par
    {
      int me = omp_get_thread_num();
      burn_span(me == 0 ? 2 : 1, &s[i][me], &e[i][me]);
    }
  }
  t = burn_now();
  burn_end();
  double no = lo(s[0][0], s[0][1]) - first + t - hi(e[N - 1][0], e[N - 1][1]);
  for (int i = 0; i < N; i++) {
    burn_add("work", e[i][0] - s[i][0] + e[i][1] - s[i][1]);
    no += hi(e[i][0], e[i][1]) - lo(e[i][0], e[i][1]);
    if (i)
      no += lo(s[i][0], s[i][1]) - hi(e[i - 1][0], e[i - 1][1]);
  }
  burn_add("no_lo", no);
  burn_add("no_hi", no + first - burn_started);
  return 0;
}
