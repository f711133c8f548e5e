/* Profile mode's shared machinery: measuring fragments, the task stacks that
 * build the OSPG, the location registry, per-location sums (kept per thread,
 * merged once at the end), and writing the profile into the result file. */
#include "prof.h"

#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

uint64_t oa_prof_task_cost;

/* --- per-location sums ---------------------------------------------------- */

typedef struct oa_loc_stats {
  uint64_t work, serial, cost, count;
} oa_loc_stats;

#define OA_LOC_TABLE (1u << 16)
#define OA_LOC_MAX (OA_LOC_TABLE / 2)

typedef struct oa_loc_entry {
  uint64_t key;                   /* atomic: where << 4 | kind, 0 = empty */
  uint32_t id;                    /* atomic: 0 until published */
} oa_loc_entry;

typedef struct oa_loc_info {
  uint64_t where;
  uint16_t kind, flags;
} oa_loc_info;

static struct {
  oa_loc_entry table[OA_LOC_TABLE];
  oa_loc_info info[OA_LOC_MAX];
  uint32_t next_id;               /* atomic; id 0 is main */
  uint32_t flags;                 /* atomic: enum oa_profile_flags */
  uint64_t tasks;                 /* atomic */
  uint32_t threads;               /* atomic max */
  uint64_t nodes;                 /* atomic */
  oa_node *root;
  int root_closed;
  oa_ospg_hooks hooks;
} P;

void oa_prof_flag(uint32_t flag)
{
  __atomic_fetch_or(&P.flags, flag, __ATOMIC_RELAXED);
}

uint32_t oa_prof_loc(unsigned kind, const void *codeptr_ra)
{
  uint8_t wflags = 0;
  uint64_t where = oa_where(codeptr_ra, &wflags);
  uint64_t key = (where << 4 | kind) | ((uint64_t)1 << 63);
  uint32_t h = (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 48) & (OA_LOC_TABLE - 1);
  for (uint32_t probe = 0; probe < OA_LOC_TABLE; probe++, h = (h + 1) & (OA_LOC_TABLE - 1)) {
    oa_loc_entry *e = &P.table[h];
    uint64_t k = __atomic_load_n(&e->key, __ATOMIC_ACQUIRE);
    if (k == 0) {
      uint64_t expected = 0;
      if (__atomic_compare_exchange_n(&e->key, &expected, key, 0, __ATOMIC_ACQ_REL,
                                      __ATOMIC_ACQUIRE)) {
        uint32_t id = __atomic_add_fetch(&P.next_id, 1, __ATOMIC_RELAXED);
        if (id >= OA_LOC_MAX) {
          oa_prof_flag(OA_PROF_LOC_OVERFLOW);
          id = 0;
        } else {
          P.info[id] = (oa_loc_info){ where, (uint16_t)kind, wflags };
        }
        __atomic_store_n(&e->id, id ? id : UINT32_MAX, __ATOMIC_RELEASE);
        return id;
      }
      k = expected;
    }
    if (k == key) {
      uint32_t id;
      while ((id = __atomic_load_n(&e->id, __ATOMIC_ACQUIRE)) == 0)
        __builtin_ia32_pause();
      return id == UINT32_MAX ? 0 : id;
    }
  }
  oa_prof_flag(OA_PROF_LOC_OVERFLOW);
  return 0;
}

unsigned oa_prof_loc_kind(uint32_t loc)
{
  return loc && loc < OA_LOC_MAX ? P.info[loc].kind : OA_C_MAIN;
}

static oa_loc_stats *stats_of(oa_thread *t, uint32_t loc)
{
  if (loc >= t->nstats) {
    uint32_t n = t->nstats ? t->nstats : 64;
    while (n <= loc)
      n *= 2;
    oa_loc_stats *s = realloc(t->stats, n * sizeof *s);
    if (!s)
      abort();
    memset(s + t->nstats, 0, (n - t->nstats) * sizeof *s);
    t->stats = s;
    t->nstats = n;
  }
  return &t->stats[loc];
}

