/* A known amount of wall time in the program's code, and the program's own
 * measure of how long it really took.
 *
 * burn_ms(KEY, ms) sleeps ms (a thread spinning for it instead would
 * overshoot by a scheduler tick each time another process took its core).
 * But on a busy machine a sleeping thread wakes late too: the burn lasts
 * longer than asked, and `ompadv time`, which measures wall time, rightly
 * reports the longer time.  So the known answers are not the amounts asked
 * for but what the program itself measured: burn_ms adds the
 * CLOCK_MONOTONIC time from just before to just after the sleep to the
 * total of KEY (NULL: none), and returns it.
 * burn_span gives the burn's start and end instead (for figures the test
 * derives from when the burns ran, e.g. how long one thread waited for
 * another), burn_add adds any derived amount to a key's total, burn_now is
 * the clock.
 *
 * At exit the program writes its totals, one "KEY SECONDS" a line, to the
 * file named by the environment variable BURN_ACTUAL (when set):
 * tests/inputs/time/check.py --actual FILE takes its expected values from
 * them.  KEY: a C identifier.  The totals are updated without locks (an
 * OpenMP lock would be an event of its own to ompadv, and a thread blocked
 * on a mutex would be time the program does not measure). */
#ifndef OMPADV_TEST_TIME_BURN_H
#define OMPADV_TEST_TIME_BURN_H

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BURN_KEYS 64
static const char *burn_keys[BURN_KEYS];
static long long burn_totals[BURN_KEYS]; /* ns */

static inline double burn_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline void burn_add(const char *key, double s)
{
  for (int i = 0; i < BURN_KEYS; i++) {
    const char *k = __atomic_load_n(&burn_keys[i], __ATOMIC_ACQUIRE);
    if (!k && __atomic_compare_exchange_n(&burn_keys[i], &k, key, 0, __ATOMIC_ACQ_REL,
                                          __ATOMIC_ACQUIRE))
      k = key;
    if (strcmp(k, key) == 0) {
      __atomic_fetch_add(&burn_totals[i], (long long)(s * 1e9 + 0.5), __ATOMIC_RELAXED);
      return;
    }
  }
  abort();
}

static inline void burn_span(double ms, double *start, double *end)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  *start = (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
  long long ns = (long long)t.tv_sec * 1000000000LL + t.tv_nsec + (long long)(ms * 1e6);
  t.tv_sec = (time_t)(ns / 1000000000LL);
  t.tv_nsec = (long)(ns % 1000000000LL);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) != 0)
    ;
  *end = burn_now();
}

static inline double burn_ms(const char *key, double ms)
{
  double start, end;
  burn_span(ms, &start, &end);
  if (key)
    burn_add(key, end - start);
  return end - start;
}

/* The end of the program's OpenMP: the runtime shuts down here
 * (omp_pause_hard), and ompadv time's measurement with it, rather than in
 * exit(), where the shutdown (waking and joining the runtime's threads,
 * which on a busy machine wait for a core: 0.3 to 7 ms seen) would count
 * as main's code, and no burn measures it.  The program may compute its
 * derived amounts after it. */
static inline void burn_end(void)
{
  omp_pause_resource_all(omp_pause_hard);
}

static void burn_write(void)
{
  const char *path = getenv("BURN_ACTUAL");
  FILE *f;
  if (!path || !(f = fopen(path, "w")))
    return;
  for (int i = 0; i < BURN_KEYS && burn_keys[i]; i++)
    fprintf(f, "%s %.9f\n", burn_keys[i], burn_totals[i] * 1e-9);
  fclose(f);
}

/* The program's start, before main.  ompadv time's measurement begins when
 * its library is loaded, before the program's constructors (the dynamic
 * loader's µs between them are not the program's to measure); the OpenMP
 * runtime starts up before main's first statement when main has
 * directives (clang calls it at the entry of a function with OpenMP
 * directives), or at the first one otherwise, and all of it is main's
 * code.  So main's code as ompadv time counts it lies between what the
 * program measured from main's first statement and that plus (main's
 * first statement - burn_started). */
static double burn_started;
__attribute__((constructor(101))) static void burn_init(void)
{
  burn_started = burn_now();
  atexit(burn_write);
}

#endif
