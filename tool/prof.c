/* Profile mode's shared machinery: the task stacks that build the OSPG and
 * record it, the fragments, per-location sums (kept per thread, merged once
 * at the end), and writing the profile into the result file.  The location
 * registry is locs.c, the measurement of fragments measure.c. */
#include "prof.h"

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* atomic: creation order of nodes, tasks, regions; on a cache line of its
 * own (every node takes one, and every node operation reads oa_graph_host,
 * which the linker had put on the same line) */
static struct {
  uint64_t n;
  char pad[56];
} raw_ids __attribute__((aligned(64)));

oa_ospg_host oa_graph_host;

void oa_prof_thread_init(oa_thread *t)
{
  t->pool.host = &oa_graph_host;
  t->agg.task_cost = oa_conf.task_cost;
  t->agg.task_cost_undeferred = oa_conf.task_cost_undeferred;
}

uint64_t oa_prof_new_id(void)
{
  return oa_conf.raw || oa_conf.record ? __atomic_add_fetch(&raw_ids.n, 1, __ATOMIC_RELAXED) : 0;
}

/* Recordings (contract.h: OA_REC_*): a node id (HOLD, RELEASE), one value
 * (TEAM, FLAG), a nested wait. */
static void rec_node_ref(oa_thread *t, unsigned type, const oa_node *n)
{
  oa_record *r = oa_rec_begin(t, type, 0);
  if (!r)
    return;
  r->rec_hold.node = n->id;
  oa_commit(t);
}

static void rec_word(oa_thread *t, unsigned type, uint64_t value)
{
  oa_record *r = oa_rec_begin(t, type, 0);
  if (!r)
    return;
  r->rec_team.value = value;
  oa_commit(t);
}

static void rec_wait(oa_thread *t, unsigned group_end, uint64_t node, uint64_t root)
{
  oa_record *r = oa_rec_begin(t, OA_REC_WAIT, group_end);
  if (!r)
    return;
  r->rec_wait.node = node;
  r->rec_wait.root = root;
  oa_commit(t);
}

/* --- the run's profile state ------------------------------------------------ */

static struct {
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
  /* read first: a flag is set once and asked for again at every wait, and
   * the line holds what every node's completion reads (P.hooks) */
  if ((__atomic_load_n(&P.flags, __ATOMIC_RELAXED) & flag) == flag)
    return;
  uint32_t old = __atomic_fetch_or(&P.flags, flag, __ATOMIC_RELAXED);
  if ((old | flag) != old && oa_conf.record)
    rec_word(oa_me(), OA_REC_FLAG, flag);
}

/* A node's subtree is complete (the OSPG calls this before folding it). */
static void on_finished(void *ctx, oa_node *n)
{
  (void)ctx;
  oa_agg_context cx;
  oa_agg_context_of(n, &oa_prof_locs, &cx);
  oa_agg_finished(&oa_me()->agg, n, &cx);
}

oa_region *oa_prof_region_new(oa_thread *t, uint32_t team, uint32_t flags)
{
  oa_region *r = oa_xcalloc(1, sizeof *r);
  oa_agg_region_init(&r->agg, team);
  r->id = oa_prof_new_id();
  oa_record *rec = oa_rec_begin(t, OA_REC_REGION, 0);
  if (rec) {
    rec->rec_region.region = r->id;
    rec->rec_region.team = r->agg.team;
    rec->rec_region.region_flags = flags;
    oa_commit(t);
  }
  return r;
}

oa_ws_slot *oa_prof_slot(oa_thread *t, oa_region *r, uint32_t index, uint32_t loc,
                         unsigned sched, uint32_t chunk, uint64_t trip)
{
  oa_ws_slot *s = oa_agg_region_slot(&r->agg, index, loc, &oa_prof_locs);
  oa_record *rec = oa_rec_begin(t, OA_REC_SLOT, 0);
  if (rec) {
    rec->rec_slot.region = r->id;
    rec->rec_slot.index = index;
    rec->rec_slot.loc = loc;
    rec->rec_slot.chunk = chunk;
    if (sched && trip < UINT64_C(1) << 56)
      rec->rec_slot.sched_trip = (uint64_t)sched << 56 | trip;
    oa_commit(t);
  }
  return s;
}

