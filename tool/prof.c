/* Profile mode's shared machinery: measuring fragments, the task stacks that
 * build the OSPG, the location registry, per-location sums (kept per thread,
 * merged once at the end), and writing the profile into the result file. */
#include "prof.h"

#include "metric.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/rseq.h>
#include <time.h>
#include <unistd.h>

uint64_t oa_prof_task_cost, oa_prof_task_cost_undeferred;
int oa_prof_raw, oa_prof_record;
static uint64_t raw_ids;  /* atomic: creation order of nodes, tasks, regions */

uint64_t oa_prof_new_id(void)
{
  return oa_prof_raw || oa_prof_record ? __atomic_add_fetch(&raw_ids, 1, __ATOMIC_RELAXED) : 0;
}

/* --- per-location sums ---------------------------------------------------- */

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
  uint32_t threads;               /* atomic max */
  oa_node *root;
  int root_closed;
  oa_node *phase;                 /* atomic: the initial task's phase node */
  uint64_t seq;                   /* profiles written */
  oa_ospg_hooks hooks;
} P;

void oa_prof_flag(uint32_t flag)
{
  uint32_t old = __atomic_fetch_or(&P.flags, flag, __ATOMIC_RELAXED);
  if ((old | flag) != old && oa_prof_record)
    oa_rec(oa_me(), OA_REC_FLAG, 0, 0, flag, 0, 0, 0);
}

uint32_t oa_prof_loc(unsigned kind, const void *codeptr_ra)
{
  return oa_prof_loc_flagged(kind, codeptr_ra, 0);
}

/* flags (enum oa_event_flags) are kept with the location when it is first
 * registered */
