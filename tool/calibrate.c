/* ompadv-calibrate: costs of the runtime on this machine, in the unit of a
 * work metric, measured on the same libomp the target uses.
 *
 * ompadv-calibrate METRIC (run with OMP_TOOL=disabled): the cost of creating
 * one task.  OMPT gives no event when a task creation returns to user code,
 * so profile mode charges each task this per-run estimate (man
 * ompadv-profile).  Prints two numbers: a deferred task, an undeferred
 * (if(0)) one.
 *
 * ompadv-calibrate --runtime METRIC (run with OMP_TOOL=enabled): libomp's
 * own time between the program and each OMPT callback of metric.h's
 * oa_rt_event, before the callback (in) and after it (out).  A minimal OMPT
 * tool of this program reads the metric as each callback starts and ends,
 * the program reads it around its own code, and the gaps between are the
 * runtime's: the median over some thousand regions, less one reading of the
 * metric, as the profile tool takes one off each stretch it measures.  For
 * cputime each reading is a system call bracketed by the TSC, and a gap runs
 * from the TSC after one to the TSC before the next, converted, as the tool
 * measures short stretches (tool/prof.c): the system calls stay, since they
 * slow down the runtime's code after them.  Also libomp's lazy start-up at
 * a program's first construct, in child processes started before this one
 * starts libomp (startup below).  Prints the OMPADV_RUNTIME_COST text.
 *
 * Both take a fraction of a second whatever the team size (see team_size
 * and the budgets below): ompadv runs them before a profiling run, unless
 * its cache holds them (src/calcache.c).
 *
 * A second line "busy" says the machine was not the helper's while it
 * measured (busy below): the figures are what this run has, but the
 * driver keeps them for no later run. */
#include <omp-tools.h>
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <x86intrin.h>

#include "metric.h"

enum { TASKS = 20000, ROUNDS = 5 };

/* The time each measurement may take, and the least it measures within it
 * (a machine so loaded that the budget runs out early gets noisier
 * figures, not a calibration of seconds): each of the two task kinds stops
 * after ROUNDS rounds or TASK_BUDGET_NS, one round at least; the runtime's
 * measurement warms up for WARM_REGIONS regions or WARM_BUDGET_NS, then
 * measures REGIONS regions or RT_BUDGET_NS, MIN_REGIONS at least.  Unloaded,
 * with a thread per core, the counts end first (some tens of ms in all);
 * the medians and minima they give need no more samples than the budgets
 * leave: a region gives one sample of each event per thread, some per
 * chunk. */
#define TASK_BUDGET_NS 50000000ull
#define WARM_BUDGET_NS 50000000ull
#define RT_BUDGET_NS 200000000ull
enum { WARM_REGIONS = 20, MIN_REGIONS = 50 };

static uint64_t since(uint64_t start)
{
  return oa_clock_ns(CLOCK_MONOTONIC) - start;
}

/* The team both measurements run: the one the driver asked for
 * (OMP_NUM_THREADS: --threads, or the user's), but no more threads than the
 * CPUs this process may run on.  At most that many threads run libomp's
 * code at once, so a larger team contends no more for its shared
 * structures (the task queues, a dynamic loop's next chunk, a barrier's
 * counters): the threads beyond only wait for a core, and waiting is no
 * runtime's code.  Measured with them, the figures would be that waiting,
 * mostly (a median 10x higher at 64 threads on 2 CPUs), which the tool
 * counts apart (off-core time is left out of the work, or warned about),
 * and the calibration would take seconds to minutes, each region waiting
 * for every thread to get a core.  Two threads at least when more were
 * asked for: a team of one runs its tasks at once, deferred or not. */
static int team_size(void)
{
  int asked = omp_get_max_threads(), procs = omp_get_num_procs();
  int team = procs > 0 && asked > procs ? procs : asked;
  return team < 2 && asked >= 2 ? 2 : team;
}

/* busy(): the share of the cores below which the run was not alone */
#define BUSY_SHARE 0.5

static uint64_t now(enum oa_metric metric, int fd)
{
  int ok;
  uint64_t v = oa_metric_read(metric, fd, &ok);
  return ok ? v : __rdtsc();
}

/* Best of ROUNDS rounds of TASKS creations (fewer past TASK_BUDGET_NS),
 * from one thread of the team while the others run the tasks, as in a
 * typical producer pattern. */