oa_node *oa_prof_node(oa_thread *t, oa_kind kind)
{
  t->agg.nodes++;
  oa_node *n = oa_node_new(&t->pool, kind, NULL);
  n->id = oa_prof_new_id();
  return n;
}

static void rec_new(oa_thread *t, oa_node *n)
{
  oa_region *r = (n->kind == OA_S || oa_node_inst(n)) ? n->user : NULL;
  oa_record *rec = oa_rec_begin(t, OA_REC_NEW, n->kind);
  if (rec) {
    struct oa_record_new *x = &rec->rec_new;
    x->region = r ? r->id : 0;
    x->node = n->id;
    x->parent = n->parent ? n->parent->id : 0;
    x->loc = n->loc;
    x->own_loc = n->own_loc;
    x->inst = oa_node_inst(n);
    x->team_index = x->inst ? n->team_index : 0;
    x->bits = (uint8_t)((n->free_order ? OA_NEW_FREE_ORDER : 0) | (n->task ? OA_NEW_TASK : 0)
                        | oa_record_new_st_bits(n->st_val)
                        | (n->undeferred ? OA_NEW_UNDEFERRED : 0)
                        | (n->anythread ? OA_NEW_ANYTHREAD : 0) | (n->share ? OA_NEW_SHARE : 0)
                        | (n->piece ? OA_NEW_PIECE : 0));
    x->nanc = n->nanc;
    if (n->nanc != 0xff && n->nanc != 0 && n->nanc <= OA_NEW_ANC_IN)
      oa_record_new_set_anc(x, n->anc);  /* a task's: no region, no instance */
    oa_commit(t);
  }
  if (n->nanc != 0xff && n->nanc > OA_NEW_ANC_IN && (rec = oa_rec_begin(t, OA_REC_ANC, 0))) {
    for (int i = 0; i < OA_ANC_MAX; i++)
      rec->rec_anc.anc[i] = n->anc[i];
    oa_commit(t);
  }
}

/* A fragment is written once, at its end (contract.h: OA_REC_W), and
 * committed when the thread's next record begins, unless that is its
 * parent's close: then the W closes the parent too (oa_prof_close).  A
 * task's last fragment is most often followed by the task's close: one
 * record of the four a fine task wrote. */
static void rec_w(oa_thread *t, oa_node *w)
{
  oa_record *rec = oa_rec_begin(t, OA_REC_W, (w->busy ? OA_W_BUSY : 0) | (w->asked ? OA_W_ASKED_TEAM : 0));
  if (!rec)
    return;
  struct oa_record_w *x = &rec->rec_w;
  x->inst = w->inst;
  x->whatif = w->whatif;
  oa_record_w_set_edges(x, w->edge_begin, w->cont, w->edge_end);
  x->node = w->id;
  x->parent = w->parent ? w->parent->id : 0;
  x->work = w->work;
  oa_record_w_set_locs(x, w->loc, w->own_loc);
  x->team_index = w->team_index;
  t->w_pending = x->parent ? x->parent : 0;
  if (!t->w_pending)
    oa_commit(t);
}

void oa_prof_attach(oa_thread *t, oa_node *parent, oa_node *child)
{
  oa_node_attach(parent, child);
  if (oa_conf.record && child->kind != OA_W)
    rec_new(t, child);
}

void oa_prof_attach_task(oa_thread *t, oa_node *parent, oa_node *p)
{
  oa_node_attach(parent, p);
  t->agg.tasks++;
  if (oa_conf.record)
    rec_new(t, p);
}

