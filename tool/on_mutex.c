/* Mutual exclusion: critical, locks, nested locks, ordered.
 * Profile mode: entering and leaving a critical or ordered region or a lock
 * ends the fragment (2.4.4); the time spent waiting for it belongs to no
 * fragment.  The OSPG keeps no order between critical sections. */
#include "prof.h"

#include <stdlib.h>

#include "race.h"

/* ---- the chain of a loop's ordered regions (doc/SEMANTICS.md rule 7) ----------
 * A loop's ordered regions run one after the other in iteration order, which
 * is the order in which the runtime lets them in: the tool numbers them as
 * they begin (one counter for the run: each loop's numbers increase).  Each
 * fragment of a task in such a loop carries the number of the last region
 * begun before it in its task (it follows that region's start) and of the
 * first region begun after it in its task's part of the loop (it precedes
 * that region's end): the latter is known only when that region begins, so
 * the task keeps its fragments since the last region until then.  The
 * queries (ospg.c: decide) order two fragments when the first precedes a
 * region that begins before the region the second follows.  Only race mode's
 * queries and raw logs use the numbers: the span does not follow the chain
 * (OA_PROF_APPROX_ORDERED). */
typedef struct oa_ord_pending {
  oa_node *node;                  /* race mode: read while its region lasts */
  uint64_t id, chain, oafter;     /* its stamps so far */
} oa_ord_pending;

static uint64_t ord_numbers;

/* The regions begun lately, by number: the loop's region before each
 * (pred) and the last fragment of each once it ended.  A query about a
 * fragment without program-order stamps looks there (ospg.h:
 * oa_ospg_host.ord_prev_last); an entry a later region took over reads as unknown. */
#define ORD_RING (1u << 16)
static struct ord_region {
  uint64_t seq, pred;
  oa_node *last;
} ord_ring[ORD_RING];

/* The last region begun in each loop instance, for its next one's pred (a
 * loop that lost its slot to another starts afresh: pred unknown). */
#define ORD_LOOPS 256
static struct {
  uint64_t chain, last;
} ord_loops[ORD_LOOPS];
static uint32_t ord_loops_lock;

static uint64_t loop_pred(uint64_t chain, uint64_t x)
{
  uint32_t k = (uint32_t)((chain * UINT64_C(0x9e3779b97f4a7c15)) >> 56) & (ORD_LOOPS - 1);
  while (__atomic_exchange_n(&ord_loops_lock, 1, __ATOMIC_ACQUIRE))
    __builtin_ia32_pause();
  uint64_t pred = ord_loops[k].chain == chain ? ord_loops[k].last : 0;
  ord_loops[k].chain = chain;
  ord_loops[k].last = x;
  __atomic_store_n(&ord_loops_lock, 0, __ATOMIC_RELEASE);
  return pred;
}

static const oa_node *prev_last(uint64_t chain, uint64_t y)
{
  (void)chain;
  struct ord_region *e = &ord_ring[y & (ORD_RING - 1)];
  if (__atomic_load_n(&e->seq, __ATOMIC_ACQUIRE) != y)
    return NULL;
  uint64_t p = e->pred;
  struct ord_region *f = &ord_ring[p & (ORD_RING - 1)];
  if (!p || __atomic_load_n(&f->seq, __ATOMIC_ACQUIRE) != p)
    return NULL;
  return __atomic_load_n(&f->last, __ATOMIC_ACQUIRE);
}

#define OA_ORD_PHASE_MAX 1024     /* beyond: left unordered (a report may be false) */

/* The raw log's OSTAMP (contract.h: struct oa_raw_ostamp). */
static void raw_ostamp(oa_thread *t, uint64_t node, uint64_t chain, int opo, uint64_t before,
                       uint64_t after)
{
  oa_record *r = oa_raw_begin(t, OA_RAW_OSTAMP, opo != 0);
  if (!r)
    return;
  r->raw_ostamp.node = node;
  r->raw_ostamp.ochain = chain;
  r->raw_ostamp.obefore = before;
  r->raw_ostamp.oafter = after;
  oa_commit(t);
}

