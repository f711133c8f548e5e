// Known answers: every wait is named by the construct that waits, at its
// own line, with its kind (issue 32, items 11 and 14).
// Region A: a single creates two tasks (60 ms and 20 ms) and waits for them
// (taskwait); the other thread waits at the single's implicit barrier.
// Each thread runs a task inside its wait (which one is the runtime's
// choice) and then waits again with nothing to do: the waiting is at @tw
// (taskwait) or @single (single-barrier), never at a task's line, whatever
// the tasks the thread ran meanwhile.
// Region B: a parallel region and a static loop on one line (@line); the
// loop's iteration 0 (thread 0) burns 60 ms, iteration 1 (thread 1) 20 ms;
// after the loop thread 1 burns 30 ms more.  Two barriers wait on that
// line: the loop's (thread 1 waits for thread 0: for-barrier) and the
// region's (thread 0 waits for thread 1's last 30 ms: parallel-barrier),
// two rows, not one.
// On a busy machine sleeps last longer and threads start late: the
// amounts are those the program measured (burn.h, check.py --actual):
//   for_lo     e0 - e1: thread 1's wait at the loop's barrier, at least
//              (iteration i ends at e_i); for_hi adds what each thread took
//              to get past it (to thread 1's tail start, thread 0's p0):
//              the waiting there (delay + no-work + preempted) is between.
//   par_lo     te - p0: thread 0, past the loop at p0, waits for thread 1's
//              tail to end at te; par_hi: to after the region, as seen by
//              thread 0 (it leaves the join last).
// The runtime's and ompadv's µs around each reading: 3% of room.
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: env BURN_ACTUAL=%t.actual %ompadv time -q --threads 2 --format json --output %t.json %t
// RUN: python3 %inputs/time/check.py %t.json --source %s --actual %t.actual --sum \
// RUN:   --no-row @t1:barrier --no-row @t1:single-barrier --no-row @t1:taskwait \
// RUN:   --no-row @t2:barrier --no-row @t2:single-barrier --no-row @t2:taskwait \
// RUN:   --no-row @single:barrier --no-row @line:barrier \
// RUN:   --row @line:for-barrier:delay+no_work+preempted=for_lo..for_hi~0.03 \
// RUN:   --row @line:parallel-barrier:delay+no_work+preempted=par_lo..par_hi~0.03
// The text names the kind beside the location, in rows and findings.
// RUN: env BURN_ACTUAL=/dev/null %ompadv time -q --threads 2 --output %t.txt %t
// RUN: grep -q 'for-barrier' %t.txt
// RUN: grep -q 'parallel-barrier' %t.txt
#include <omp.h>
#include "burn.h"

static double s[2], e[2], p0, ts, te, after;

int main(void)
{
#pragma omp parallel num_threads(2)
#pragma omp single // @single
  {
#pragma omp task // @t1
    burn_ms(NULL, 60);
#pragma omp task // @t2
    burn_ms(NULL, 20);
#pragma omp taskwait // @tw
  }

  _Pragma("omp parallel num_threads(2)") { _Pragma("omp for schedule(static)") for (int i = 0; i < 2; i++) burn_span(i ? 20 : 60, &s[i], &e[i]); if (omp_get_thread_num()) burn_span(30, &ts, &te); else p0 = burn_now(); } // @line
  after = burn_now();
  burn_end();
  burn_add("for_lo", e[0] - e[1]);
  burn_add("for_hi", (ts - e[1]) + (p0 - e[0]));
  burn_add("par_lo", te - p0);
  burn_add("par_hi", after - p0);
  return 0;
}
