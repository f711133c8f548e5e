// Known answer: lock contention.  Two threads take turns in one critical
// section, 10 times each, holding it 10 ms (libomp's critical is a queuing
// lock: they alternate).  The critical's work is 20 x 10 = 200 ms; every
// entry but the first waits for the other thread's 10 ms: lock wait
// 19 x 10 = 190 ms, blamed on the critical (the code that held the lock).
// The breakdown adds up to threads x wall.
//
// Those are the amounts of an idle machine.  On a busy one a sleep lasts
// longer than asked and a thread gets the lock late, and ompadv time,
// measuring wall time, sees it: the expected amounts are the ones the
// program itself measured (burn.h, check.py --actual), with the same
// reasoning (and no assumption on the order of the entries):
//   crit       the burns in the critical: its work.
//   held       the sum, over each entry, of the time from asking for the
//              critical to getting in during which the other thread was in
//              it: lock wait, at least (less ompadv's own time in its
//              callbacks there, which it counts as overhead: under 1%);
//   asked      the sum of the times from asking for the critical to getting
//              in: lock wait, at most (held, plus the time a thread takes
//              to wake once the other leaves, µs on an idle machine, and
//              the runtime's own time).
//   edge       the sum of the times one thread is in the critical while
//              the other has not started (its implicit task ready: delay)
//              or has left its loop (no-work at the region's end: 10 ms
//              idle, the last entry).
// The critical's blame: all lock waiting (the code that held the lock) and
// the other thread's waiting while it ran: between held + edge and
// asked + edge.
// A sleep that ends on a busy machine waits for a core before the thread
// runs again: that wait is the thread's preempted time (runnable, off its
// core), which ompadv time keeps apart from work; the program's clock
// counts it in the burn.  So a burn's measured time is its code's work and
// preempted time together.
// What no clock reading of the program brackets, the runtime's and
// ompadv's code between an event and the reading beside it (µs), can
// still be stretched by a preemption there (the critical's work came
// within 0.3% of its 3%, the rest within their ranges, in over 40 runs
// under 3 or 30 busy loops).  So lit may run it again.
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: env BURN_ACTUAL=%t.actual %ompadv time -q --threads 2 --format json --output %t.json --timeline %t.csv %t
// RUN: python3 %inputs/time/check.py %t.json --source %s --actual %t.actual --sum --timeline %t.csv \
// RUN:   --row @crit:critical:work+preempted=crit~0.03 --row @crit:lock:lock_wait=held..asked~0.03 \
// RUN:   --row @crit:critical:blamed=held+edge..asked+edge~0.03 --finding lock_contention@@crit
#include <omp.h>
#include "burn.h"

#define N 10
static double start[2], ask[2][N], in[2][N], out[2][N], done[2];

/* the length of [a0, a1] within [b0, b1] */
static double overlap(double a0, double a1, double b0, double b1)
{
  double x = a0 > b0 ? a0 : b0, y = a1 < b1 ? a1 : b1;
  return y > x ? y - x : 0;
}

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    int me = omp_get_thread_num();
    start[me] = burn_now();
    for (int i = 0; i < N; i++) {
      ask[me][i] = burn_now();
#pragma omp critical // @crit
      burn_span(10, &in[me][i], &out[me][i]);
    }
    done[me] = burn_now();
  }
  burn_end();
  for (int x = 0; x < 2; x++) {
    int y = 1 - x;
    for (int i = 0; i < N; i++) {
      burn_add("crit", out[x][i] - in[x][i]);
      burn_add("asked", in[x][i] - ask[x][i]);
      for (int j = 0; j < N; j++)
        burn_add("held", overlap(ask[x][i], in[x][i], in[y][j], out[y][j]));
      burn_add("edge", overlap(in[x][i], out[x][i], -1e30, start[y]) +
                       overlap(in[x][i], out[x][i], done[y], 1e30));
    }
  }
  return 0;
}
