/* ompadv-calibrate: the cost of creating one task on this machine, in the
 * unit of a work metric, measured on the same libomp the target uses.
 * OMPT gives no event when a task creation returns to user code, so profile
 * mode charges each task this per-run estimate (man ompadv-profile).
 * usage: ompadv-calibrate tsc|cputime|cycles|instructions
 * prints two numbers: a deferred task, an undeferred (if(0)) one */
#include <linux/perf_event.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <x86intrin.h>

enum { TASKS = 20000, ROUNDS = 5 };

static int open_counter(const char *metric)
{
  struct perf_event_attr a;
  memset(&a, 0, sizeof a);
  a.size = sizeof a;
  a.type = PERF_TYPE_HARDWARE;
  a.config = strcmp(metric, "cycles") == 0 ? PERF_COUNT_HW_CPU_CYCLES : PERF_COUNT_HW_INSTRUCTIONS;
  a.exclude_kernel = 1;
  a.exclude_hv = 1;
  return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
}

static uint64_t now(const char *metric, int fd)
{
  if (strcmp(metric, "cputime") == 0) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
  }
  uint64_t v;
  if (fd >= 0 && read(fd, &v, sizeof v) == (ssize_t)sizeof v)
    return v;
  return __rdtsc();
}

/* Best of ROUNDS rounds of TASKS creations, from one thread of the team
 * while the others run the tasks, as in a typical producer pattern. */
static uint64_t measure(const char *metric, int fd, int deferred)
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
  const char *metric = argc > 1 ? argv[1] : "tsc";
  uint64_t deferred = 0, undeferred = 0;
#pragma omp parallel
#pragma omp single
  {
    int fd = strcmp(metric, "cycles") == 0 || strcmp(metric, "instructions") == 0
                 ? open_counter(metric) : -1;
    deferred = measure(metric, fd, 1);
    undeferred = measure(metric, fd, 0);
    if (fd >= 0)
      close(fd);
  }
  printf("%llu %llu\n", (unsigned long long)deferred, (unsigned long long)undeferred);
  return 0;
}
