/* Work metrics shared by the tool, the calibration helper and the driver. */
#include "metric.h"
#include "util.h"

#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
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
  /* in the target, a closed stdout must not become the counter */
  return oa_fd_high((int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC));
}

uint64_t oa_clock_ns(clockid_t id)
{
  struct timespec ts;
  clock_gettime(id, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t oa_metric_read(enum oa_metric metric, int fd, int *ok)
{
  *ok = 1;
  switch (metric) {
  case OA_METRIC_CPUTIME:
    return oa_clock_ns(CLOCK_THREAD_CPUTIME_ID);
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

/* A TSC reading and CLOCK_MONOTONIC taken together: the tightest of a few
 * tries of TSC, clock, TSC (a thread preempted inside one has a wide
 * bracket), the TSC taken midway. */
typedef struct clock_pair {
  uint64_t tsc, ns;
} clock_pair;

static clock_pair clock_pair_now(void)
{
  clock_pair best = { 0, 0 };
  uint64_t width = UINT64_MAX;
  for (int i = 0; i < 8; i++) {
    uint64_t a = __rdtsc(), ns = oa_clock_ns(CLOCK_MONOTONIC), b = __rdtsc();
    if (b >= a && b - a < width) {
      width = b - a;
      best.tsc = a + (b - a) / 2;
      best.ns = ns;
    }
  }
  return best;
}

/* Both clocks run on while the thread is off its core, so a preemption
 * between the two pairs changes nothing; one inside a pair is avoided by
 * clock_pair_now. */
double oa_ns_per_tick(void)
{
  clock_pair a = clock_pair_now(), b;
  do
    b = clock_pair_now();
  while (b.ns - a.ns < 1000000);
  double r = b.tsc > a.tsc ? (double)(b.ns - a.ns) / (double)(b.tsc - a.tsc) : 0;
  return r > 0.01 && r < 10 ? r : 0;
}

static const char *const names[] = {
  [OA_METRIC_TSC] = "tsc", [OA_METRIC_CPUTIME] = "cputime",
  [OA_METRIC_CYCLES] = "cycles", [OA_METRIC_INSTRUCTIONS] = "instructions",
};

enum oa_metric oa_metric_parse(const char *name)
{
  return (enum oa_metric)oa_name_index(names, OA_METRIC_TSC, OA_METRIC_INSTRUCTIONS, name);
}

const char *oa_metric_name(enum oa_metric metric)
{
  return metric >= OA_METRIC_TSC && metric <= OA_METRIC_INSTRUCTIONS ? names[metric] : "?";
}

static const char *const rt_names[OA_RTE_N] = {
  [OA_RTE_FORK] = "fork", [OA_RTE_JOIN] = "join",
  [OA_RTE_PAR_BEGIN] = "parallel-begin", [OA_RTE_PAR_END] = "parallel-end",
  [OA_RTE_LOOP_STATIC] = "loop-static", [OA_RTE_LOOP_DYNAMIC] = "loop-dynamic",
  [OA_RTE_CHUNK_STATIC] = "chunk-static", [OA_RTE_CHUNK_DYNAMIC] = "chunk-dynamic",
  [OA_RTE_LOOP_END_STATIC] = "loop-end-static", [OA_RTE_LOOP_END_DYNAMIC] = "loop-end-dynamic",
  [OA_RTE_BARRIER] = "barrier", [OA_RTE_BARRIER_END] = "barrier-end",
  [OA_RTE_TASK_CREATE] = "task-create", [OA_RTE_TASK_SWITCH] = "task-switch",
  [OA_RTE_TASKWAIT] = "taskwait", [OA_RTE_TASKWAIT_END] = "taskwait-end",
  [OA_RTE_STARTUP] = "startup",
  [OA_RTE_REGION_LATENCY] = "region-latency", [OA_RTE_BARRIER_LATENCY] = "barrier-latency",
};

const char *oa_rt_event_name(unsigned e)
{
  return e > OA_RTE_NONE && e < OA_RTE_N ? rt_names[e] : NULL;
}

/* A count of the metric's unit at *s: decimal digits only (no sign, no
 * space), at most OA_COST_MAX; *s moves past it.  0, or -1. */
static int read_count(const char **s, uint64_t *v)
{
  const char *p = *s;
  uint64_t n = 0;
  if (*p < '0' || *p > '9')
    return -1;
  for (; *p >= '0' && *p <= '9'; p++) {
    n = n * 10 + (uint64_t)(*p - '0');
    if (n > OA_COST_MAX)  /* checked at each digit: it cannot wrap around */
      return -1;
  }
  *v = n;
  *s = p;
  return 0;
}

int oa_task_cost_parse(const char *s, uint64_t *deferred, uint64_t *undeferred)
{
  uint64_t d, u;
  if (!s || read_count(&s, &d) != 0 || *s++ != ',' || read_count(&s, &u) != 0 || *s)
    return -1;
  *deferred = d;
  *undeferred = u;
  return 0;
}

int oa_rt_costs_parse(const char *s, oa_rt_costs *c)
{
  int n = 0;
  unsigned seen = 0;
  memset(c, 0, sizeof *c);
  if (!s || !*s)
    return -1;
  if (strcmp(s, "none") == 0)
    return 0;
  for (;;) {
    size_t len = strcspn(s, "=,/");
    unsigned ev = OA_RTE_NONE;
    for (unsigned e = OA_RTE_NONE + 1; e < OA_RTE_N; e++)
      if (strlen(rt_names[e]) == len && strncmp(s, rt_names[e], len) == 0)
        ev = e;
    uint64_t in, out;
    if (ev == OA_RTE_NONE || (seen & 1u << ev) || s[len] != '=')
      goto bad;
    s += len + 1;
    if (read_count(&s, &in) != 0 || *s++ != '/' || read_count(&s, &out) != 0)
      goto bad;
    seen |= 1u << ev;
    c->in[ev] = in;
    c->out[ev] = out;
    n++;
    if (!*s)
      return n;
    if (*s++ != ',')
      goto bad;
  }
bad:
  memset(c, 0, sizeof *c);
  return -1;
}

void oa_rt_costs_format(const oa_rt_costs *c, char *buf, size_t size)
{
  size_t used = 0;
  if (size)
    buf[0] = 0;
  for (unsigned e = OA_RTE_NONE + 1; e < OA_RTE_N && used < size; e++) {
    if (!c->in[e] && !c->out[e])
      continue;
    int k = snprintf(buf + used, size - used, "%s%s=%llu/%llu", used ? "," : "", rt_names[e],
                     (unsigned long long)c->in[e], (unsigned long long)c->out[e]);
    if (k < 0)
      break;
    used += (size_t)k;
  }
}