static void pending_add(oa_ord_pending **v, uint32_t *n, uint32_t *cap, oa_ord_pending p)
{
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 4;
    *v = oa_xrealloc(*v, *cap * sizeof **v);
  }
  (*v)[(*n)++] = p;
}

void oa_ord_stamp(oa_thread *t, oa_task *task, oa_node *w)
{
  if (!oa_race && !oa_conf.raw)
    return;
  oa_ord_pending p = { .node = oa_race ? w : NULL, .id = w->id };
  if (task->kind != OA_TASK_EXPLICIT && !task->chunk && !task->single && !task->group
      && task->nphase < OA_ORD_PHASE_MAX)
    pending_add(&task->ophase, &task->nphase, &task->cap_phase, p);
  uint8_t opo = task->kind != OA_TASK_EXPLICIT;  /* a task created in an iteration: no */
  if (opo)
    oa_node_x_of(w)->opo = opo;
  if (!task->ochain)
    return;
  uint64_t before = task->oin ? task->oafter : 0;
  oa_node_x *x = oa_node_x_of(w);
  x->ochain = task->ochain;
  x->oafter = task->oafter;
  x->obefore = before;
  raw_ostamp(t, w->id, task->ochain, x->opo, before, task->oafter);
  if (task->nphase && task->ophase[task->nphase - 1].id == w->id) {
    task->ophase[task->nphase - 1].chain = task->ochain;
    task->ophase[task->nphase - 1].oafter = task->oafter;
  }
  if (before || !task->oscope)
    return;
  p.chain = task->ochain;
  p.oafter = task->oafter;
  pending_add(&task->opend, &task->nopend, &task->cap_opend, p);
}

/* A loop with the ordered clause begins on this thread (after the runtime's
 * worksharing callback): from its first chunk on, the task's fragments
 * wait for the region they precede; with a static schedule, so do its
 * fragments since the last barrier (its shares follow them, rule 4). */
void oa_ord_loop(oa_task *task)
{
  if ((!oa_race && !oa_conf.raw) || !task->region || !task->ws_slot)
    return;
  task->ochain = task->region->id << 20 | task->ws_slot;
  task->oafter = task->nopend = 0;
  task->oin = 0;
  task->oscope = 1;
  task->oshare = task->static_loop;
  if (task->oshare)
    for (uint32_t i = 0; i < task->nphase; i++)
      pending_add(&task->opend, &task->nopend, &task->cap_opend, task->ophase[i]);
}

void oa_ord_leave(oa_task *task, int chunk_end)
{
  if (!task->ochain || (chunk_end && task->oshare))
    return;  /* a thread's shares of a static loop follow one another (rule 4) */
  task->nopend = 0;
  task->oin = 0;
  if (chunk_end) {  /* rule 5: the next chunk does not follow this one */
    task->oafter = 0;
    return;
  }
  task->oscope = 0;
  if (!task->oshare)
    task->ochain = task->oafter = 0;
}

/* An ordered region begins in task (its previous fragment has ended). */
static void ord_begin(oa_thread *t, oa_task *task)
{
  if (!task->ochain || !task->oscope)
    return;  /* no loop instance to chain in (an orphaned ordered region) */
  uint64_t x = __atomic_add_fetch(&ord_numbers, 1, __ATOMIC_RELAXED);
  for (uint32_t i = 0; i < task->nopend; i++) {
    oa_ord_pending *p = &task->opend[i];
    uint64_t after = p->chain == task->ochain ? p->oafter : 0;  /* another loop's: dropped */
    if (p->node) {
      oa_node_x *nx = oa_node_x_of(p->node);
      if (nx->ochain != task->ochain) {  /* another loop's stamps go first */
        __atomic_store_n(&nx->obefore, 0, __ATOMIC_RELEASE);
        __atomic_store_n(&nx->oafter, 0, __ATOMIC_RELEASE);
        __atomic_store_n(&nx->ochain, task->ochain, __ATOMIC_RELEASE);
      }
      __atomic_store_n(&nx->obefore, x, __ATOMIC_RELAXED);
      nx->opo = 1;
    }
    raw_ostamp(t, p->id, task->ochain, 1, x, after);
  }
  task->nopend = 0;
  task->oafter = x;
  task->oin = 1;
  struct ord_region *e = &ord_ring[x & (ORD_RING - 1)];
  __atomic_store_n(&e->seq, 0, __ATOMIC_RELEASE);
  e->pred = loop_pred(task->ochain, x);
  e->last = NULL;
  __atomic_store_n(&e->seq, x, __ATOMIC_RELEASE);
  oa_graph_host.ord_prev_last = prev_last;
  OA_PUT_RAW(t, OA_RAW_ORD, raw_ord, .task = task->id, .chain = task->ochain);
}

