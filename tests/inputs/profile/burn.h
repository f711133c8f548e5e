/* burn(ms): a fragment of serial work of a known size, for the known-answer
 * tests of `ompadv profile` (tests/profile).
 *
 * The amount must be exact in the unit of the metric the tool measures, even
 * on a small shared machine where the burning thread may be preempted (and
 * where a test may run more threads than cores, e.g. nested parallelism), so
 * it spins until the calling thread has used ms of CPU time
 * (CLOCK_THREAD_CPUTIME_ID): exact for --metric cputime, and for --metric
 * tsc, which leaves out the time a thread is off its core (where the kernel
 * gives a thread an rseq area, as on every glibc since 2.35). */
#ifndef OMPADV_TEST_BURN_H
#define OMPADV_TEST_BURN_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static inline uint64_t burn_clock_ns(clockid_t id)
{
  struct timespec ts;
  clock_gettime(id, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static inline void burn(double ms)
{
  clockid_t id = CLOCK_THREAD_CPUTIME_ID;
  uint64_t end = burn_clock_ns(id) + (uint64_t)(ms * 1e6);
  while (burn_clock_ns(id) < end)
    ;
}

#endif