static uint64_t measure(enum oa_metric metric, int fd, int deferred)
{
  uint64_t best = UINT64_MAX, start = oa_clock_ns(CLOCK_MONOTONIC);
  for (int round = 0; round < ROUNDS && (round == 0 || since(start) < TASK_BUDGET_NS); round++) {
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

static int tasks(enum oa_metric metric)
{
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

/* --- the runtime's own time around events ---------------------------------- */

enum { REGIONS = 1000, ITERS = 4, MAX_SAMPLES = REGIONS * 16 };

static enum oa_metric rt_metric;
static int rt_on;                 /* the regions below are being measured */
static int rt_silent;             /* the callbacks read nothing (latency) */
static __thread int rt_fd = -1;

/* A reading: a gap runs from one's 'after' to the next one's 'before'. */
typedef struct point {
  uint64_t before, after;
} point;

static point rt_read(void)
{
  point p;
  if (rt_metric == OA_METRIC_TSC) {
    p.before = p.after = __rdtsc();
  } else if (rt_metric == OA_METRIC_CPUTIME) {
    int ok;
    p.before = __rdtsc();
    oa_metric_read(rt_metric, -1, &ok);
    p.after = __rdtsc();
  } else {
    if (rt_fd == -1)
      rt_fd = oa_counter_open(rt_metric);
    p.before = p.after = now(rt_metric, rt_fd);
  }
  return p;
}

/* Samples per event, in and out. */
typedef struct samples {
  uint64_t *v;
  uint32_t n;
} samples;
static samples rt_in[OA_RTE_N], rt_out[OA_RTE_N];
static uint32_t rt_lock;

static void add(samples *s, uint64_t gap)
{
  while (__atomic_exchange_n(&rt_lock, 1, __ATOMIC_ACQUIRE))
    __builtin_ia32_pause();
  if (!s->v)
    s->v = calloc(MAX_SAMPLES, sizeof *s->v);
  if (s->v && s->n < MAX_SAMPLES)
    s->v[s->n++] = gap;
  __atomic_store_n(&rt_lock, 0, __ATOMIC_RELEASE);
}

/* The thread's last reading: at the end of a callback (event ev), or in the
 * program's code (user). */
static __thread struct {
  uint64_t t;                     /* its 'after' */
  unsigned ev;
  int user;
  int static_loop;                /* the loop being run is a static one */
} last;

static void cb_enter(unsigned ev)
{
  if (rt_silent)
    return;
  point p = rt_read();
  if (rt_on && last.user && ev != OA_RTE_NONE)
    add(&rt_in[ev], p.before - last.t);
  last.user = 0;
}

static void cb_leave(unsigned ev)
{
  if (rt_silent)
    return;
  last.ev = ev;
  last.user = 0;
  last.t = rt_read().after;
}

/* The program's code: what came since the last callback was the runtime's. */
static void mark(void)
{
  point p = rt_read();
  if (rt_on && !last.user && last.ev != OA_RTE_NONE)
    add(&rt_out[last.ev], p.before - last.t);
  last.user = 1;
  last.t = rt_read().after;
}

/* --- libomp's start-up --------------------------------------------------- */

/* The profile tool measures the serial code before the program's first
 * construct as its thread's CPU time from the program's start to the
 * tool's start (tool/prof.c), then the initial task's first fragment from
 * the initial task's begin to the next event, the first fork: both hold
 * libomp's lazy start-up (its serial initialization before it asks for a
 * tool, then the rest and its first fork's).  A new process of this
 * program whose first statement is a parallel region measures the same
 * stretches, with nothing of its own in them: their sum is the start-up, in
 * CPU nanoseconds. */
static struct {
  int on;
  uint64_t main, tool, task, fork;
} su;

static uint64_t cpu_ns(void)
{
  return oa_clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

/* Its own function: clang has a function with a directive ask libomp for
 * the thread's number as it starts, which starts libomp.  Its body writes
 * a volatile: clang deletes a region that does nothing. */
static volatile int touched;
static __attribute__((noinline)) void first_region(void)
{
#pragma omp parallel num_threads(2)
  touched = 1;
}

/* ompadv-calibrate --startup-sample: one start-up, written to fd 3. */
static int startup_sample(void)
{
  uint64_t v = 0;
  su.on = 1;
  su.main = cpu_ns();
  first_region();
  if (su.tool >= su.main && su.fork >= su.task && su.task)
    v = su.tool - su.main + su.fork - su.task;
  return write(3, &v, sizeof v) == (ssize_t)sizeof v ? 0 : 1;
}

/* One start-up, in a new process of this program (as the program starts:
 * what this process did before cannot be in it). */
static uint64_t startup_once(void)
{
  int fd[2];
  uint64_t v = 0;
  if (pipe(fd) != 0)
    return 0;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    if (dup2(fd[1], 3) == 3)
      execl("/proc/self/exe", "ompadv-calibrate", "--startup-sample", (char *)NULL);
    _exit(127);
  }
  close(fd[1]);
  if (pid < 0 || read(fd[0], &v, sizeof v) != (ssize_t)sizeof v)
    v = 0;
  close(fd[0]);
  if (pid > 0)
    waitpid(pid, NULL, 0);
  return v;
}

enum { STARTUPS = 7 };

/* The median of STARTUPS start-ups, and their spread (the fifth smallest
 * less the second: the middle of them, which a start-up that a busy
 * machine slowed does not widen), in CPU nanoseconds; 0 and 0 when one
 * failed. */
static void startup(uint64_t *median, uint64_t *spread)
{
  uint64_t v[STARTUPS];
  *median = *spread = 0;
  for (int i = 0; i < STARTUPS; i++)
    if (!(v[i] = startup_once()))
      return;
  for (int i = 1; i < STARTUPS; i++)
    for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
      uint64_t x = v[j];
      v[j] = v[j - 1];
      v[j - 1] = x;
    }
  *median = v[STARTUPS / 2];
  *spread = v[STARTUPS - 2] - v[1];
}

static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                             ompt_data_t *task, unsigned int team, unsigned int index, int flags)
{
  unsigned ev = endpoint == ompt_scope_begin && !(flags & ompt_task_initial) ? OA_RTE_FORK
                                                                              : OA_RTE_NONE;
  if (su.on && (flags & ompt_task_initial) && endpoint == ompt_scope_begin && !su.task)
    su.task = cpu_ns();
  cb_enter(OA_RTE_NONE);
  cb_leave(ev);
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel,
                              unsigned int requested, int flags, const void *ra)
{
  if (su.on && !su.fork)
    su.fork = cpu_ns();
  cb_enter(OA_RTE_PAR_BEGIN);
  cb_leave(OA_RTE_NONE);
}

static void on_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags, const void *ra)
{
  cb_enter(OA_RTE_NONE);
  cb_leave(OA_RTE_PAR_END);
}

