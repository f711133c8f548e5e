/* burn(ms): a fragment of serial work of a known size, for the known-answer
 * tests of `ompadv profile` (tests/profile).
 *
 * The amount must be exact in the unit of the metric the tool measures, even
 * on a small shared machine where the burning thread may be preempted (and
 * where a test may run more threads than cores, e.g. nested parallelism), so
 * the clock burned on follows the metric; the RUN line says which with the
 * environment variable BURN_CLOCK:
 *   cputime (default): spin until the calling thread has used ms of CPU time
 *       (CLOCK_THREAD_CPUTIME_ID): exact for --metric cputime, whatever the
 *       preemption;
 *   tsc: spin until ms of wall-clock time have passed (CLOCK_MONOTONIC, read
 *       through the TSC by the vDSO, i.e. a fixed number of TSC ticks): exact
 *       for --metric tsc, which counts the ticks of a fragment whether or not
 *       its thread was running.
 * (Either clock is right for both metrics as long as the thread is not
 * preempted.)  The checks compare ratios, so the unit does not matter. */
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

static inline clockid_t burn_clock(void)
{
  static int which;  /* 0: not decided; 1: cputime; 2: tsc */
  int w = __atomic_load_n(&which, __ATOMIC_RELAXED);
  if (!w) {
    const char *e = getenv("BURN_CLOCK");
    w = e && strcmp(e, "tsc") == 0 ? 2 : 1;
    __atomic_store_n(&which, w, __ATOMIC_RELAXED);
  }
  return w == 2 ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID;
}

static inline void burn(double ms)
{
  clockid_t id = burn_clock();
  uint64_t end = burn_clock_ns(id) + (uint64_t)(ms * 1e6);
  while (burn_clock_ns(id) < end)
    ;
}

#endif