/* The ordered region ends; last: its last fragment, which just ended (its
 * node stays readable in race mode only), last_id its name in raw logs. */
static void ord_end(oa_thread *t, oa_task *task, oa_node *last, uint64_t last_id)
{
  if (!task->oin)
    return;
  task->oin = 0;
  OA_PUT_RAW(t, OA_RAW_ORD, raw_ord, .task = task->id, .chain = task->ochain, .end = 1);
  struct ord_region *e = &ord_ring[task->oafter & (ORD_RING - 1)];
  if (!last || __atomic_load_n(&e->seq, __ATOMIC_ACQUIRE) != task->oafter)
    return;
  __atomic_store_n(&e->last, oa_race ? last : NULL, __ATOMIC_RELEASE);
  OA_PUT_RAW(t, OA_RAW_OREGION, raw_oregion, .node = last_id, .region = task->oafter,
             .pred = e->pred, .chain = task->ochain);
}

static void prof_mutex(unsigned type, ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *ra)
{
  oa_thread *t = oa_me();
  oa_task *task = t->cur;
  /* libomp 19's __kmpc_end_critical stores the return address in the
   * calling thread's slot but loads (and clears) thread 0's
   * (OMPT_LOAD_RETURN_ADDRESS(0)): other threads mostly get NULL at a
   * release, and thread 0 now and then at its own acquire or acquired,
   * when a worker's release cleared its slot in between.  The fragments
   * these events bound must be named from the program's code on every
   * thread alike (diff matches regions by their ends), so the stack is
   * walked then. */
  oa_prof_enter_at(t, ra);  /* the clock first: the walk is no fragment's work */
  if (oa_conf.record
      && (!ra || ((uintptr_t)ra >= oa_the_run.libomp.lo && (uintptr_t)ra < oa_the_run.libomp.hi))) {
    uint8_t flags = 0;
    t->ra = (const void *)(uintptr_t)oa_where(ra, &flags);
  }
  if (!task)
    goto out;
  int directive = kind == ompt_mutex_critical || kind == ompt_mutex_ordered;
  oa_node *last = oa_task_top(task);  /* (gone after frag_end, unless in race mode) */
  if (last && last->kind != OA_W)
    last = NULL;
  uint64_t last_id = last ? last->id : 0;
  oa_frag_end(t, task);
  unsigned phase = type == ompt_callback_mutex_acquire    ? OA_MUTEX_ACQUIRE
                   : type == ompt_callback_mutex_acquired ? OA_MUTEX_ACQUIRED
                                                          : OA_MUTEX_RELEASED;
  /* time mode: what waits for it, named by the acquire */
  uint32_t wloc = 0;
  if (oa_conf.time && phase == OA_MUTEX_ACQUIRE)
    wloc = directive ? oa_prof_loc(kind == ompt_mutex_critical ? OA_C_CRITICAL : OA_C_ORDERED, ra)
                     : oa_prof_edge(t);
  OA_PUT(t, oa_raw_begin(t, OA_RAW_MUTEX, phase), raw_mutex, .wait_id = wait_id, .kind = kind,
         .task = task->id, .loc = wloc);
  if (type == ompt_callback_mutex_acquired) {
    uint32_t loc = 0;
    if (directive) {
      loc = oa_prof_loc(kind == ompt_mutex_critical ? OA_C_CRITICAL : OA_C_ORDERED, ra);
      oa_task_loc_push(task, loc);
    }
    if (kind == ompt_mutex_ordered)
      ord_begin(t, task);
    oa_frag_begin(t, task, loc);
    if (oa_race)
      oa_race->mutex(t, task, oa_task_top(task), 1, kind, wait_id, ra);
  } else if (type == ompt_callback_mutex_released) {
    if (oa_race)
      oa_race->mutex(t, task, last, 0, kind, wait_id, ra);
    if (directive)
      oa_task_loc_pop(task);
    if (kind == ompt_mutex_ordered)
      ord_end(t, task, last, last_id);
    oa_frag_begin(t, task, 0);
  }
out:
  oa_prof_leave(t);
}