void oa_prof_close(oa_thread *t, oa_node *n)
{
  int closed = 0;  /* its CLOSE record is the fragment's just written */
  if (t->w_pending && t->w_pending == n->id && n->kind != OA_W) {
    t->stage.h.sub |= (uint8_t)oa_record_w_closes_bits(n->st_val, n->undeferred);
    closed = 1;
  }
  oa_flush_w(t);
  oa_record *r = oa_raw_begin(t, OA_RAW_NODE, 0);
  if (r) {
    struct oa_raw_node *x = &r->raw_node;
    x->node = n->id;
    x->parent = n->parent ? n->parent->id : 0;
    x->kind = n->kind;
    x->any_phase = n->kind == OA_W ? 0 : n->any_phase;
    x->st_val = n->st_val;
    x->undeferred = n->undeferred;
    x->anythread = n->anythread;
    x->share = n->share;
    x->piece = n->piece;
    oa_commit(t);
  }
  if (oa_conf.record && n->kind == OA_W) {
    rec_w(t, n);
  } else if (!closed && (r = oa_rec_begin(t, OA_REC_CLOSE, 0))) {
    r->rec_close.node = n->id;
    r->rec_close.work = n->work;
    r->rec_close.cost = oa_agg_cost(&t->agg, n);
    r->rec_close.st_val = n->st_val;
    r->rec_close.undeferred = n->undeferred;
    oa_commit(t);
  }
  oa_node_close(&t->pool, &P.hooks, n);
}

/* A dependence of succ on pred, found at level top (an open ST-node of
 * succ's creator).  Across levels only race mode's queries follow it (the
 * span does not, and the report says so); a recording leaves it out. */
void oa_prof_add_pred(oa_thread *t, oa_node *succ, oa_node *pred, const oa_node *top)
{
  OA_PUT_RAW(t, OA_RAW_EDGE, raw_edge, .succ = succ->id, .pred = pred->id);
  if (pred->parent != succ->parent) {
    oa_prof_flag(OA_PROF_APPROX_SPAN);
    if (oa_race)
      oa_node_add_pred_at(succ, pred, top);
    return;
  }
  oa_node_add_pred(succ, pred);
  oa_record *r = oa_rec_begin(t, OA_REC_PRED, 0);
  if (r) {
    r->rec_pred.succ = succ->id;
    r->rec_pred.pred = pred->id;
    oa_commit(t);
  }
}

void oa_prof_hold(oa_thread *t, oa_node *n)
{
  oa_node_hold(n);
  rec_node_ref(t, OA_REC_HOLD, n);
}