/* A node's subtree is complete (the OSPG calls this before folding it). */
static void on_finished(void *ctx, oa_node *n)
{
  oa_thread *t = oa_me();
  if (n->cost)
    stats_of(t, n->own_loc)->cost += n->cost;
  if (!n->own_loc || oa_node_has_ancestor_loc(n, n->own_loc))
    return;  /* not an outermost instance: its ancestor counts it */
  if (n->inst) {
    oa_region *r = n->user;
    pthread_mutex_lock(&r->lock);
    oa_ws_slot *s = &r->slots[n->inst - 1];
    s->work += n->work;
    if (n->kind == OA_W)
      s->thread_serial[n->team_index] += n->span;
    else if (n->span > s->max_chunk)
      s->max_chunk = n->span;
    pthread_mutex_unlock(&r->lock);
    return;
  }
  oa_loc_stats *s = stats_of(t, n->own_loc);
  s->work += n->work;
  s->serial += n->span;
  s->count++;
  if (n->kind == OA_S && n->user) {
    /* a parallel region: its worksharing instances are complete now */
    oa_region *r = n->user;
    for (uint32_t i = 0; i < r->nslots; i++) {
      oa_ws_slot *w = &r->slots[i];
      uint64_t serial = w->max_chunk;
      for (uint32_t k = 0; k < r->team; k++)
        if (w->thread_serial[k] > serial)
          serial = w->thread_serial[k];
      oa_loc_stats *ls = stats_of(t, w->loc);
      ls->work += w->work;
      ls->serial += serial;
      ls->count++;
      free(w->thread_serial);
    }
    free(r->slots);
    pthread_mutex_destroy(&r->lock);
    free(r);
    n->user = NULL;
  }
}

oa_node *oa_prof_node(oa_thread *t, oa_kind kind)
{
  __atomic_add_fetch(&P.nodes, 1, __ATOMIC_RELAXED);
  return oa_node_new(&t->pool, kind, NULL);
}

void oa_prof_close(oa_thread *t, oa_node *n)
{
  oa_node_close(&t->pool, &P.hooks, n);
}

/* --- measurement ---------------------------------------------------------- */