static void trace_mutex_event(unsigned type, ompt_mutex_t kind, ompt_wait_id_t wait_id,
                              unsigned hint, unsigned impl, const void *ra)
{
  oa_thread *t = oa_me();
  /* acquire and lock_init share a struct, and so do the other three */
  if (type == ompt_callback_mutex_acquire || type == ompt_callback_lock_init)
    OA_PUT_EVENT_AT(t, type, 0, ra, mutex_acquire, .kind = (uint64_t)kind, .wait_id = wait_id,
                    .hint = hint, .impl = impl);
  else
    OA_PUT_EVENT_AT(t, type, 0, ra, mutex_acquired, .kind = (uint64_t)kind, .wait_id = wait_id);
}

/* The five mutex callbacks, each in both modes: trace records them all; the
 * model follows acquire, acquired and released (lock_init and lock_destroy
 * order nothing). */
#define MUTEX_CALLBACKS(X)                                                                 \
  X(mutex_acquire, ompt_callback_mutex_acquire_t,                                         \
    (ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,     \
     const void *ra), hint, impl, 1)                                                      \
  X(mutex_acquired, ompt_callback_mutex_t,                                                \
    (ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *ra), 0, 0, 1)                 \
  X(mutex_released, ompt_callback_mutex_t,                                                \
    (ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *ra), 0, 0, 1)                 \
  X(lock_init, ompt_callback_mutex_acquire_t,                                             \
    (ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id,     \
     const void *ra), hint, impl, 0)                                                      \
  X(lock_destroy, ompt_callback_mutex_t,                                                  \
    (ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *ra), 0, 0, 0)

#define DEFINE(name, type, params, hint, impl, model)                                         \
  static void trace_##name params                                                         \
  {                                                                                       \
    trace_mutex_event(ompt_callback_##name, kind, wait_id, hint, impl, ra);               \
  }                                                                                       \
  static void model_##name params                                                         \
  {                                                                                       \
    prof_mutex(ompt_callback_##name, kind, wait_id, ra);                                  \
  }
MUTEX_CALLBACKS(DEFINE)
#undef DEFINE

/* A nested lock taken again by its owner: acquire ended the fragment, and
 * no acquired follows (the runtime reports this instead), so the next
 * fragment begins here; releasing it short of the last time only reports
 * the scope's end. */
static void prof_nest_lock(ompt_scope_endpoint_t endpoint, const void *ra)
{
  oa_thread *t = oa_me();
  oa_task *task = t->cur;
  oa_prof_enter_at(t, ra);
  oa_node *top = task ? oa_task_top(task) : NULL;
  if (endpoint == ompt_scope_begin && top && top->kind != OA_W)
    oa_frag_begin(t, task, 0);
  oa_prof_leave(t);
}

static void model_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void *ra)
{
  prof_nest_lock(endpoint, ra);
}

static void trace_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void *ra)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT_AT(t, ompt_callback_nest_lock, endpoint, ra, nest_lock, .wait_id = wait_id);
}

#define EXPORT(name, type, params, hint, impl, model)                                         \
  type const oa_trace_##name = trace_##name;                                              \
  type const oa_model_##name = model ? model_##name : NULL;
MUTEX_CALLBACKS(EXPORT)
#undef EXPORT
ompt_callback_nest_lock_t const oa_trace_nest_lock = trace_nest_lock;
ompt_callback_nest_lock_t const oa_model_nest_lock = model_nest_lock;
