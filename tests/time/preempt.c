// Known answer: time a thread was preempted is neither work nor the
// runtime's delay (issue 32, item 12).  The two threads of one region each
// spin until their own CPU time has advanced 150 ms, and the run is pinned
// to one core (taskset -c 0): each spins on that core about half the time
// and waits for it, runnable, the other half (and longer when other
// processes take the core too).
//   cpu        the CPU time the two spins took (each thread's
//              CLOCK_THREAD_CPUTIME_ID from before to after its spin): the
//              work of @par.  A spin never blocks, so the rest of its wall
//              time the thread was runnable but off its core.
//   off        the sum over the spins of (wall time - CPU time): the time
//              they were preempted, @par's preempted time.
// The runtime's own delay in starting a thread that is ready is µs (its
// wake-up of a worker), against the 300 ms of CPU: delay is under 1% of
// the work, however long a thread waited for the core, and no
// scheduling_delay finding holds.  The breakdown adds up to threads x wall.
// Around the spins are the runtime's and ompadv's µs, at most as long as a
// preemption there (a time slice: 4 ms): 3% of room on 300 ms.
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: env BURN_ACTUAL=%t.actual taskset -c 0 %ompadv time -q --threads 2 --metric cputime --format json --output %t.json %t
// RUN: python3 %inputs/time/check.py %t.json --source %s --actual %t.actual --sum \
// RUN:   --row @par:parallel:work=cpu~0.03 --row @par:parallel:preempted=off~0.03 \
// RUN:   --total delay=0..0.01*cpu --no-finding scheduling_delay --finding preempted@@par
#include <omp.h>
#include "burn.h"

static double cpu_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

volatile unsigned long sink;

int main(void)
{
#pragma omp parallel num_threads(2) // @par
  {
    double c0 = cpu_now(), w0 = burn_now(), c1;
    while ((c1 = cpu_now()) - c0 < 0.150)
      for (int i = 0; i < 1000; i++)
        sink += (unsigned long)i;
    double w1 = burn_now();
    burn_add("cpu", c1 - c0);
    burn_add("off", (w1 - w0) - (c1 - c0));
  }
  burn_end();
  return 0;
}