/* As tool/on_work.c tells them apart. */
static void on_work(ompt_work_t work, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                    ompt_data_t *task, uint64_t count, const void *ra)
{
  int begin = endpoint == ompt_scope_begin;
  unsigned ev = OA_RTE_NONE;
  if (work == ompt_work_loop_static || work == ompt_work_sections)
    ev = begin ? OA_RTE_LOOP_STATIC : OA_RTE_LOOP_END_STATIC;
  else if (work == ompt_work_loop || work == ompt_work_loop_dynamic
           || work == ompt_work_loop_guided || work == ompt_work_loop_other)
    ev = begin ? OA_RTE_LOOP_DYNAMIC : OA_RTE_LOOP_END_DYNAMIC;
  cb_enter(ev);
  if (begin)
    last.static_loop = ev == OA_RTE_LOOP_STATIC;
  cb_leave(ev);
}

static void on_dispatch(ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind,
                        ompt_data_t instance)
{
  unsigned ev = kind == ompt_dispatch_ws_loop_chunk && !last.static_loop ? OA_RTE_CHUNK_DYNAMIC
                                                                         : OA_RTE_CHUNK_STATIC;
  cb_enter(ev);
  cb_leave(ev);
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                           ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  unsigned ev = OA_RTE_NONE;
  if (kind == ompt_sync_region_barrier_implicit_parallel)
    ev = endpoint == ompt_scope_begin ? OA_RTE_JOIN : OA_RTE_NONE;
  else if (kind == ompt_sync_region_taskwait)
    ev = endpoint == ompt_scope_begin ? OA_RTE_TASKWAIT : OA_RTE_TASKWAIT_END;
  else if (kind != ompt_sync_region_taskgroup && kind != ompt_sync_region_reduction)
    ev = endpoint == ompt_scope_begin ? OA_RTE_BARRIER : OA_RTE_BARRIER_END;
  cb_enter(endpoint == ompt_scope_begin ? ev : OA_RTE_NONE);
  cb_leave(endpoint == ompt_scope_end ? ev : OA_RTE_NONE);
}