static int open_counter(uint64_t config)
{
  struct perf_event_attr a;
  memset(&a, 0, sizeof a);
  a.size = sizeof a;
  a.type = PERF_TYPE_HARDWARE;
  a.config = config;
  a.exclude_kernel = 1;
  a.exclude_hv = 1;
  return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

static uint64_t read_metric(oa_thread *t)
{
  switch (oa_the_run.metric) {
  case OA_METRIC_CPUTIME: {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
  }
  case OA_METRIC_CYCLES:
  case OA_METRIC_INSTRUCTIONS: {
    uint64_t v;
    if (t->counter_fd == -1)
      t->counter_fd = open_counter(oa_the_run.metric == OA_METRIC_CYCLES
                                       ? PERF_COUNT_HW_CPU_CYCLES
                                       : PERF_COUNT_HW_INSTRUCTIONS);
    if (t->counter_fd >= 0 && read(t->counter_fd, &v, sizeof v) == (ssize_t)sizeof v)
      return v;
    t->counter_fd = -2;
    oa_prof_flag(OA_PROF_METRIC_FALLBACK);
    return __rdtsc();
  }
  default:
    return __rdtsc();
  }
}

static oa_node *running_fragment(const oa_thread *t)
{
  oa_task *task = t->cur;
  oa_node *top = task && task->n ? task->stack[task->n - 1] : NULL;
  return top && top->kind == OA_W ? top : NULL;
}

void oa_prof_enter(oa_thread *t)
{
  oa_node *w = running_fragment(t);
  if (w) {
    uint64_t now = read_metric(t);
    if (now > t->clock)
      w->work += now - t->clock;
  }
}

void oa_prof_leave(oa_thread *t)
{
  if (running_fragment(t))
    t->clock = read_metric(t);
}

/* --- task stacks ----------------------------------------------------------- */

oa_task *oa_task_new(unsigned kind)
{
  oa_task *task = calloc(1, sizeof *task);
  if (!task)
    abort();
  task->kind = (uint8_t)kind;
  return task;
}

void oa_task_free(oa_task *task)
{
  free(task->stack);
  free(task->locs);
  free(task);
}

oa_node *oa_task_top(const oa_task *task)
{
  return task->n ? task->stack[task->n - 1] : NULL;
}

void oa_task_push(oa_task *task, oa_node *n)
{
  if (task->n == task->cap) {
    task->cap = task->cap ? task->cap * 2 : 8;
    task->stack = realloc(task->stack, task->cap * sizeof *task->stack);
    if (!task->stack)
      abort();
  }
  task->stack[task->n++] = n;
}

void oa_task_pop_close(oa_thread *t, oa_task *task)
{
  if (task->n)
    oa_prof_close(t, task->stack[--task->n]);
}

void oa_task_close_sts(oa_thread *t, oa_task *task)
{
  while (task->n && oa_task_top(task)->kind == OA_ST) {
    oa_deps_clear(t, task);
    oa_task_pop_close(t, task);
  }
}

void oa_task_loc_push(oa_task *task, uint32_t loc)
{
  if (task->nlocs == task->cap_locs) {
    task->cap_locs = task->cap_locs ? task->cap_locs * 2 : 8;
    task->locs = realloc(task->locs, task->cap_locs * sizeof *task->locs);
    if (!task->locs)
      abort();
  }
  task->locs[task->nlocs++] = loc;
}

void oa_task_loc_pop(oa_task *task)
{
  if (task->nlocs > 1)
    task->nlocs--;
}

void oa_frag_end(oa_thread *t, oa_task *task)
{
  oa_node *top = oa_task_top(task);
  if (top && top->kind == OA_W)
    oa_task_pop_close(t, task);
}

/* own_loc != 0 makes the fragment itself an instance of that directive (the
 * body of a static loop, single, masked, critical ... on this thread). */
void oa_frag_begin(oa_thread *t, oa_task *task, uint32_t own_loc)
{
  oa_node *parent = oa_task_top(task);
  if (!parent)
    return;
  oa_node *w = oa_prof_node(t, OA_W);
  w->loc = oa_task_loc(task);
  w->own_loc = own_loc;
  w->team_index = task->team_index;
  if (own_loc && task->ws_slot && task->region) {
    w->inst = task->ws_slot;
    w->user = task->region;
  }
  oa_node_attach(parent, w);
  oa_task_push(task, w);
}

/* --- start and end --------------------------------------------------------- */

/* libomp starts the tool lazily, at the program's first OpenMP construct:
 * the serial code before it ran unobserved.  It ran on this thread, alone,
 * so this thread's CPU time so far measures it; it is converted to the
 * metric's unit with a rate measured over a short spin. */
static uint64_t startup_work;

static uint64_t thread_cpu_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Units of the metric per nanosecond of CPU.  The TSC runs on while the
 * thread is preempted, so it is compared with the wall clock; a per-thread
 * counter stops with the thread, so it is compared with the thread's CPU. */
static double metric_per_cpu_ns(oa_thread *t)
{
  if (oa_the_run.metric == OA_METRIC_CPUTIME)
    return 1.0;
  clockid_t id = oa_the_run.metric == OA_METRIC_TSC ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID;
  struct timespec a, b;
  clock_gettime(id, &a);
  uint64_t m0 = read_metric(t), ns;
  do {
    clock_gettime(id, &b);
    ns = (uint64_t)(b.tv_sec - a.tv_sec) * 1000000000u + (uint64_t)b.tv_nsec - (uint64_t)a.tv_nsec;
  } while (ns < 1000000);
  return (double)(read_metric(t) - m0) / (double)ns;
}

/* The earliest moment in this library: its dependencies are loaded. */
static uint64_t loaded_cpu_ns;
__attribute__((constructor)) static void on_load(void)
{
  loaded_cpu_ns = thread_cpu_ns();
}

void oa_prof_start(void)
{
  oa_thread *t = oa_me();
  uint64_t before = loaded_cpu_ns;
  oa_prof_init();
  if (oa_the_run.metric != OA_METRIC_INSTRUCTIONS)
    startup_work = (uint64_t)((double)before * metric_per_cpu_ns(t));
}

void oa_prof_init(void)
{
  const char *m = getenv(OMPADV_ENV_METRIC);
  const char *c = getenv(OMPADV_ENV_TASKCOST);
  oa_the_run.metric = OA_METRIC_TSC;
  if (m && strcmp(m, "cputime") == 0)
    oa_the_run.metric = OA_METRIC_CPUTIME;
  else if (m && strcmp(m, "cycles") == 0)
    oa_the_run.metric = OA_METRIC_CYCLES;
  else if (m && strcmp(m, "instructions") == 0)
    oa_the_run.metric = OA_METRIC_INSTRUCTIONS;
  oa_prof_task_cost = c ? strtoull(c, NULL, 10) : 0;
  P.hooks.finished = on_finished;
}

/* The initial task: the root S-node and the first serial fragment. */
oa_node *oa_prof_root(oa_thread *t)
{
  P.root = oa_prof_node(t, OA_S);
  return P.root;
}

void oa_prof_charge_startup(oa_thread *t, oa_node *w)
{
  w->work += startup_work;
}

void oa_prof_root_closed(void)
{
  P.root_closed = 1;
}

void oa_prof_count_task(void)
{
  __atomic_add_fetch(&P.tasks, 1, __ATOMIC_RELAXED);
}

void oa_prof_team(uint32_t team)
{
  uint32_t cur = __atomic_load_n(&P.threads, __ATOMIC_RELAXED);
  while (team > cur && !__atomic_compare_exchange_n(&P.threads, &cur, team, 0, __ATOMIC_RELAXED,
                                                     __ATOMIC_RELAXED))
    ;
}

static void write_profile(void)
{
  uint32_t nlocs = __atomic_load_n(&P.next_id, __ATOMIC_RELAXED) + 1;
  if (nlocs > OA_LOC_MAX)
    nlocs = OA_LOC_MAX;
  oa_loc_stats *sum = calloc(nlocs, sizeof *sum);
  if (!sum)
    return;
  for (oa_thread *t = oa_the_run.threads; t; t = t->next_thread)
    for (uint32_t i = 0; i < t->nstats && i < nlocs; i++) {
      sum[i].work += t->stats[i].work;
      sum[i].serial += t->stats[i].serial;
      sum[i].cost += t->stats[i].cost;
      sum[i].count += t->stats[i].count;
    }
  const oa_chain *cp = P.root ? oa_ends_best(&P.root->ends) : NULL;
  size_t bytes = sizeof(oa_chunk_header) + sizeof(oa_profile_header) + nlocs * sizeof(oa_profile_loc);
  uint32_t size = (uint32_t)((bytes + 4095) & ~(size_t)4095);
  oa_chunk_header *c = oa_out_chunk(OA_CHUNK_PROFILE, 0, size);
  if (!c) {
    free(sum);
    return;
  }
  oa_profile_header *h = (oa_profile_header *)(c + 1);
  oa_profile_loc *l = (oa_profile_loc *)(h + 1);
  uint64_t cost = 0;
  for (uint32_t i = 0; i < nlocs; i++)
    cost += sum[i].cost;
  *h = (oa_profile_header){
    .metric = oa_the_run.metric, .flags = P.flags,
    .work = P.root ? P.root->work : 0, .span = P.root ? P.root->span : 0,
    .task_cost = oa_prof_task_cost, .tasks = P.tasks, .cost = cost, .nlocs = nlocs,
    .threads = P.threads, .nodes = P.nodes,
  };
  for (uint32_t i = 0; i < nlocs; i++) {
    l[i] = (oa_profile_loc){
      .where = i ? P.info[i].where : 0, .id = i, .kind = i ? P.info[i].kind : OA_C_MAIN,
      .flags = i ? P.info[i].flags : 0, .work = sum[i].work, .serial = sum[i].serial,
      .critical = cp ? oa_chain_attr(cp, i) : 0, .cost = sum[i].cost, .count = sum[i].count,
    };
  }
  l[0].work = h->work;
  l[0].serial = h->span;
  l[0].count = 1;
  __atomic_store_n(&c->used, bytes - sizeof *c, __ATOMIC_RELEASE);
  free(sum);
}

/* The initial task normally ends before finalize; if it did not, its last
 * fragment ends here. */
void oa_prof_finalize(void)
{
  oa_thread *t = oa_me();
  oa_prof_enter(t);
  if (P.root && !P.root_closed) {
    oa_task *init = t->cur;
    if (init && init->kind == OA_TASK_INITIAL) {
      oa_frag_end(t, init);
      oa_task_close_sts(t, init);
      while (init->n)
        oa_task_pop_close(t, init);
    }
    P.root_closed = 1;
  }
  write_profile();
}
