/* Work metrics shared by the tool, the calibration helper and the driver. */
#include "metric.h"

#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <x86intrin.h>

int oa_counter_open(enum oa_metric metric)
{
  struct perf_event_attr a;
  if (metric != OA_METRIC_CYCLES && metric != OA_METRIC_INSTRUCTIONS)
    return -1;
  memset(&a, 0, sizeof a);
  a.size = sizeof a;
  a.type = PERF_TYPE_HARDWARE;
  a.config = metric == OA_METRIC_CYCLES ? PERF_COUNT_HW_CPU_CYCLES : PERF_COUNT_HW_INSTRUCTIONS;
  a.exclude_kernel = 1;
  a.exclude_hv = 1;
  return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

uint64_t oa_metric_read(enum oa_metric metric, int fd, int *ok)
{
  *ok = 1;
  switch (metric) {
  case OA_METRIC_CPUTIME: {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
  }
  case OA_METRIC_CYCLES:
  case OA_METRIC_INSTRUCTIONS: {
    uint64_t v;
    if (fd >= 0 && read(fd, &v, sizeof v) == (ssize_t)sizeof v)
      return v;
    *ok = 0;
    return 0;
  }
  default:
    return __rdtsc();
  }
}

double oa_ns_per_tick(void)
{
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  uint64_t t0 = __rdtsc(), ns;
  do {
    clock_gettime(CLOCK_MONOTONIC, &b);
    ns = (uint64_t)(b.tv_sec - a.tv_sec) * 1000000000u + (uint64_t)b.tv_nsec - (uint64_t)a.tv_nsec;
  } while (ns < 1000000);
  uint64_t ticks = __rdtsc() - t0;
  double r = ticks ? (double)ns / (double)ticks : 0;
  return r > 0.01 && r < 10 ? r : 0;
}

static const char *const names[] = {
  [OA_METRIC_TSC] = "tsc", [OA_METRIC_CPUTIME] = "cputime",
  [OA_METRIC_CYCLES] = "cycles", [OA_METRIC_INSTRUCTIONS] = "instructions",
};

enum oa_metric oa_metric_parse(const char *name)
{
  for (unsigned m = OA_METRIC_TSC; m <= OA_METRIC_INSTRUCTIONS; m++)
    if (name && strcmp(name, names[m]) == 0)
      return (enum oa_metric)m;
  return 0;
}

const char *oa_metric_name(enum oa_metric metric)
{
  return metric >= OA_METRIC_TSC && metric <= OA_METRIC_INSTRUCTIONS ? names[metric] : "?";
}