static void on_task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                           int flags, int has_dependences, const void *ra)
{
  cb_enter(OA_RTE_TASK_CREATE);
  cb_leave(OA_RTE_TASK_CREATE);
}

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next)
{
  cb_enter(OA_RTE_TASK_SWITCH);
  cb_leave(OA_RTE_TASK_SWITCH);
}

static int tool_initialize(ompt_function_lookup_t lookup, int initial_device_num,
                           ompt_data_t *tool_data)
{
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  if (!set)
    return 0;
  set(ompt_callback_implicit_task, (ompt_callback_t)on_implicit_task);
  set(ompt_callback_parallel_begin, (ompt_callback_t)on_parallel_begin);
  set(ompt_callback_parallel_end, (ompt_callback_t)on_parallel_end);
  set(ompt_callback_work, (ompt_callback_t)on_work);
  set(ompt_callback_dispatch, (ompt_callback_t)on_dispatch);
  set(ompt_callback_sync_region, (ompt_callback_t)on_sync_region);
  set(ompt_callback_task_create, (ompt_callback_t)on_task_create);
  set(ompt_callback_task_schedule, (ompt_callback_t)on_task_schedule);
  return 1;
}

static void tool_finalize(ompt_data_t *tool_data)
{
}

/* libomp asks whenever OMP_TOOL is not disabled: the task costs are
 * measured without a tool (OMP_TOOL=disabled), the runtime's with this one. */
ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
  static ompt_start_tool_result_t result = { tool_initialize, tool_finalize, { 0 } };
  if (su.on && !su.tool)
    su.tool = cpu_ns();
  return &result;
}

