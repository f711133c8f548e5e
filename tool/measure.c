/* Measuring fragments: the metric's clock on each thread, read as the tool
 * enters and leaves the runtime's callbacks, the stretch between charged to
 * the fragment that ran; and the start-up estimates (the cost of a reading,
 * the conversion of CPU time to the metric). */
#include "prof.h"

#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/rseq.h>
#include <time.h>
#include <unistd.h>

static uint64_t thread_cpu_ns(void)
{
  return oa_clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

/* tsc: the TSC runs on while a thread is off its core (preempted on a busy
 * machine, or blocked in the kernel inside a fragment), and a fragment's
 * ticks would count the other programs' time as its work.  The kernel tells
 * a thread cheaply that it left the core: on its way back to user space
 * after a preemption, a signal or a migration, it clears the thread's rseq
 * critical-section pointer (rseq(2)) unless the thread is inside the section
 * named there.  So the tool points it at a section no code is ever in (a
 * byte of data; the kernel wants the signature before the abort address),
 * and each reading of the clock looks at it: still set, the thread ran
 * without a break since the last look; cleared, it was off for a while, and
 * its CPU time tells how long (a system call, ~1.5 us on a VM, paid only
 * then): that much comes off the clock from then on.  Without an rseq area
 * (glibc before 2.35, or glibc.pthread.rseq=0) the clock is the TSC. */
extern const ptrdiff_t __rseq_offset __attribute__((weak));
extern const unsigned int __rseq_size __attribute__((weak));
static const uint32_t rseq_sig_then_abort[2] = { RSEQ_SIG, 0 };
static const char rseq_never_run[1];
static struct rseq_cs rseq_marker __attribute__((aligned(32)));
static double tsc_per_ns;       /* tsc: ticks per ns, measured at start */

static void time_preempted(oa_thread *t);

static struct rseq *rseq_of(oa_thread *t)
{
  if (!t->rseq_known) {
    t->rseq_known = 1;
    if (&__rseq_size && &__rseq_offset && __rseq_size >= 20 && tsc_per_ns > 0)
      t->rseq = (char *)__builtin_thread_pointer() + __rseq_offset;
  }
  return t->rseq;
}

/* The clock, from raw, a TSC reading the caller just took (one reading per
 * look: at ~11 ns a reading on a VM, several looks per task add up). */
static uint64_t tsc_on_core(oa_thread *t, uint64_t raw)
{
  volatile struct rseq *rs = t->rseq;
  if (__builtin_expect(rs && rs->rseq_cs == (uintptr_t)&rseq_marker, 1))
    return raw - t->off_ticks;
  if (!rs && !(rs = rseq_of(t)))
    return raw;
  rs->rseq_cs = (uintptr_t)&rseq_marker;  /* before the readings: a break after it shows */
  if (oa_conf.time)
    time_preempted(t);
  /* the break in nanoseconds, wall clock against CPU time (both from the
   * kernel), so that only the break itself is converted to ticks: an error
   * in the rate then stays a share of the break, not of the whole time
   * since the last break */
  uint64_t cpu = thread_cpu_ns(), wall = oa_clock_ns(CLOCK_MONOTONIC), now = __rdtsc();
  if (t->sync_wall_ns && wall > t->sync_wall_ns && cpu >= t->sync_cpu_ns
      && wall - t->sync_wall_ns > cpu - t->sync_cpu_ns)
    t->off_ticks += (uint64_t)((double)(wall - t->sync_wall_ns - (cpu - t->sync_cpu_ns))
                               * tsc_per_ns);
  t->sync_wall_ns = wall;
  t->sync_cpu_ns = cpu;
  return now - t->off_ticks;
}

static void tsc_on_core_init(void)
{
  double r = oa_ns_per_tick();
  tsc_per_ns = r > 0 ? 1.0 / r : 0;
  rseq_marker.version = 0;
  rseq_marker.flags = 0;
  rseq_marker.start_ip = (uintptr_t)rseq_never_run;
  rseq_marker.post_commit_offset = 1;
  rseq_marker.abort_ip = (uintptr_t)&rseq_sig_then_abort[1];
}

static uint64_t read_metric(oa_thread *t)
{
  int ok;
  enum oa_metric m = oa_conf.metric;
  if (m == OA_METRIC_TSC)
    return tsc_on_core(t, __rdtsc());
  if ((m == OA_METRIC_CYCLES || m == OA_METRIC_INSTRUCTIONS) && t->counter_fd == -1)
    t->counter_fd = oa_counter_open(m);
  uint64_t v = oa_metric_read(m, t->counter_fd, &ok);
  if (ok)
    return v;
  t->counter_fd = -2;
  oa_prof_flag(OA_PROF_METRIC_FALLBACK);
  return __rdtsc();
}

static oa_node *running_fragment(const oa_thread *t)
{
  oa_task *task = t->cur;
  oa_node *top = task && task->n ? task->stack[task->n - 1] : NULL;
  return top && top->kind == OA_W ? top : NULL;
}

/* Each measured stretch of a fragment also holds one reading of the
 * metric (the end of the read that started it and the start of the one that
 * ends it): ~20 ticks for tsc, a system call for cputime.  It is measured
 * once at start-up and taken off. */
static uint64_t read_cost;

/* cputime: that system call takes a microsecond or more on a virtual
 * machine, and longer still when its code is cold, as it is after the
 * program's code or the tool's: the start-up estimate falls short by
 * hundreds of nanoseconds per stretch, as much as a small loop's body.  So
 * each reading is bracketed by the TSC, and a stretch is also measured
 * from the TSC after one reading to the TSC before the next, which holds
 * none of it.  That is its CPU time unless the thread was preempted in
 * between, when the TSC runs on and the CPU time is the smaller one: the
 * smaller of the two is taken. */
static double ns_per_tick;      /* 0: not measured, CPU time only */

/* The runtime's own time around each kind of event (OMPADV_RUNTIME_COST):
 * a stretch between two callbacks also holds libomp's code after the first
 * one returned and before the second one was called, which is no
 * directive's work (doc/SEMANTICS.md rule 19): on a libomp with debug traces,
 * more than a microsecond per loop start, where the loop's body may take
 * less.  The estimates (oa_conf.rt_costs) are taken off each stretch, never
 * below zero.  oa_prof_enter charges the stretch that ends now to the
 * running fragment. */
void oa_prof_enter(oa_thread *t)
{
  if (oa_conf.time && !t->tool_in) {
    t->tool_in = __rdtsc();
    t->entry_look = 1;
    oa_time_look(t);
    t->entry_look = 0;
  }
  oa_node *w = running_fragment(t);
  if (w) {
    uint64_t before = __rdtsc();
    uint64_t now = oa_conf.metric == OA_METRIC_TSC ? tsc_on_core(t, before) : read_metric(t);
    uint64_t d = now > t->clock + read_cost ? now - t->clock - read_cost : 0;
    if (oa_conf.metric == OA_METRIC_TSC) {
      uint64_t raw = before - t->clock_tsc, kept = now - t->clock;
      if (t->clock_tsc && before > t->clock_tsc && raw > kept)
        t->off_in_work += raw - kept;
    } else if (ns_per_tick > 0 && t->clock_tsc && before > t->clock_tsc) {
      uint64_t wall = (uint64_t)((double)(before - t->clock_tsc) * ns_per_tick);
      if (wall < d)
        d = wall;
    }
    uint64_t off = t->rt_out + oa_conf.rt_costs.in[t->rt < OA_RTE_N ? t->rt : 0];
    if (__builtin_expect(t->startup_debt != 0, 0)) {
      /* the initial task's first stretch: libomp's start-up is in it (or
       * in the serial code before the tool started, already in w), and
       * its estimate holds this event's own cost */
      uint64_t have = w->work + d, take = t->startup_debt > off ? t->startup_debt : off;
      if (take > have)
        take = have;
      w->work = have - take;
      oa_prof_startup_taken(take);
      t->startup_debt = 0;
    } else {
      w->work += d > off ? d - off : 0;
      t->rt_taken += d > off ? off : d;
    }
  }
}

static void measure_read_cost(oa_thread *t)
{
  uint64_t best = UINT64_MAX;
  for (int round = 0; round < 5; round++) {
    uint64_t first = read_metric(t), last = first;
    for (int i = 0; i < 200; i++)
      last = read_metric(t);
    if ((last - first) / 200 < best)
      best = (last - first) / 200;
  }
  read_cost = best;
}

void oa_prof_leave(oa_thread *t)
{
  oa_flush_w(t);
  if (t->tool_in) {
    oa_time_look(t);  /* a break in the callback: its ticks hold it */
    t->tool_ticks += __rdtsc() - t->tool_in;
    t->tool_in = 0;
  }
  t->ra = NULL;
  oa_node *w = running_fragment(t);
  if (w) {
    if (oa_conf.metric == OA_METRIC_TSC) {
      t->clock_tsc = __rdtsc();
      t->clock = tsc_on_core(t, t->clock_tsc);
    } else {
      t->clock = read_metric(t);
      t->clock_tsc = ns_per_tick > 0 ? __rdtsc() : 0;
    }
    t->rt_out = oa_conf.rt_costs.out[t->rt < OA_RTE_N ? t->rt : 0];
  }
  t->rt = OA_RTE_NONE;

  /* what the race runtime charges accesses to (NULL: not checked) */
  if (t->race)
    t->race->w = w && oa_race && !oa_race->checks(t) ? NULL : w;
}

/* Units of the metric per nanosecond of CPU.  tsc: the tool's clock is the
 * TSC less the time off the core, so a nanosecond of CPU is the TSC's rate
 * against the wall clock (measured so that a preemption does not skew it,
 * unlike a rate of the tool's clock over a spin, which a preemption during
 * the spin divides).  A per-thread counter stops with the thread, so it is
 * compared with the thread's CPU. */
static double metric_per_cpu_ns(oa_thread *t)
{
  if (oa_conf.metric == OA_METRIC_CPUTIME)
    return 1.0;
  if (oa_conf.metric == OA_METRIC_TSC && tsc_per_ns > 0)
    return tsc_per_ns;
  clockid_t id = oa_conf.metric == OA_METRIC_TSC ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID;
  struct timespec a, b;
  clock_gettime(id, &a);
  uint64_t m0 = read_metric(t), ns;
  do {
    clock_gettime(id, &b);
    ns = (uint64_t)(b.tv_sec - a.tv_sec) * 1000000000u + (uint64_t)b.tv_nsec - (uint64_t)a.tv_nsec;
  } while (ns < 1000000);
  return (double)(read_metric(t) - m0) / (double)ns;
}

/* --- time mode: time off the core while runnable --------------------------- */

/* A thread off its core is either blocked (sleeping, waiting in the kernel:
 * its own choice, or the runtime's) or runnable while other threads or
 * processes have the core: preempted.  The time mode's figures are wall
 * time, and preempted time is neither the program's work nor a wait the
 * runtime caused (a loaded machine's), so it is a class of its own.  The
 * kernel counts it per thread (the run delay of /proc/thread-self/schedstat,
 * in ns); it is read only when the rseq look above saw a break, so a thread
 * that keeps its core pays nothing. */
static uint64_t loaded_tsc, loaded_run_delay, started_tsc;

static int run_delay_of(int fd, uint64_t *ns)
{
  char buf[128];
  ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
  if (n <= 0)
    return -1;
  buf[n] = 0;
  char *p = strchr(buf, ' ');
  if (!p)
    return -1;
  *ns = strtoull(p + 1, NULL, 10);
  return 0;
}

__attribute__((constructor)) static void time_on_load(void)
{
  loaded_tsc = __rdtsc();
  int fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    if (run_delay_of(fd, &loaded_run_delay) != 0)
      loaded_run_delay = 0;
    close(fd);
  }
}