void oa_prof_release(oa_thread *t, oa_node *n)
{
  rec_node_ref(t, OA_REC_RELEASE, n);
  oa_node_release(&t->pool, n);
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

/* A task's state: millions of tiny tasks each need one.  A thread keeps
 * up to OA_SPARE_TASKS of those it freed, whichever thread made them (the
 * threads of a balanced program each run about as many as they make), and
 * gives the others back to the thread that made them, as OSPG nodes go back
 * (corelib/ospg.c: give_back): a thread that creates the tasks another one
 * runs would otherwise take each from the heap while the other gave each
 * back to it, both under the heap's lock.  A thread holds no more of its
 * own than it had alive at once. */
#define OA_SPARE_TASKS 64

uint32_t oa_task_extra;

oa_task *oa_task_new(unsigned kind)
{
  oa_thread *t = oa_me();
  oa_task *task = t->spare_tasks;
  if (!task && __atomic_load_n(&t->remote_tasks, __ATOMIC_RELAXED))
    task = __atomic_exchange_n(&t->remote_tasks, NULL, __ATOMIC_ACQUIRE);
  else if (task && t->nspare_tasks)
    t->nspare_tasks--;  /* a count of those it kept, not of those that came back */
  if (task) {
    t->spare_tasks = task->next_spare;
    memset(task, 0, sizeof *task + oa_task_extra);
  } else {
    task = oa_xcalloc(1, sizeof *task + oa_task_extra);
  }
  task->owner = t;
  task->stack = task->stack_in;
  task->cap = OA_TASK_INLINE;
  task->locs = task->locs_in;
  task->cap_locs = OA_TASK_INLINE;
  task->kind = (uint8_t)kind;
  task->id = oa_prof_new_id();
  task->uid = (uint64_t)(t->id + 1) << 40 | ++t->tasks_made;
  return task;
}

void oa_task_free(oa_task *task)
{
  if (task->stack != task->stack_in)
    free(task->stack);
  if (task->locs != task->locs_in)
    free(task->locs);
  free(task->chunk_maps);
  free(task->opend);
  free(task->ophase);
  oa_thread *t = oa_me(), *owner = task->owner;
  if (owner == t || !owner || t->nspare_tasks < OA_SPARE_TASKS) {
    task->next_spare = t->spare_tasks;
    t->spare_tasks = task;
    t->nspare_tasks++;
    return;
  }
  task->next_spare = __atomic_load_n(&owner->remote_tasks, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(&owner->remote_tasks, &task->next_spare, task, 1,
                                      __ATOMIC_RELEASE, __ATOMIC_RELAXED))
    ;
}

/* Room for one more in a stack that starts inline (stack_in, locs_in). */
static void *grow(void *v, const void *inline_v, uint32_t *cap, size_t size)
{
  void *bigger = oa_xmalloc(*cap * 2 * size);
  memcpy(bigger, v, *cap * size);
  if (v != inline_v)
    free(v);
  *cap *= 2;
  return bigger;
}

oa_node *oa_task_top(const oa_task *task)
{
  return task->n ? task->stack[task->n - 1] : NULL;
}

void oa_task_push(oa_task *task, oa_node *n)
{
  if (task->n == task->cap)
    task->stack = grow(task->stack, task->stack_in, &task->cap, sizeof *task->stack);
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
 * of the levels around it (doc/SEMANTICS.md rule 11), which stay open. */
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
  uint64_t stamp = oa_prof_new_id();  /* even when not logged: ids must not depend on it */
  OA_PUT_RAW(t, OA_RAW_WAIT, raw_wait, .node = inner->id, .root = root->id, .stamp = stamp);
  rec_wait(t, 0, inner->id, root->id);
}

/* A team of one's loop or sections ends (ospg.h: oa_node_group_end). */
void oa_prof_group_end(oa_thread *t, oa_task *task, oa_node *g)
{
  oa_node *root = task->n ? task->stack[0] : NULL;
  if (oa_node_group_end(g, root))
    oa_prof_flag(OA_PROF_APPROX_SPAN);
  uint64_t stamp = oa_prof_new_id();  /* even when not logged: ids must not depend on it */
  OA_PUT_RAW(t, OA_RAW_WAIT, raw_wait, .node = g->id, .root = root ? root->id : 0,
             .stamp = stamp, .group_end = 1);
  rec_wait(t, 1, g->id, root ? root->id : 0);
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
  if (task->nlocs == task->cap_locs)
    task->locs = grow(task->locs, task->locs_in, &task->cap_locs, sizeof *task->locs);
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
  if (!oa_conf.record || !ra || (ra >= oa_the_run.libomp.lo && ra < oa_the_run.libomp.hi))
    return 0;
  uint32_t k = (uint32_t)(ra >> 2) & (OA_EDGE_CACHE - 1);
  if (t->edge_ra[k] != t->ra) {
    t->edge_loc[k] = oa_prof_loc(OA_C_EDGE, t->ra);
    t->edge_ra[k] = t->ra;
  }
  return t->edge_loc[k];
}

uint32_t oa_prof_edge(oa_thread *t)
{
  return edge_loc(t);
}

void oa_frag_end(oa_thread *t, oa_task *task)
{
  oa_node *top = oa_task_top(task);
  if (top && top->kind == OA_W) {
    top->busy = t->flushes >= OA_BUSY_FLUSHES;
    t->flushes = 0;
    top->asked = t->asked_team;
    t->asked_team = 0;
    top->edge_end = edge_loc(t);
    if (oa_race)
      __atomic_store_n(&oa_race_frag_of(top)->t1, __rdtsc(), __ATOMIC_RELAXED);
    OA_PUT_RAW(t, OA_RAW_FRAG_END, raw_frag_end, .node = top->id, .work = top->work,
               .task = task->id, .tool = t->tool_ticks);
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
  if (oa_race) {  /* who ran it, in which implicit task, and when */
    oa_race_frag *x = oa_race_frag_of(w);
    x->thread = t->id;
    x->itask = task->kind != OA_TASK_EXPLICIT ? task->uid : 0;
    x->solo = task->solo;
    x->itop = task->kind != OA_TASK_EXPLICIT ? oa_race_task_of(task)->top : 0;
    x->t0 = __rdtsc();
    x->spreds = oa_race_task_of(task)->spreds;
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
  OA_PUT_RAW(t, OA_RAW_FRAG_BEGIN, raw_frag_begin, .node = w->id, .task = task->id,
             .tool = t->tool_ticks);
  oa_ord_stamp(t, task, w);
}

/* --- start and end --------------------------------------------------------- */

/* libomp starts the tool lazily, at the program's first OpenMP construct:
 * the serial code before it ran unobserved.  It ran on this thread, alone,
 * so this thread's CPU time since the program started measures it, where
 * the program starts at the C library's start-up (__libc_start_main: the
 * program's own constructors, then main), or, for a program that does not
 * start there, when this library was loaded (preloaded by ompadv: before
 * the other libraries' constructors).  It is converted to the metric's unit
 * with the rate oa_measure_start gives. */
static uint64_t startup_work;

/* The earliest moment in this library: its dependencies are loaded. */
static uint64_t loaded_cpu_ns, start_wall_ns;
__attribute__((constructor)) static void on_load(void)
{
  loaded_cpu_ns = oa_clock_ns(CLOCK_THREAD_CPUTIME_ID);
  start_wall_ns = oa_clock_ns(CLOCK_MONOTONIC);
}

/* glibc's start-up, which calls the program's constructors and then main.
 * Exported by the profile tool's library only (Makefile.am), which ompadv
 * preloads: the program's call reaches it first. */
typedef int (*oa_main_fn)(int, char **, char **);
__attribute__((visibility("default")))
int __libc_start_main(oa_main_fn main, int argc, char **argv, void (*init)(void),
                      void (*fini)(void), void (*rtld_fini)(void), void *stack_end)
{
  int (*real)(oa_main_fn, int, char **, void (*)(void), void (*)(void), void (*)(void), void *);
  *(void **)&real = dlsym(RTLD_NEXT, "__libc_start_main");
  if (!real)
    abort();
  loaded_cpu_ns = oa_clock_ns(CLOCK_THREAD_CPUTIME_ID);
  return real(main, argc, argv, init, fini, rtld_fini, stack_end);
}

int oa_prof_started;
uint64_t oa_prof_startup_mpi_ns;

/* When libomp asked for a tool: the end of that serial code (reading the
 * settings, next, takes tens of microseconds). */
static uint64_t asked_cpu_ns;
void oa_prof_asked(void)
{
  asked_cpu_ns = oa_clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

void oa_prof_start(void)
{
  oa_thread *t = oa_me();
  uint64_t now = asked_cpu_ns ? asked_cpu_ns : oa_clock_ns(CLOCK_THREAD_CPUTIME_ID);
  uint64_t before = now > loaded_cpu_ns ? now - loaded_cpu_ns : 0;
  uint64_t in_mpi = __atomic_load_n(&oa_prof_startup_mpi_ns, __ATOMIC_RELAXED);
  before = before > in_mpi ? before - in_mpi : 0;  /* MPI_Init: no directive's work */
  if (oa_conf.mode != OA_RUN_RACE)  /* race mode prints no profile */
    P.hooks.finished = on_finished;
  startup_work = oa_measure_start(t, before);
  __atomic_store_n(&oa_prof_started, 1, __ATOMIC_RELEASE);
}

/* The initial task: the root S-node and the first serial fragment. */
oa_node *oa_prof_root(oa_thread *t, oa_region *r)
{
  P.root = oa_prof_node(t, OA_S);
  P.root->user = r;
  if (oa_conf.record) {
    oa_record *rec = oa_rec_begin(t, OA_REC_META, 0);
    if (rec) {
      rec->rec_meta.metric = oa_conf.metric;
      rec->rec_meta.task_cost = oa_conf.task_cost;
      rec->rec_meta.task_cost_undeferred = oa_conf.task_cost_undeferred;
      oa_commit(t);
    }
    OA_PUT_RAW(t, OA_RAW_CLOCK, raw_clock, .fs_per_tick = (uint64_t)(oa_ns_per_tick() * 1e6),
               .loaded = oa_conf.time ? oa_time_loaded() : 0,
               .started = oa_conf.time ? oa_time_started() : 0);
    rec_new(t, P.root);
  }
  return P.root;
}

/* The initial task's first fragment: the serial code before the tool
 * started, and, from the first stretch measured after it, libomp's start-up
 * (OMPADV_RUNTIME_COST's startup) comes off: rule 19 (measure.c). */
void oa_prof_charge_startup(oa_thread *t, oa_node *w)
{
  w->work += startup_work;
  t->startup_debt = oa_conf.rt_costs.in[OA_RTE_STARTUP];
  if (oa_conf.rt_costs.in[OA_RTE_STARTUP])
    oa_the_run.header->startup_spread = oa_conf.rt_costs.out[OA_RTE_STARTUP];
}

void oa_prof_startup_taken(uint64_t amount)
{
  oa_the_run.header->startup_taken = amount;
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
  if (oa_task_extra)  /* created after what its creator was forced after */
    oa_race_task_of(child)->spreds = oa_race_task_of(parent)->spreds;
  child->cgroup = parent->cgroup;
  child->nanc = parent->nanc;
  memcpy(child->anc, parent->anc, sizeof child->anc);
  if (parent->own_loc)
    oa_anc_add(child->anc, &child->nanc, parent->own_loc);
}

void oa_prof_team(uint32_t team)
{
  uint32_t cur = __atomic_load_n(&P.threads, __ATOMIC_RELAXED);
  while (team > cur) {
    if (__atomic_compare_exchange_n(&P.threads, &cur, team, 0, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED)) {
      rec_word(oa_me(), OA_REC_TEAM, team);
      break;
    }
  }
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
  oa_agg_fill(all_aggs(), &cp, work, span, nlocs, &oa_prof_locs, h, l, nest, room_nested);
  h->metric = oa_conf.metric;
  h->flags = P.flags | (final ? 0 : OA_PROF_PARTIAL);
  h->task_cost = oa_conf.task_cost;
  h->task_cost_undeferred = oa_conf.task_cost_undeferred;
  h->threads = P.threads;
  h->seq = ++P.seq;
  oa_chain_free(&cp);
}

static size_t profile_bytes(uint32_t nlocs, uint32_t nnested)
{
  return sizeof(oa_chunk_header) + sizeof(oa_profile_header) + nlocs * sizeof(oa_profile_loc)
         + nnested * sizeof(oa_profile_nested);
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
  uint32_t nlocs = oa_prof_nlocs(), nnested = oa_agg_count_nested(all_aggs());
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
  uint32_t nlocs = oa_prof_nlocs(), nnested = oa_agg_count_nested(all_aggs());
  which ^= 1;
  if (!snap[which] || snap_locs[which] < nlocs || snap_nested[which] < nnested) {
    uint32_t room = nlocs * 2 < OA_PROF_LOC_MAX ? nlocs * 2 : OA_PROF_LOC_MAX;
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
  oa_flush_w(t);
  uint64_t off = 0, taken = 0;
  int seen = 0;
  for (oa_thread *o = __atomic_load_n(&oa_the_run.threads, __ATOMIC_ACQUIRE); o;
       o = o->next_thread) {
    off += o->off_in_work;
    seen |= o->rseq != NULL;
    taken += o->rt_taken;
  }
  if (oa_conf.metric == OA_METRIC_TSC) {
    oa_the_run.header->offcpu_ticks = off;
    oa_the_run.header->offcpu_seen = (uint32_t)seen;
  }
  oa_the_run.header->tsc_fs_per_tick = oa_measure_fs_per_tick();
  oa_the_run.header->runtime_taken = taken;
  oa_mpi_totals(&oa_the_run.header->mpi_ns, &oa_the_run.header->mpi_calls);
  oa_the_run.header->wall_ns = oa_clock_ns(CLOCK_MONOTONIC) - start_wall_ns;
  write_profile();
}