static int cmp_u64(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static uint64_t median_less(samples *s, uint64_t read_cost, double scale)
{
  if (!s->n)
    return 0;
  qsort(s->v, s->n, sizeof *s->v, cmp_u64);
  uint64_t m = s->v[s->n / 2];
  return m > read_cost ? (uint64_t)((double)(m - read_cost) * scale) : 0;
}

/* As the profile tool does (tool/prof.c: measure_read_cost); none for
 * cputime, whose gaps hold no reading. */
static uint64_t read_cost(void)
{
  uint64_t best = UINT64_MAX;
  if (rt_metric == OA_METRIC_CPUTIME)
    return 0;
  for (int round = 0; round < 5; round++) {
    uint64_t first = rt_read().after, last_read = first;
    for (int i = 0; i < 200; i++)
      last_read = rt_read().after;
    if ((last_read - first) / 200 < best)
      best = (last_read - first) / 200;
  }
  return best;
}

static volatile double sink[64];

/* One region of the shapes the events come in, the program's code read
 * between every two of them. */
static void region(void)
{
  mark();
#pragma omp parallel
  {
    mark();
#pragma omp for schedule(static) nowait
    for (int i = 0; i < ITERS * omp_get_num_threads(); i++) {
      mark();
      sink[i % 64] += 1;
      mark();
    }
    mark();
#pragma omp for schedule(dynamic) nowait
    for (int i = 0; i < ITERS * omp_get_num_threads(); i++) {
      mark();
      sink[i % 64] += 1;
      mark();
    }
    mark();
#pragma omp barrier
    mark();
  }
  mark();
}

/* One single's tasks, the program's code read around each task directive,
 * at the start and end of each task's body, and around a taskwait: as a
 * program of small tasks has them. */
static void task_region(void)
{
#pragma omp parallel
#pragma omp single
  {
    mark();
    for (int i = 0; i < ITERS * omp_get_num_threads(); i++) {
      mark();
#pragma omp task firstprivate(i)
      {
        mark();
        sink[i % 64] += 1;
        mark();
      }
      mark();
    }
    mark();
#pragma omp taskwait
    mark();
  }
}

/* The wall time, in ns, of an empty parallel region (which) or of an empty
 * barrier in one: the median over batches of BATCH, each the batch's mean
 * (what a fork and join, or a barrier, adds to a program's critical path
 * with this team, the threads spinning as libomp leaves them between
 * regions). */
enum { BATCH = 50, BATCHES = 9 };


static uint64_t latency(int which)
{
  uint64_t per[BATCHES];
  for (int b = 0; b < BATCHES; b++) {
    uint64_t t0 = oa_clock_ns(CLOCK_MONOTONIC);
    if (which == 0) {
      for (int i = 0; i < BATCH; i++) {
#pragma omp parallel
        sink[omp_get_thread_num() & 63] += 1;
      }
      per[b] = (oa_clock_ns(CLOCK_MONOTONIC) - t0) / BATCH;
    } else {
#pragma omp parallel
      {
        uint64_t s0 = 0;
#pragma omp barrier
#pragma omp master
        s0 = oa_clock_ns(CLOCK_MONOTONIC);
        for (int i = 0; i < BATCH; i++) {
#pragma omp barrier
        }
#pragma omp master
        per[b] = (oa_clock_ns(CLOCK_MONOTONIC) - s0) / BATCH;
      }
    }
  }
  qsort(per, BATCHES, sizeof *per, cmp_u64);
  return per[BATCHES / 2];
}

static int runtime(enum oa_metric metric, uint64_t su_median, uint64_t su_spread)
{
  rt_metric = metric;
  double scale = 1;
  if (metric == OA_METRIC_CPUTIME && (scale = oa_ns_per_tick()) == 0)
    return printf("none\n") < 0;  /* no usable TSC: the tool measures CPU time only */
  uint64_t rc = read_cost(), start = oa_clock_ns(CLOCK_MONOTONIC);
  /* threads started, code and data warm */
  for (int i = 0; i < WARM_REGIONS && (i < 2 || since(start) < WARM_BUDGET_NS); i++) {
    region();
    task_region();
  }
  rt_on = 1;
  start = oa_clock_ns(CLOCK_MONOTONIC);
  for (int i = 0; i < REGIONS && (i < MIN_REGIONS || since(start) < RT_BUDGET_NS); i++) {
    region();
    task_region();
  }
  rt_on = 0;
  oa_rt_costs c;
  memset(&c, 0, sizeof c);
  for (unsigned e = OA_RTE_NONE + 1; e < OA_RTE_N; e++) {
    c.in[e] = median_less(&rt_in[e], rc, scale);
    c.out[e] = median_less(&rt_out[e], rc, scale);
  }
  /* CPU nanoseconds to the metric's unit; none for the counters, which
   * have no such rate */
  double per_ns = metric == OA_METRIC_CPUTIME ? 1
                  : metric == OA_METRIC_TSC && oa_ns_per_tick() > 0 ? 1 / oa_ns_per_tick() : 0;
  c.in[OA_RTE_STARTUP] = (uint64_t)((double)su_median * per_ns);
  c.out[OA_RTE_STARTUP] = c.in[OA_RTE_STARTUP] ? (uint64_t)((double)su_spread * per_ns) : 0;
  rt_silent = 1;  /* as a program without ompadv has them */
  c.in[OA_RTE_REGION_LATENCY] = (uint64_t)((double)latency(0) * per_ns);
  c.in[OA_RTE_BARRIER_LATENCY] = (uint64_t)((double)latency(1) * per_ns);
  rt_silent = 0;
  char buf[1024];
  oa_rt_costs_format(&c, buf, sizeof buf);
  printf("%s\n", buf[0] ? buf : "none");
  return 0;
}

/* Whether other work took the cores while the measurements ran.  This
 * thread never waits (its measurements spin, its team's threads run on
 * other cores: team_size), so with a core to itself it runs the whole wall
 * time; a second program busy on the same cores takes a share of it.
 * Calibrated then, a region's latency came out 60 times its idle value:
 * kept for a day, it would have skewed every prediction ompadv scale made
 * in that day. */
static int busy(uint64_t wall0, uint64_t cpu0)
{
  uint64_t wall = oa_clock_ns(CLOCK_MONOTONIC) - wall0;
  uint64_t cpu = oa_clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu0;
  return wall > 0 && (double)cpu < BUSY_SHARE * (double)wall;
}

int main(int argc, char **argv)
{
  if (argc == 2 && strcmp(argv[1], "--startup-sample") == 0)
    return startup_sample();
  int rt = argc > 1 && strcmp(argv[1], "--runtime") == 0;
  enum oa_metric metric = oa_metric_parse(argc > 1 + rt ? argv[1 + rt] : "tsc");
  if (!metric) {
    fprintf(stderr, "usage: ompadv-calibrate [--runtime] tsc|cputime|cycles|instructions\n");
    return 2;
  }
  uint64_t su_median = 0, su_spread = 0;
  if (rt)
    startup(&su_median, &su_spread);
  omp_set_num_threads(team_size());
  uint64_t wall0 = oa_clock_ns(CLOCK_MONOTONIC), cpu0 = oa_clock_ns(CLOCK_THREAD_CPUTIME_ID);
  int rc = rt ? runtime(metric, su_median, su_spread) : tasks(metric);
  if (rc == 0 && busy(wall0, cpu0))
    rc = printf("busy\n") < 0;
  return rc;
}