uint64_t oa_time_loaded(void)
{
  return loaded_tsc;
}

uint64_t oa_time_started(void)
{
  return started_tsc;
}

/* The run delay since the thread's last look, as a record: the initial
 * thread's from the library's load, another's from its creation.  Looks
 * come at each callback's start and end (oa_prof_enter, oa_prof_leave), so
 * a record, written at a start, covers only time after the thread's
 * previous callback and its records (doc/RECORDS.md, format 5).  A break
 * seen by any other look inside a callback came while ompadv's code ran:
 * it is already in the callback's ticks (tool_ticks, TSC), so it is only
 * taken into account, not recorded (a record would count it twice, and
 * would reach back before the callback's records). */
static void time_preempted(oa_thread *t)
{
  if (t->sched_fd == 0) {
    int fd = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC);
    t->sched_fd = fd >= 0 ? fd + 1 : -1;
    if (gettid() == getpid())
      t->run_delay_ns = loaded_run_delay;
  }
  uint64_t ns;
  if (t->sched_fd <= 0 || run_delay_of(t->sched_fd - 1, &ns) != 0 || ns <= t->run_delay_ns)
    return;
  if (!t->tool_in || t->entry_look)
    OA_PUT_RAW(t, OA_RAW_PREEMPT, raw_preempt, .ns = ns - t->run_delay_ns);
  t->run_delay_ns = ns;
}

void oa_time_look(oa_thread *t)
{
  volatile struct rseq *rs = t->rseq;
  if (__builtin_expect(rs && rs->rseq_cs == (uintptr_t)&rseq_marker, 1))
    return;
  if (rs || rseq_of(t))
    tsc_on_core(t, __rdtsc());  /* re-arms, and reads the run delay */
}

uint64_t oa_measure_fs_per_tick(void)
{
  return tsc_per_ns > 0 ? (uint64_t)(1e6 / tsc_per_ns + 0.5) : 0;
}

uint64_t oa_measure_start(oa_thread *t, uint64_t cpu_ns)
{
  uint64_t work = 0;
  started_tsc = __rdtsc();
  if (oa_conf.metric == OA_METRIC_TSC || oa_conf.time)
    tsc_on_core_init();  /* (time mode: its look at the rseq area) */
  if (oa_conf.metric != OA_METRIC_INSTRUCTIONS)
    work = (uint64_t)((double)cpu_ns * metric_per_cpu_ns(t));
  if (oa_conf.metric == OA_METRIC_CPUTIME)
    ns_per_tick = oa_ns_per_tick();
  measure_read_cost(t);
  return work;
}