uint32_t oa_prof_loc_flagged(unsigned kind, const void *codeptr_ra, uint8_t flags)
{
  uint8_t wflags = flags;
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
          oa_rec(oa_me(), OA_REC_LOC, 0, 0, id, where, kind | (uint64_t)wflags << 16, 0);
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

uint64_t oa_prof_loc_where(uint32_t loc)
{
  return loc && loc < OA_LOC_MAX ? P.info[loc].where : 0;
}

unsigned oa_prof_loc_kind(uint32_t loc)
{
  return loc && loc < OA_LOC_MAX ? P.info[loc].kind : OA_C_MAIN;
}

static int has_where(uint32_t loc)
{
  return oa_prof_loc_where(loc) != 0;
}

static unsigned kind_of(uint32_t loc)
{
  return oa_prof_loc_kind(loc);
}

/* A node's subtree is complete (the OSPG calls this before folding it). */
static void on_finished(void *ctx, oa_node *n)
{
  (void)ctx;
  oa_agg_context cx;
  oa_agg_context_of(n, kind_of, &cx);
  oa_agg_finished(&oa_me()->agg, n, &cx);
}

oa_region *oa_prof_region_new(oa_thread *t, uint32_t team)
{
  oa_region *r = calloc(1, sizeof *r);
  if (!r)
    abort();
  oa_agg_region_init(&r->agg, team);
  r->id = oa_prof_new_id();
  oa_rec(t, OA_REC_REGION, 0, 0, r->id, r->agg.team, 0, 0);
  return r;
}

oa_ws_slot *oa_prof_slot(oa_thread *t, oa_region *r, uint32_t index, uint32_t loc)
{
  oa_ws_slot *s = oa_agg_region_slot(&r->agg, index, loc, has_where);
  oa_rec(t, OA_REC_SLOT, 0, 0, r->id, index, loc, 0);
  return s;
}

oa_node *oa_prof_node(oa_thread *t, oa_kind kind)
{
  t->agg.nodes++;
  oa_node *n = oa_node_new(&t->pool, kind, NULL);
  n->id = oa_prof_new_id();
  return n;
}

static void rec_new(oa_thread *t, oa_node *n, int task)
{
  oa_region *r = (n->kind == OA_S || n->inst) ? n->user : NULL;
  oa_rec(t, OA_REC_NEW, n->kind, r ? r->id : 0, n->id, n->parent ? n->parent->id : 0,
         n->loc | (uint64_t)n->own_loc << 32,
         n->inst | (uint64_t)n->team_index << 32 | (uint64_t)n->free_order << 48
             | (uint64_t)(task != 0) << 49 | (uint64_t)((n->st_val + 1) & 3) << 50
             | (uint64_t)n->undeferred << 52 | (uint64_t)n->anythread << 53
             | (uint64_t)n->share << 54 | (uint64_t)n->piece << 55
             | (uint64_t)n->nanc << 56);
  if (n->nanc != 0xff && n->nanc != 0)
    oa_rec(t, OA_REC_ANC, 0, 0, n->anc[0], n->anc[1], n->anc[2], n->anc[3]);
}

/* A fragment is written once, at its end (contract.h: OA_REC_W). */
static void rec_w(oa_thread *t, oa_node *w)
{
  oa_event *e = oa_begin(t, OA_REC_W, w->busy);
  if (!e)
    return;
  uint32_t fbits;
  memcpy(&fbits, &w->whatif, sizeof fbits);
  e->a = w->id;
  e->b = w->parent ? w->parent->id : 0;
  e->c = w->work;
  e->d = w->loc | (uint64_t)w->own_loc << 24 | (uint64_t)w->team_index << 48;
  e->where = w->edge_begin | (uint64_t)w->cont << 31 | (uint64_t)w->edge_end << 32;
  e->time = (uint32_t)w->inst | (uint64_t)fbits << 32;
  oa_commit(t);
}

void oa_prof_attach(oa_thread *t, oa_node *parent, oa_node *child)
{
  oa_node_attach(parent, child);
  if (oa_prof_record && child->kind != OA_W)
    rec_new(t, child, 0);
}

void oa_prof_attach_task(oa_thread *t, oa_node *parent, oa_node *p)
{
  oa_node_attach(parent, p);
  t->agg.tasks++;
  if (oa_prof_record)
    rec_new(t, p, 1);
}

void oa_prof_close(oa_thread *t, oa_node *n)
{
  oa_raw(t, OA_RAW_NODE, n->id, n->parent ? n->parent->id : 0, n->kind,
         (uint32_t)(int32_t)n->st_val | (uint64_t)n->undeferred << 32
             | (uint64_t)n->anythread << 33 | (uint64_t)n->share << 34
             | (uint64_t)n->piece << 35 | (uint64_t)n->any_phase << 36);
  if (oa_prof_record && n->kind == OA_W)
    rec_w(t, n);
  else if (oa_prof_record)
    oa_rec(t, OA_REC_CLOSE, 0, 0, n->id, n->work, n->cost,
           (uint8_t)n->st_val | (uint64_t)n->undeferred << 8);
  oa_node_close(&t->pool, &P.hooks, n);
}

/* A dependence of succ on pred, found at level top (an open ST-node of
 * succ's creator).  Across levels only race mode's queries follow it (the
 * span does not, and the report says so); a recording leaves it out. */
void oa_prof_add_pred(oa_thread *t, oa_node *succ, oa_node *pred, const oa_node *top)
{
  oa_raw(t, OA_RAW_EDGE, succ->id, pred->id, 0, 0);
  if (pred->parent != succ->parent) {
    oa_prof_flag(OA_PROF_APPROX_SPAN);
    if (oa_race_active)
      oa_node_add_pred_at(succ, pred, top);
    return;
  }
  oa_node_add_pred(succ, pred);
  oa_rec(t, OA_REC_PRED, 0, 0, succ->id, pred->id, 0, 0);
}

void oa_prof_hold(oa_thread *t, oa_node *n)
{
  oa_node_hold(n);
  oa_rec(t, OA_REC_HOLD, 0, 0, n->id, 0, 0, 0);
}

void oa_prof_release(oa_thread *t, oa_node *n)
{
  oa_rec(t, OA_REC_RELEASE, 0, 0, n->id, 0, 0, 0);
  oa_node_release(&t->pool, n);
}

/* --- measurement ---------------------------------------------------------- */

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

static uint64_t thread_cpu_ns(void);

static struct rseq *rseq_of(oa_thread *t)
{
  if (!t->rseq_known) {
    t->rseq_known = 1;
    if (&__rseq_size && &__rseq_offset && __rseq_size >= 20 && tsc_per_ns > 0)
      t->rseq = (char *)__builtin_thread_pointer() + __rseq_offset;
  }
  return t->rseq;
}

static uint64_t tsc_on_core(oa_thread *t)
{
  volatile struct rseq *rs = t->rseq;
  if (__builtin_expect(rs && rs->rseq_cs == (uintptr_t)&rseq_marker, 1))
    return __rdtsc() - t->off_ticks;
  if (!rs && !(rs = rseq_of(t)))
    return __rdtsc();
  rs->rseq_cs = (uintptr_t)&rseq_marker;  /* before the readings: a break after it shows */
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
  enum oa_metric m = oa_the_run.metric;
  if (m == OA_METRIC_TSC)
    return tsc_on_core(t);
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
 * directive's work (SEMANTICS.md rule 19): on a libomp with debug traces,
 * more than a microsecond per loop start, where the loop's body may take
 * less.  The estimates are taken off each stretch, never below zero. */
static oa_rt_costs rt_costs;

void oa_prof_enter(oa_thread *t)
{
  oa_node *w = running_fragment(t);
  if (w) {
    uint64_t before = __rdtsc();
    uint64_t now = read_metric(t);
    uint64_t d = now > t->clock + read_cost ? now - t->clock - read_cost : 0;
    if (oa_the_run.metric == OA_METRIC_TSC) {
      uint64_t raw = before - t->clock_tsc, kept = now - t->clock;
      if (t->clock_tsc && before > t->clock_tsc && raw > kept)
        t->off_in_work += raw - kept;
    } else if (ns_per_tick > 0 && t->clock_tsc && before > t->clock_tsc) {
      uint64_t wall = (uint64_t)((double)(before - t->clock_tsc) * ns_per_tick);
      if (wall < d)
        d = wall;
    }
    uint64_t off = t->rt_out + rt_costs.in[t->rt < OA_RTE_N ? t->rt : 0];
    if (d > off)
      w->work += d - off;
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
  t->ra = NULL;
  oa_node *w = running_fragment(t);
  if (w) {
    t->clock = read_metric(t);
    t->clock_tsc = ns_per_tick > 0 || oa_the_run.metric == OA_METRIC_TSC ? __rdtsc() : 0;
    t->rt_out = rt_costs.out[t->rt < OA_RTE_N ? t->rt : 0];
  }
  t->rt = OA_RTE_NONE;

  /* what the race runtime charges accesses to (NULL: not checked) */
  t->race.w = w && oa_race_active && !oa_race_checks(t) ? NULL : w;
}

/* ompadv_whatif_begin(factor) / _end() (factor 0): the fragments between
 * them are what-if fragments (Alg. 14). */
void oa_prof_whatif(oa_thread *t, oa_task *task, double factor)
{
  oa_frag_end(t, task);
  task->whatif = (float)factor;
  oa_frag_begin(t, task, 0);
}

/* --- task stacks ----------------------------------------------------------- */

oa_task *oa_task_new(unsigned kind)
{
  oa_task *task = calloc(1, sizeof *task);
  if (!task)
    abort();
  task->kind = (uint8_t)kind;
  task->id = oa_prof_new_id();
  oa_thread *t = oa_me();
  task->uid = (uint64_t)(t->id + 1) << 40 | ++t->tasks_made;
  return task;
}

void oa_task_free(oa_task *task)
{
  free(task->stack);
  free(task->locs);
  free(task->chunk_maps);
  free(task->opend);
  free(task->ophase);
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

/* The node the task's next child task hangs under: the ST-node its first
 * child since its last synchronization opened. */
oa_node *oa_task_children_node(oa_thread *t, oa_task *task)
{
  oa_node *top = oa_task_top(task);
  if (top->kind != OA_ST) {
    oa_node *st = oa_prof_node(t, OA_ST);
    st->loc = oa_task_loc(task);
    oa_prof_attach(t, top, st);
    oa_task_push(task, st);
    top = st;
  }
  return top;
}

/* A taskwait: the task's innermost ST-node closes as waited. */
void oa_task_pop_waited(oa_thread *t, oa_task *task)
{
  oa_node *st = oa_task_top(task);
  st->st_val = -1;
  oa_deps_clear(t, st);
  oa_task_pop_close(t, task);
}

/* After a taskwait, its innermost ST-node closed: if a taskgroup, a share
 * or a chunk of the task is still open, the wait also covered the children
 * of the levels around it (SEMANTICS.md rule 11), which stay open. */
void oa_prof_waited(oa_thread *t, oa_task *task)
{
  oa_node *inner = oa_task_top(task), *root = task->n ? task->stack[0] : NULL;
  if (!inner || inner == root)
    return;
  if (oa_node_waited(inner, root))
    oa_prof_flag(OA_PROF_APPROX_SPAN);
  /* their children are done: no dependence edge to them is needed (up to
   * a piece whose order against the rest is the schedule's, as there) */
  for (uint32_t k = task->n - 1; k > 0 && !(task->stack[k]->piece && !task->stack[k]->share); k--)
    if (task->stack[k]->kind == OA_ST)
      oa_deps_clear(t, task->stack[k]);
  oa_raw(t, OA_RAW_WAIT, inner->id, root->id, oa_prof_new_id(), 0);
  if (oa_prof_record)
    oa_rec(t, OA_REC_WAIT, 0, 0, inner->id, root->id, 0, 0);
}

/* A team of one's loop or sections ends (ospg.h: oa_node_group_end). */
void oa_prof_group_end(oa_thread *t, oa_task *task, oa_node *g)
{
  oa_node *root = task->n ? task->stack[0] : NULL;
  if (oa_node_group_end(g, root))
    oa_prof_flag(OA_PROF_APPROX_SPAN);
  oa_raw(t, OA_RAW_WAIT, g->id, root ? root->id : 0, oa_prof_new_id(), 1);
  if (oa_prof_record)
    oa_rec(t, OA_REC_WAIT, 1, 0, g->id, root ? root->id : 0, 0, 0);
}

void oa_task_close_sts(oa_thread *t, oa_task *task)
{
  while (task->n && oa_task_top(task)->kind == OA_ST) {
    oa_deps_clear(t, oa_task_top(task));
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

/* Record mode: the location of the event being handled, which begins or
 * ends fragments (0: the event came without a code address). */
static uint32_t edge_loc(oa_thread *t)
{
  uintptr_t ra = (uintptr_t)t->ra;
  /* an address inside the runtime would need a stack walk per fragment:
   * the directive the fragment runs in stands in for it instead */
  if (!oa_prof_record || !ra || (ra >= oa_the_run.libomp.lo && ra < oa_the_run.libomp.hi))
    return 0;
  uint32_t k = (uint32_t)(ra >> 2) & (OA_EDGE_CACHE - 1);
  if (t->edge_ra[k] != t->ra) {
    t->edge_loc[k] = oa_prof_loc(OA_C_EDGE, t->ra);
    t->edge_ra[k] = t->ra;
  }
  return t->edge_loc[k];
}

void oa_frag_end(oa_thread *t, oa_task *task)
{
  oa_node *top = oa_task_top(task);
  if (top && top->kind == OA_W) {
    top->busy = t->flushes >= OA_BUSY_FLUSHES;
    t->flushes = 0;
    top->edge_end = edge_loc(t);
    if (oa_race_active)
      oa_node_x_of(top)->t1 = __rdtsc();
    oa_raw(t, OA_RAW_FRAG_END, top->id, top->work, task->id, 0);
    oa_task_pop_close(t, task);
  }
}

/* own_loc != 0 makes the fragment itself an instance of that directive (the
 * body of a static loop, single, masked, critical ... on this thread). */
void oa_frag_begin(oa_thread *t, oa_task *task, uint32_t own_loc)
{
  oa_node *parent = oa_task_top(task);
  if (!parent)
    return;
  oa_node *w = oa_prof_node(t, OA_W);
  t->flushes = 0;
  w->loc = oa_task_loc(task);
  if (!own_loc && !task->single && task->nlocs > 1) {
    /* still inside the body of a directive instance whose first fragment
     * ended at a task creation, a taskwait, a nested critical, an
     * annotation...: this fragment belongs to that instance too (a loop
     * chunk or section is its own P-node: the fragments in it are not) */
    unsigned k = oa_prof_loc_kind(w->loc);
    if (k == OA_C_SINGLE || k == OA_C_MASKED || k == OA_C_CRITICAL || k == OA_C_ORDERED
        || ((k == OA_C_LOOP || k == OA_C_SECTIONS) && task->ws_slot && !task->chunk)) {
      own_loc = w->loc;
      w->cont = 1;
    }
  }
  w->own_loc = own_loc;
  w->team_index = task->team_index;
  w->whatif = task->whatif;
  w->edge_begin = edge_loc(t);
  if (oa_race_active) {  /* who ran it, in which implicit task, and when */
    oa_node_x *x = oa_node_x_of(w);
    x->thread = t->id;
    x->itask = task->kind != OA_TASK_EXPLICIT ? task->uid : 0;
    x->solo = task->solo;
    x->itop = task->kind != OA_TASK_EXPLICIT ? task->race_top : 0;
    x->t0 = __rdtsc();
    x->spreds = task->spreds;
  }
  /* A fragment that is the worksharing construct's own body on this thread
   * (a static share, the code before its first chunk) is part of the
   * construct's instance; a critical or ordered region inside a loop's
   * body is an instance of its own directive, counted as such, and its work
   * reaches the loop's row through the chunk or fragment enclosing it. */
  unsigned own_kind = own_loc ? oa_prof_loc_kind(own_loc) : 0;
  if (own_loc && task->ws_slot && task->region
      && (own_kind == OA_C_LOOP || own_kind == OA_C_SECTIONS)) {
    w->inst = task->ws_slot;
    w->user = task->region;
  }
  oa_prof_attach(t, parent, w);
  oa_task_push(task, w);
  oa_raw(t, OA_RAW_FRAG_BEGIN, w->id, task->id, 0, 0);
  oa_ord_stamp(t, task, w);
}

/* --- start and end --------------------------------------------------------- */

/* libomp starts the tool lazily, at the program's first OpenMP construct:
 * the serial code before it ran unobserved.  It ran on this thread, alone,
 * so this thread's CPU time since the library was loaded (preloaded by
 * ompadv: before main) measures it; it is converted to the metric's unit
 * with a rate measured over a short spin. */
static uint64_t startup_work;

static uint64_t thread_cpu_ns(void)
{
  return oa_clock_ns(CLOCK_THREAD_CPUTIME_ID);
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
static uint64_t loaded_cpu_ns, start_wall_ns;
__attribute__((constructor)) static void on_load(void)
{
  loaded_cpu_ns = thread_cpu_ns();
  start_wall_ns = oa_clock_ns(CLOCK_MONOTONIC);
}

int oa_prof_started;
uint64_t oa_prof_startup_mpi_ns;

void oa_prof_start(void)
{
  oa_thread *t = oa_me();
  uint64_t now = thread_cpu_ns(), before = now > loaded_cpu_ns ? now - loaded_cpu_ns : 0;
  uint64_t in_mpi = __atomic_load_n(&oa_prof_startup_mpi_ns, __ATOMIC_RELAXED);
  before = before > in_mpi ? before - in_mpi : 0;  /* MPI_Init: no directive's work */
  oa_prof_init();
  if (oa_the_run.metric == OA_METRIC_TSC)
    tsc_on_core_init();
  if (oa_the_run.metric != OA_METRIC_INSTRUCTIONS)
    startup_work = (uint64_t)((double)before * metric_per_cpu_ns(t));
  if (oa_the_run.metric == OA_METRIC_CPUTIME)
    ns_per_tick = oa_ns_per_tick();
  measure_read_cost(t);
  __atomic_store_n(&oa_prof_started, 1, __ATOMIC_RELEASE);
}

void oa_prof_init(void)
{
  const char *c = getenv(OMPADV_ENV_TASKCOST);
  oa_the_run.metric = oa_metric_parse(getenv(OMPADV_ENV_METRIC));
  if (!oa_the_run.metric)
    oa_the_run.metric = OA_METRIC_TSC;
  char *end = NULL;
  oa_prof_task_cost = c ? strtoull(c, &end, 10) : 0;
  oa_prof_task_cost_undeferred = end && *end == ',' ? strtoull(end + 1, NULL, 10) : 0;
  oa_rt_costs_parse(getenv(OMPADV_ENV_RTCOST), &rt_costs);
  const char *raw = getenv(OMPADV_ENV_RAW);
  oa_prof_raw = raw && *raw == '1';
  const char *rec = getenv(OMPADV_ENV_RECORD);
  oa_prof_record = rec && *rec == '1';
  P.hooks.finished = on_finished;
}

/* The initial task: the root S-node and the first serial fragment. */
oa_node *oa_prof_root(oa_thread *t, oa_region *r)
{
  P.root = oa_prof_node(t, OA_S);
  P.root->user = r;
  if (oa_prof_record) {
    oa_rec(t, OA_REC_META, 0, 0, oa_the_run.metric, oa_prof_task_cost,
           oa_prof_task_cost_undeferred, 0);
    rec_new(t, P.root, 0);
  }
  return P.root;
}

void oa_prof_charge_startup(oa_thread *t, oa_node *w)
{
  w->work += startup_work;
}

/* The initial task's current phase node: snapshots read the chain so far
 * from it and from the root (the phases before it). */
void oa_prof_initial_phase(oa_node *p)
{
  __atomic_store_n(&P.phase, p, __ATOMIC_RELEASE);
}

/* The program's end: the initial task's last phase, then the root. */
void oa_prof_close_root(oa_thread *t, oa_task *init)
{
  oa_region *r = init->region;
  __atomic_store_n(&P.phase, NULL, __ATOMIC_RELEASE);
  if (r) {
    oa_node *sbar = r->sbar, *root = r->spar;  /* r goes with the root */
    init->region = NULL;
    oa_prof_close(t, sbar);
    oa_prof_close(t, root);
  }
  P.root_closed = 1;
}

/* child's enclosing task directives: its parent's, and the parent itself if
 * it is an explicit task (implicit tasks pass their encountering task's). */
void oa_task_inherit(oa_task *child, const oa_task *parent)
{
  /* created after the ordered regions its creator began: it follows them
   * (rule 7 through rule 9), but precedes none */
  child->ochain = parent->oafter ? parent->ochain : 0;
  child->oafter = parent->oafter;
  child->spreds = parent->spreds;  /* created after what its creator was forced after */
  child->cgroup = parent->cgroup;
  child->nanc = parent->nanc;
  memcpy(child->anc, parent->anc, sizeof child->anc);
  if (!parent->own_loc || child->nanc > OA_ANC_MAX)
    return;
  uint32_t i = 0, n = child->nanc;
  while (i < n && child->anc[i] < parent->own_loc)
    i++;
  if (i < n && child->anc[i] == parent->own_loc)
    return;
  if (n == OA_ANC_MAX) {
    child->nanc = OA_ANC_MAX + 1;
    return;
  }
  memmove(child->anc + i + 1, child->anc + i, (n - i) * sizeof *child->anc);
  child->anc[i] = parent->own_loc;
  child->nanc = n + 1;
}

void oa_prof_team(uint32_t team)
{
  uint32_t cur = __atomic_load_n(&P.threads, __ATOMIC_RELAXED);
  while (team > cur) {
    if (__atomic_compare_exchange_n(&P.threads, &cur, team, 0, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED)) {
      oa_rec(oa_me(), OA_REC_TEAM, 0, 0, team, 0, 0, 0);
      break;
    }
  }
}

static void loc_info(uint32_t loc, uint64_t *where, uint16_t *kind, uint16_t *flags)
{
  *where = P.info[loc].where;
  *kind = P.info[loc].kind;
  *flags = P.info[loc].flags;
}

/* Every thread's sums, linked for oa_agg_fill (threads are only added). */
static oa_agg *all_aggs(void)
{
  for (oa_thread *t = oa_the_run.threads; t; t = t->next_thread)
    t->agg.next = t->next_thread ? &t->next_thread->agg : NULL;
  return oa_the_run.threads ? &oa_the_run.threads->agg : NULL;
}

/* The profile so far or at the end.  So far: the root's folded children are
 * the program's serial fragments and top-level regions, all complete, and
 * its series chain is the span up to that point. */
static void fill_profile(oa_chunk_header *c, uint32_t nlocs, uint32_t room_nested, int final)
{
  oa_profile_header *h = (oa_profile_header *)(c + 1);
  oa_profile_loc *l = (oa_profile_loc *)(h + 1);
  oa_profile_nested *nest = (oa_profile_nested *)(l + nlocs);
  oa_chain cp = { 0 };
  uint64_t work = 0, span = 0;
  if (P.root) {
    oa_node_lock(P.root);
    const oa_chain *best = final ? oa_ends_best(oa_node_ends(P.root)) : oa_node_pre(P.root);
    if (best)
      oa_chain_copy(&cp, best);
    work = P.root->work;
    span = final ? P.root->span : oa_node_pre(P.root)->len;
    oa_node_unlock(P.root);
  }
  oa_node *phase = final ? NULL : __atomic_load_n(&P.phase, __ATOMIC_ACQUIRE);
  if (phase) {  /* only the initial thread changes it, and it is the one here */
    oa_chain sum = { 0 };
    oa_node_lock(phase);
    oa_chain_concat(&sum, &cp, oa_node_pre(phase));
    work += phase->work;
    oa_node_unlock(phase);
    oa_chain_free(&cp);
    cp = sum;
    span = cp.len;
  }
  memset(h, 0, sizeof *h);
  oa_agg_fill(all_aggs(), &cp, work, span, nlocs, loc_info, h, l, nest, room_nested);
  h->metric = oa_the_run.metric;
  h->flags = P.flags | (final ? 0 : OA_PROF_PARTIAL);
  h->task_cost = oa_prof_task_cost;
  h->task_cost_undeferred = oa_prof_task_cost_undeferred;
  h->threads = P.threads;
  h->seq = ++P.seq;
  oa_chain_free(&cp);
}

static size_t profile_bytes(uint32_t nlocs, uint32_t nnested)
{
  return sizeof(oa_chunk_header) + sizeof(oa_profile_header) + nlocs * sizeof(oa_profile_loc)
         + nnested * sizeof(oa_profile_nested);
}

static uint32_t current_nlocs(void)
{
  uint32_t n = __atomic_load_n(&P.next_id, __ATOMIC_RELAXED) + 1;
  return n > OA_LOC_MAX ? OA_LOC_MAX : n;
}

/* Write into c, invalid (used 0) while it is being written. */
static void publish(oa_chunk_header *c, uint32_t nlocs, uint32_t room_nested, int final)
{
  __atomic_store_n(&c->used, 0, __ATOMIC_RELEASE);
  fill_profile(c, nlocs, room_nested, final);
  const oa_profile_header *h = (const oa_profile_header *)(c + 1);
  __atomic_store_n(&c->used, profile_bytes(nlocs, h->nnested) - sizeof *c, __ATOMIC_RELEASE);
}

static void write_profile(void)
{
  uint32_t nlocs = current_nlocs(), nnested = oa_agg_count_nested(all_aggs());
  size_t bytes = profile_bytes(nlocs, nnested);
  oa_chunk_header *c = oa_out_chunk(OA_CHUNK_PROFILE, 0, (uint32_t)((bytes + 4095) & ~(size_t)4095));
  if (c)
    publish(c, nlocs, nnested, 1);
}

/* Between top-level regions every other thread is idle and every node so far
 * is folded: a good moment to leave a profile behind in case the program
 * never reaches the end (a crash, _exit, a signal).  Two chunks alternate so
 * that one is always whole; at most one snapshot per 10 ms. */
void oa_prof_snapshot(void)
{
  static oa_chunk_header *snap[2];
  static uint32_t snap_locs[2], snap_nested[2];
  static int which;
  static uint64_t last_ns;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
  uint64_t now = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
  if (last_ns && now - last_ns < 10000000u)
    return;
  last_ns = now;
  uint32_t nlocs = current_nlocs(), nnested = oa_agg_count_nested(all_aggs());
  which ^= 1;
  if (!snap[which] || snap_locs[which] < nlocs || snap_nested[which] < nnested) {
    uint32_t room = nlocs * 2 < OA_LOC_MAX ? nlocs * 2 : OA_LOC_MAX;
    size_t bytes = profile_bytes(room, nnested * 2 + 8);
    if (snap[which])
      __atomic_store_n(&snap[which]->used, 0, __ATOMIC_RELEASE);
    snap[which] = oa_out_chunk(OA_CHUNK_PROFILE, 0, (uint32_t)((bytes + 4095) & ~(size_t)4095));
    snap_locs[which] = room;
    snap_nested[which] = nnested * 2 + 8;
    if (!snap[which])
      return;
  }
  publish(snap[which], nlocs, snap_nested[which], 0);
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
      oa_prof_close_root(t, init);
    }
    P.root_closed = 1;
  }
  if (oa_the_run.metric == OA_METRIC_TSC) {
    uint64_t off = 0;
    int seen = 0;
    for (oa_thread *o = __atomic_load_n(&oa_the_run.threads, __ATOMIC_ACQUIRE); o;
         o = o->next_thread) {
      off += o->off_in_work;
      seen |= o->rseq != NULL;
    }
    oa_the_run.header->offcpu_ticks = off;
    oa_the_run.header->offcpu_seen = (uint32_t)seen;
  }
  oa_mpi_totals(&oa_the_run.header->mpi_ns, &oa_the_run.header->mpi_calls);
  oa_the_run.header->wall_ns = oa_clock_ns(CLOCK_MONOTONIC) - start_wall_ns;
  write_profile();
}
