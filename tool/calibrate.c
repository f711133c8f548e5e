/* ompadv-calibrate: the cost of creating one task on this machine, in the
 * unit of a work metric, measured on the same libomp the target uses.
 * OMPT gives no event when a task creation returns to user code, so profile
 * mode charges each task this per-run estimate (man ompadv-profile).
 * usage: ompadv-calibrate tsc|cputime|cycles|instructions
 * prints two numbers: a deferred task, an undeferred (if(0)) one */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>
#include <x86intrin.h>

#include "metric.h"

enum { TASKS = 20000, ROUNDS = 5 };

static uint64_t now(enum oa_metric metric, int fd)
{
  int ok;
  uint64_t v = oa_metric_read(metric, fd, &ok);
  return ok ? v : __rdtsc();
}

/* Best of ROUNDS rounds of TASKS creations, from one thread of the team
 * while the others run the tasks, as in a typical producer pattern. */
static uint64_t measure(enum oa_metric metric, int fd, int deferred)
{
  uint64_t best = UINT64_MAX;
  for (int round = 0; round < ROUNDS; round++) {
    uint64_t t0 = now(metric, fd);
    for (int i = 0; i < TASKS; i++) {
#pragma omp task if (deferred)
      {
      }
    }
    uint64_t t1 = now(metric, fd);
#pragma omp taskwait
    uint64_t per = (t1 - t0) / TASKS;
    if (per < best)
      best = per;
  }
  return best;
}

int main(int argc, char **argv)
{
  enum oa_metric metric = oa_metric_parse(argc > 1 ? argv[1] : "tsc");
  if (!metric) {
    fprintf(stderr, "usage: ompadv-calibrate tsc|cputime|cycles|instructions\n");
    return 2;
  }
  uint64_t deferred = 0, undeferred = 0;
#pragma omp parallel
#pragma omp single
  {
    int fd = oa_counter_open(metric);
    deferred = measure(metric, fd, 1);
    undeferred = measure(metric, fd, 0);
    if (fd >= 0)
      close(fd);
  }
  printf("%llu %llu\n", (unsigned long long)deferred, (unsigned long long)undeferred);
  return 0;
}
