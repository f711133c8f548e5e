/* Explicit tasks: creation, scheduling points and dependences.
 * Profile mode (Alg. 7): the creating task's first child after a
 * synchronization opens an ST-node; each task is a P-node (st_val 1) under
 * it, with a stack of its own once it runs.  Dependence edges are built from
 * the `dependences` callback (task_dependence is unreliable, doc/OMPT.md),
 * by the groups of doc/SEMANTICS.md rule 13 (dep_entry). */
#include "prof.h"

#include <stdlib.h>
#include <string.h>

/* Tasks named in one address's history: a list holding a reference
 * (oa_prof_hold) on each. */
typedef struct dep_list {
  oa_node **v;
  uint32_t n, cap;
} dep_list;

/* One address's history as doc/SEMANTICS.md rule 13 orders it: a sequence of
 * groups, each a single out/inout, or a run of in, of inoutset or of
 * mutexinoutset dependences, whose tasks are unordered among themselves
 * and each follow the whole group before (so, by transitivity, every
 * earlier group).  The entry keeps the last group that is not a run of ins
 * (outs, of kind set_kind), the ins since, and what the first task of the
 * outs group followed (before): the next task of the same kind joins the
 * group and follows that. */
enum { SET_OUT = 0, SET_MUTEX, SET_INOUTSET };
typedef struct dep_entry {
  uint64_t addr;                  /* 0: empty */
  dep_list outs;                  /* the last group that is not ins: one out/inout task, the
                                   * tasks of an inoutset or mutexinoutset run, or one per
                                   * chunk of a team of one's loop that wrote (any order) */
  dep_list ins;                   /* the ins since */
  dep_list before;                /* what the outs group's first task followed */
  uint8_t set_kind;               /* the outs group's kind: SET_* */
} dep_entry;

struct oa_depmap {
  dep_entry *e;
  uint32_t n, cap;                /* open addressing, cap a power of two */
};

static void list_push(dep_list *l, oa_node *p)
{
  if (l->n == l->cap) {
    l->cap = l->cap ? l->cap * 2 : 2;
    l->v = oa_xrealloc(l->v, l->cap * sizeof *l->v);
  }
  l->v[l->n++] = p;
}

static void list_release(oa_thread *t, dep_list *l)
{
  for (uint32_t k = 0; k < l->n; k++)
    oa_prof_release(t, l->v[k]);
  l->n = 0;
}

/* Move src's tasks (and their references) to the end of dst. */
static void list_move(dep_list *dst, dep_list *src)
{
  for (uint32_t k = 0; k < src->n; k++)
    list_push(dst, src->v[k]);
  src->n = 0;
}

static dep_entry *dep_find(oa_depmap *m, uint64_t addr)
{
  if ((m->n + 1) * 2 > m->cap) {
    oa_depmap bigger = { .cap = m->cap ? m->cap * 2 : 16 };
    bigger.e = oa_xcalloc(bigger.cap, sizeof *bigger.e);
    for (uint32_t i = 0; i < m->cap; i++) {
      if (!m->e[i].addr)
        continue;
      uint32_t h = (uint32_t)(m->e[i].addr >> 3) & (bigger.cap - 1);
      while (bigger.e[h].addr)
        h = (h + 1) & (bigger.cap - 1);
      bigger.e[h] = m->e[i];
    }
    free(m->e);
    bigger.n = m->n;
    *m = bigger;
  }
  uint32_t h = (uint32_t)(addr >> 3) & (m->cap - 1);
  while (m->e[h].addr && m->e[h].addr != addr)
    h = (h + 1) & (m->cap - 1);
  if (!m->e[h].addr) {
    m->e[h].addr = addr;
    m->n++;
  }
  return &m->e[h];
}

static dep_entry *dep_lookup(const oa_depmap *m, uint64_t addr)
{
  if (!m || !m->cap)
    return NULL;
  uint32_t h = (uint32_t)(addr >> 3) & (m->cap - 1);
  while (m->e[h].addr && m->e[h].addr != addr)
    h = (h + 1) & (m->cap - 1);
  return m->e[h].addr ? &m->e[h] : NULL;
}

static oa_depmap *map_of(oa_node *st)
{
  if (!st->user) {
    st->user = oa_xcalloc(1, sizeof(oa_depmap));
  }
  return st->user;
}

/* The ST-node of the same task around st's level: the tasks under it are
 * older siblings of those under st (a taskgroup, a static share or a team
 * of one's chunk lies between).  None past a piece any thread may run (the
 * task that ran it is the schedule's choice) or past the task's own node. */
static oa_node *outer_level(oa_node *st)
{
  for (oa_node *a = st->parent; a && !a->anythread; a = a->parent) {
    if (a->kind == OA_P && !a->piece)
      return NULL;
    if (a->kind == OA_ST)
      return a;
  }
  return NULL;
}

static void dep_depend(oa_thread *t, oa_node *succ, oa_node *pred, const oa_node *level)
{
  if (pred && pred != succ)
    oa_prof_add_pred(t, succ, pred, level);
}

/* The group kind of a dependence type that is not in (rule 13). */
static int set_kind_of(int type)
{
  switch (type) {
  case ompt_dependence_type_mutexinoutset:
    /* Mutually exclusive with the others of its run, in no order: the span
     * takes them as parallel (as it does critical sections, rule 16), but
     * race mode, which has no lock for a task's whole run, keeps them in
     * creation order so that their accesses are not reported as races
     * (a stand-in for the exclusion; man ompadv-race). */
    return oa_race ? SET_OUT : SET_MUTEX;
  case ompt_dependence_type_inoutset:
    return SET_INOUTSET;
  default:
    return SET_OUT;
  }
}

static void dep_follow(oa_thread *t, oa_node *succ, oa_node *pred, const oa_node *level,
                       dep_list *got)
{
  if (!pred || pred == succ)
    return;
  dep_depend(t, succ, pred, level);
  oa_prof_hold(t, pred);
  list_push(got, pred);
}

static void list_copy(oa_thread *t, dep_list *dst, const dep_list *src)
{
  for (uint32_t k = 0; k < src->n; k++) {
    oa_prof_hold(t, src->v[k]);
    list_push(dst, src->v[k]);
  }
}

/* p, a new task under ST-node st, names addr (doc/SEMANTICS.md rule 13): in
 * after the last group that is not ins; any other kind after the ins since
 * that group, or, with none, after that group, unless it is a run of the
 * same kind (inoutset, mutexinoutset): then it joins the run and follows
 * what the run followed.  Each level keeps the tasks created in it since
 * its start; the outer levels' are older, so the search goes outward until
 * it meets a group that is not ins. */
static void dep_add(oa_thread *t, oa_node *st, oa_node *p, uint64_t addr, int type)
{
  int in = type == ompt_dependence_type_in;
  int kind = in ? SET_OUT : set_kind_of(type);
  dep_entry *d = dep_find(map_of(st), addr);
  dep_list got = { 0 };   /* what p follows (held) */
  dep_entry *joined = NULL;
  int seen_ins = 0;
  for (oa_node *lv = st; lv; lv = outer_level(lv)) {
    dep_entry *e = lv == st ? d : dep_lookup(lv->user, addr);
    if (!e)
      continue;
    if (!in && !seen_ins && !e->ins.n && e->outs.n && kind != SET_OUT && e->set_kind == kind) {
      for (uint32_t i = 0; i < e->before.n; i++)
        dep_follow(t, p, e->before.v[i], lv, &got);
      joined = e;
      break;
    }
    seen_ins |= e->ins.n != 0;
    for (uint32_t i = 0; !in && i < e->ins.n; i++)
      dep_follow(t, p, e->ins.v[i], lv, &got);
    for (uint32_t i = 0; i < e->outs.n; i++)
      dep_follow(t, p, e->outs.v[i], lv, &got);
    if (e->outs.n)
      break;
  }
  oa_prof_hold(t, p);
  if (in) {
    list_release(t, &got);
    free(got.v);
    list_push(&d->ins, p);
    return;
  }
  if (joined && joined != d) {
    /* the run began at an outer level: this level's history now ends
     * with the whole run (its tasks there are older siblings) */
    list_release(t, &d->outs);
    list_release(t, &d->before);
    list_copy(t, &d->outs, &joined->outs);
  }
  if (joined) {
    list_release(t, &d->before);
    list_move(&d->before, &got);
    d->set_kind = (uint8_t)kind;
    list_push(&d->outs, p);
    free(got.v);
    return;
  }
  /* a new group: out, inout, or the first of a run */
  list_release(t, &d->ins);
  list_release(t, &d->outs);
  list_release(t, &d->before);
  list_move(&d->before, &got);
  free(got.v);
  d->set_kind = (uint8_t)kind;
  list_push(&d->outs, p);
}

/* The dependence map of the tasks under one ST-node: they are the siblings
 * an edge can join.  It goes when that ST-node closes (a taskwait, the end
 * of the task or region, or of the taskgroup or chunk that opened it), not
 * when a nested one does. */
static void map_free(oa_thread *t, oa_depmap *m)
{
  for (uint32_t i = 0; i < m->cap; i++) {
    dep_entry *d = &m->e[i];
    if (!d->addr)
      continue;
    list_release(t, &d->ins);
    list_release(t, &d->outs);
    list_release(t, &d->before);
    free(d->ins.v);
    free(d->outs.v);
    free(d->before.v);
  }
  free(m->e);
  free(m);
}

void oa_deps_clear(oa_thread *t, oa_node *st)
{
  if (st->user)
    map_free(t, st->user);
  st->user = NULL;
}

/* The maps of pieces that ran one after the other in either order (a team
 * of one's chunks), or of one piece (a static share), become the later part
 * of the history of the level around them: per address, the outs of every
 * piece that wrote (each followed the older outs and ins), or the older outs
 * if none did; the ins of every piece, and the older ins if none wrote.
 * Where every piece that wrote ended with a run of one kind (inoutset,
 * mutexinoutset), a later task of that kind joins them all. */
static void merge_maps(oa_thread *t, oa_node *out, oa_depmap **maps, uint32_t n)
{
  oa_depmap *o = map_of(out);
  for (uint32_t k = 0; k < n; k++)
    for (uint32_t i = 0; i < maps[k]->cap; i++) {
      dep_entry *d = &maps[k]->e[i];
      if (d->addr && d->outs.n) {  /* the older history is covered */
        dep_entry *e = dep_find(o, d->addr);
        int first = 1;
        for (uint32_t j = 0; j < k && first; j++) {
          dep_entry *x = dep_lookup(maps[j], d->addr);
          first = !(x && x->outs.n);
        }
        if (first) {
          list_release(t, &e->ins);
          list_release(t, &e->outs);
          list_release(t, &e->before);
          e->set_kind = d->set_kind;
        } else if (e->set_kind != d->set_kind) {
          e->set_kind = SET_OUT;  /* runs of different kinds: what follows follows all */
        }
      }
    }
  for (uint32_t k = 0; k < n; k++) {
    for (uint32_t i = 0; i < maps[k]->cap; i++) {
      dep_entry *d = &maps[k]->e[i];
      if (!d->addr)
        continue;
      dep_entry *e = dep_find(o, d->addr);
      list_move(&e->outs, &d->outs);
      list_move(&e->ins, &d->ins);
      list_move(&e->before, &d->before);  /* a run each piece ended with: what it followed */
    }
    map_free(t, maps[k]);
  }
}

/* st closes while its tasks are not waited (the end of a thread's share of a
 * static loop): later siblings still depend on them, so its map joins the
 * level around it, as the later part of that level's history. */
void oa_deps_merge_out(oa_thread *t, oa_node *st)
{
  oa_depmap *m = st->user;
  oa_node *out = m ? outer_level(st) : NULL;
  if (!out)
    return;
  st->user = NULL;
  merge_maps(t, out, &m, 1);
}

/* A team of one's chunk ends: its map waits, apart from the other chunks',
 * for the end of the construct (oa_deps_merge_chunks). */
void oa_deps_keep_chunk(oa_thread *t, oa_task *task, oa_node *st)
{
  (void)t;
  if (!st->user)
    return;
  if (task->nchunk_maps == task->cap_chunk_maps) {
    task->cap_chunk_maps = task->cap_chunk_maps ? task->cap_chunk_maps * 2 : 4;
    task->chunk_maps = oa_xrealloc(task->chunk_maps,
                                   task->cap_chunk_maps * sizeof *task->chunk_maps);
  }
  task->chunk_maps[task->nchunk_maps++] = st->user;
  st->user = NULL;
}

/* The construct ends: its chunks' maps join the level around it (st, the
 * ST-node the construct's node hangs under). */
void oa_deps_merge_chunks(oa_thread *t, oa_task *task, oa_node *st)
{
  if (task->nchunk_maps && st && st->kind == OA_ST)
    merge_maps(t, st, task->chunk_maps, task->nchunk_maps);
  else
    for (uint32_t k = 0; k < task->nchunk_maps; k++)
      map_free(t, task->chunk_maps[k]);
  task->nchunk_maps = 0;
}

/* Which task creates this one.  Explicit tasks carry theirs in their data;
 * other task data is an implicit task's, which the tool never names.  But a
 * large taskloop is split by helper tasks libomp creates itself: a helper
 * running on this thread reports the encountering (implicit) task as the
 * parent of the tasks it generates.  Those belong to the taskloop
 * (doc/SEMANTICS.md rule 14): they hang under the helper, whose own P-node
 * hangs under the encountering task, so they keep the helper's place
 * among its siblings (created during the taskloop, before the taskgroup's
 * end). */
static oa_task *creator_of(oa_thread *t, ompt_data_t *parent, int *for_taskloop)
{
  oa_task *named = parent ? parent->ptr : NULL;
  int helper = t->cur && t->cur->kind == OA_TASK_EXPLICIT && t->cur->started;
  /* An explicit encountering task is named too: only a helper running
   * here (another task than the one named) creates tasks for it from this
   * thread, while the encountering task may be running elsewhere. */
  if (helper && (!named || named != t->cur)) {
    *for_taskloop = 1;
    return t->cur;
  }
  oa_task *e = named ? named : oa_task_of(t, parent);
  *for_taskloop = e && e->taskloop;  /* inside its taskloop construct */
  return e;
}

/* The wait for dependences: of `taskwait depend(...)` (doc/SEMANTICS.md rule
 * 11), and of an if(0) task with depend clauses before it starts.  libomp
 * reports it as a task flagged ompt_task_taskwait, then its dependences.
 * It is what an undeferred task with those dependences and no body would
 * be: an empty undeferred P-node, the dependence edges into it, the
 * creator's continuation after it.  Its task data is libomp's own (it must
 * stay NULL), so the node waits in the thread for its dependences. */
/* The raw log's TASK_CREATE (contract.h: struct oa_raw_task_create). */
static void raw_task_create(oa_thread *t, uint64_t parent, uint64_t task, int flags,
                            unsigned facts, uint64_t pnode)
{
  oa_record *r = oa_raw_begin(t, OA_RAW_TASK_CREATE, 0);
  if (!r)
    return;
  r->raw_task_create.parent = parent;
  r->raw_task_create.task = task;
  r->raw_task_create.task_flags = (uint32_t)flags;
  r->raw_task_create.facts = (uint8_t)facts;
  r->raw_task_create.pnode = pnode;
  oa_commit(t);
}

static void dep_wait_close(oa_thread *t)
{
  if (!t->dep_wait)
    return;
  OA_PUT_RAW(t, OA_RAW_TASK_END, raw_task_end, .task = t->dep_wait->id);
  oa_prof_close(t, t->dep_wait);
  t->dep_wait = NULL;
}

static void prof_dep_wait(ompt_data_t *parent, int flags, const void *ra)
{
  oa_thread *t = oa_me();
  int for_taskloop;
  oa_task *e = creator_of(t, parent, &for_taskloop);
  oa_prof_event(t, OA_RTE_TASKWAIT);
  oa_prof_enter_at(t, ra);
  dep_wait_close(t);
  if (!e || !oa_task_top(e))
    goto out;
  oa_frag_end(t, e);
  oa_node *top = oa_task_children_node(t, e);
  oa_node *p = oa_prof_node(t, OA_P);
  p->loc = oa_task_loc(e);
  p->undeferred = 1;
  p->st_val = 0;
  p->team_index = e->team_index;
  oa_prof_attach(t, top, p);
  raw_task_create(t, e->id, p->id, flags, OA_RAW_TASK_UNDEFERRED, p->id);
  /* an empty fragment: the node's summary carries the chains that reach it
   * by its dependences on to what follows it */
  oa_node *w = oa_prof_node(t, OA_W);
  w->loc = p->loc;
  w->team_index = p->team_index;
  oa_prof_attach(t, p, w);
  OA_PUT_RAW(t, OA_RAW_FRAG_BEGIN, raw_frag_begin, .node = w->id, .task = p->id);
  OA_PUT_RAW(t, OA_RAW_FRAG_END, raw_frag_end, .node = w->id, .task = p->id);
  oa_prof_close(t, w);
  t->dep_wait = p;
  oa_frag_begin(t, e, 0);
out:
  oa_prof_leave(t);
}

/* Undeferred by the program's semantics (rule 10): if(0), included (a
 * descendant of a final task) or merged.  libomp also flags every task of
 * a team of one (or of an inactive nested region) undeferred, because it
 * runs them at once: those are deferred tasks all the same (rule 9). */
static int undeferred_by_program(const oa_thread *t, const oa_task *creator, int flags)
{
  if (!(flags & (ompt_task_undeferred | ompt_task_merged)))
    return 0;
  return t->in_if0 || (flags & ompt_task_merged)
         || (creator->kind == OA_TASK_EXPLICIT && creator->final);
}

static void prof_task_create(ompt_data_t *parent, ompt_data_t *child, int flags,
                             int has_dependences, const void *ra)
{
  oa_thread *t = oa_me();
  int for_taskloop;
  oa_task *e = creator_of(t, parent, &for_taskloop);
  oa_prof_event(t, OA_RTE_TASK_CREATE);
  oa_prof_enter_at(t, ra);
  dep_wait_close(t);
  if (flags & ompt_task_target)
    oa_prof_flag(OA_PROF_APPROX_TARGET);
  if (!e || !(flags & ompt_task_explicit) || !oa_task_top(e))
    goto out;
  oa_frag_end(t, e);
  oa_node *top = oa_task_children_node(t, e);
  /* A taskloop's task (or a helper libomp made to split it) is part of the
   * taskloop's instance, the piece its encountering task holds open
   * (on_work.c): its work and creation cost are the taskloop's, it is no
   * instance of its own.  A task created in a taskloop task's body is a
   * task of its own directive. */
  uint32_t cur = oa_task_loc(e);
  int part = for_taskloop && oa_prof_loc_kind(cur) == OA_C_TASKLOOP;
  uint32_t loc = part ? cur : oa_prof_loc(OA_C_TASK, ra);
  oa_node *p = oa_prof_node(t, OA_P);
  p->st_val = 1;
  p->loc = loc;
  p->own_loc = part ? 0 : loc;
  p->undeferred = (uint8_t)undeferred_by_program(t, e, flags);
  p->st_val = p->undeferred ? 0 : 1;
  p->task = 1;
  /* no dependence can name it: it may fold as soon as it is done */
  p->free_order = !p->undeferred && !has_dependences;
  oa_task *nt = oa_task_new(OA_TASK_EXPLICIT);
  nt->team_index = e->team_index;
  nt->final = (flags & ompt_task_final) != 0;
  nt->untied = (flags & ompt_task_untied) != 0;
  nt->own_loc = loc;
  oa_task_inherit(nt, e);
  nt->solo = e->solo;  /* bound to the encountering task's team */
  OA_ASSERT(!p->inst && !p->user, "a task's P-node holds its enclosing directives (ospg.h)");
  p->nanc = (uint8_t)nt->nanc;
  memcpy(p->anc, nt->anc, sizeof p->anc);
  oa_prof_attach_task(t, top, p);
  /* a deferred child: also one of the levels around the piece it was
   * created in (a share, a team of one's construct or chunk), whose later
   * nested taskwaits wait for it too (rule 11; oa_node_waited) */
  for (oa_node *a = p->undeferred ? NULL : top;
       a && !(a->kind == OA_P && (!a->piece || a->anythread)); a = a->parent)
    if (a->kind == OA_ST)
      a->has_deferred = 1;
  oa_task_push(nt, p);
  oa_task_loc_push(nt, loc);
  child->ptr = nt;
  raw_task_create(t, e->id, nt->id, flags,
                  (t->in_if0 ? OA_RAW_TASK_IF0 : 0) | (p->undeferred ? OA_RAW_TASK_UNDEFERRED : 0),
                  p->id);
  if (oa_race)
    oa_race->task_created(t, child);
  oa_frag_begin(t, e, 0);
out:
  oa_prof_leave(t);
}

/* Prior status (OMPT 5.1):
 *   complete, cancel, late_fulfill -> the prior task is over: close it
 *   switch, yield                  -> it is suspended, its fragment paused
 *   detach, early_fulfill          -> modelled as complete (approximate)
 * The next task starts its first fragment the first time it runs. */
static void prof_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next)
{
  oa_thread *t = oa_me();
  oa_task *pt = prior && prior->ptr ? prior->ptr : NULL;
  /* ompt_taskwait_complete ends the wait of `taskwait depend` (or of an
   * if(0) task's dependences): libomp names its own pseudo task and no next
   * task; the task that waited goes on (taking the thread's implicit task
   * for it booked an explicit task's code to the implicit task) */
  oa_task *nt = status == ompt_taskwait_complete ? NULL : oa_task_of(t, next);
  oa_prof_event(t, OA_RTE_TASK_SWITCH);
  oa_prof_enter(t);
  dep_wait_close(t);
  if (status == ompt_task_detach || status == ompt_task_early_fulfill)
    oa_prof_flag(OA_PROF_APPROX_DETACH);
  int over = status == ompt_task_complete || status == ompt_task_cancel
             || status == ompt_task_late_fulfill || status == ompt_task_detach
             || status == ompt_task_early_fulfill;
  if (pt && pt->kind == OA_TASK_EXPLICIT && over) {
    oa_frag_end(t, pt);
    if (oa_race) {
      oa_node *top = oa_task_top(pt);
      if (top && top->kind == OA_ST && top->st_val == 0 && top->has_deferred)
        oa_race->task_left_children(t, oa_prof_loc_where(pt->own_loc));
      if (oa_race_task_of(pt)->framed == t->id + 1)  /* begun here (an untied task may not be) */
        oa_race->task_end(t);
    }
    oa_task_close_sts(t, pt);
    while (pt->n)
      oa_task_pop_close(t, pt);
    OA_PUT_RAW(t, OA_RAW_TASK_END, raw_task_end, .task = pt->id);
    prior->ptr = NULL;
    if (t->cur == pt)
      t->cur = NULL;
    oa_task_free(pt);
  } else if (pt && pt->untied && oa_race && oa_race_task_of(pt)->framed == t->id + 1
             && (status == ompt_task_switch || status == ompt_task_yield)
             && oa_race->task_below(t, nt)) {
    /* A part of an untied task is over: clang's code returns to the
     * runtime at each scheduling point in the task's body, and the next
     * part may run on any thread.  Its frames are gone; its fragment ends
     * here, so that the next part's accesses name the thread that makes
     * them. */
    oa_frag_end(t, pt);
    oa_race->task_end(t);
    oa_race_task_of(pt)->framed = 0;
  }
  if (nt) {
    t->cur = nt;
    if (nt->kind == OA_TASK_EXPLICIT && !nt->started) {
      nt->started = 1;
      OA_PUT_RAW(t, OA_RAW_TASK_BEGIN, raw_task_begin, .task = nt->id);
      oa_frag_begin(t, nt, 0);
      if (oa_race) {
        oa_race->task_begin(t, 0, nt);
        oa_race_task_of(nt)->framed = t->id + 1;
      }
    } else if (nt->untied && oa_race && !oa_race_task_of(nt)->framed) {
      oa_frag_begin(t, nt, 0);  /* the next part of an untied task */
      oa_race->task_begin(t, 0, nt);
      oa_race_task_of(nt)->framed = t->id + 1;
    }
  }
  oa_prof_leave(t);
}

/* A doacross point (ordered depend(source) or depend(sink: vec), libomp's
 * __kmpc_doacross_post and, once the wait is over, __kmpc_doacross_wait):
 * race mode ends the fragment there, so that the code of an iteration up
 * to its source, and the code after a sink, are fragments of their own, and
 * the race runtime orders the first before the second (doc/SEMANTICS.md
 * rule 7).  The span does not follow these orders (as for ordered
 * regions: OA_PROF_APPROX_ORDERED). */
static void prof_doacross(oa_thread *t, oa_task *task, const ompt_dependence_t *deps, int ndeps)
{
  oa_prof_flag(OA_PROF_APPROX_ORDERED);
  if (!oa_race || !task || !oa_task_top(task) || ndeps <= 0)
    return;
  oa_prof_enter_at(t, NULL);
  oa_node *ended = oa_task_top(task);
  ended = ended->kind == OA_W ? ended : NULL;
  oa_frag_end(t, task);
  oa_frag_begin(t, task, 0);
  oa_node *w = oa_task_top(task);
  uint64_t vec[8];
  int n = ndeps < 8 ? ndeps : 8;
  for (int i = 0; i < n; i++)
    vec[i] = deps[i].variable.value;
  if (w && w->kind == OA_W)
    oa_race->doacross(t, task, ended, w, deps[0].dependence_type == ompt_dependence_type_source,
                      vec, n);
  oa_prof_leave(t);
}

static void prof_dependences(ompt_data_t *task, const ompt_dependence_t *deps, int ndeps)
{
  oa_thread *t = oa_me();
  oa_task *nt = task ? task->ptr : NULL;
  if (ndeps > 0 && (deps[0].dependence_type == ompt_dependence_type_source
                    || deps[0].dependence_type == ompt_dependence_type_sink)) {
    prof_doacross(t, t->cur, deps, ndeps);  /* the thread's implicit task */
    return;
  }
  oa_node *p = nt && nt->n ? nt->stack[0] : t->dep_wait;
  uint64_t id = nt ? nt->id : p ? p->id : 0;
  if (!p || ndeps <= 0) {
    dep_wait_close(t);
    return;
  }
  oa_node *st = p->parent;
  if (!st || st->kind != OA_ST) {
    dep_wait_close(t);
    return;
  }
  for (int i = 0; i < ndeps; i++) {
    OA_PUT_RAW(t, OA_RAW_DEP, raw_dep, .task = id,
               .address = (uint64_t)(uintptr_t)deps[i].variable.ptr,
               .dep_type = (uint64_t)deps[i].dependence_type);
    dep_add(t, st, p, (uint64_t)(uintptr_t)deps[i].variable.ptr,
            (int)deps[i].dependence_type);
  }
  if (p == t->dep_wait)
    dep_wait_close(t);
}

/* libomp reports the wait of an undeferred task's dependences as a
 * "taskwait" task whose data lives in the thread and must stay NULL
 * (kmp_taskdeps.cpp asserts it): a tool must not name it. */
static void model_task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                              int flags, int has_dependences, const void *ra)
{
  if (flags & ompt_task_taskwait)
    prof_dep_wait(parent, flags, ra);
  else
    prof_task_create(parent, task, flags, has_dependences, ra);
}

static void trace_task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                              int flags, int has_dependences, const void *ra)
{
  if (flags & ompt_task_taskwait)
    return;
  oa_thread *t = oa_me();
  task->value = oa_new_id(&oa_the_run.next_task);
  OA_PUT_EVENT_AT(t, ompt_callback_task_create, 0, ra, task_create, .task = task->value,
                  .parent = OA_TASK_ID(parent), .task_flags = (uint32_t)flags,
                  .has_dependences = (uint64_t)has_dependences);
}

/* prior_status: switch (7) when a task is suspended or started, complete (1)
 * when the prior task finished; next is NULL only on some runtimes' last
 * completion, recorded as 0. */
static void model_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next)
{
  prof_task_schedule(prior, status, next);
}

static void trace_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next)
{
  oa_thread *t = oa_me();
  /* the end of a dependence wait names libomp's own wait task (data the
   * tool never writes, not the waiting task) and no next task: both 0 */
  OA_PUT_EVENT(t, ompt_callback_task_schedule, 0, task_schedule,
               .prior = status == ompt_taskwait_complete ? 0 : OA_TASK_ID(prior),
               .status = (uint64_t)status, .next = next ? OA_TASK_ID(next) : 0);
}

/* One record for the task, then one per dependence, so the list reaches the
 * reader whole and in order (the records of a thread are never interleaved). */
static void model_dependences(ompt_data_t *task, const ompt_dependence_t *deps, int ndeps)
{
  prof_dependences(task, deps, ndeps);
}

static void trace_dependences(ompt_data_t *task, const ompt_dependence_t *deps, int ndeps)
{
  oa_thread *t = oa_me();
  oa_record *r = oa_begin_record(t, ompt_callback_dependences, 0);
  if (!r)
    return;
  r->dependences.task = OA_TASK_ID(task);
  r->dependences.ndeps = (uint64_t)(ndeps > 0 ? ndeps : 0);
  oa_commit(t);
  for (int i = 0; i < ndeps; i++) {
    r = oa_begin_record(t, OA_EV_DEPENDENCE, 0);
    if (!r)
      return;
    r->dependence.address = (uint64_t)(uintptr_t)deps[i].variable.ptr;
    r->dependence.dep_type = (uint64_t)deps[i].dependence_type;
    oa_commit(t);
  }
}

static void trace_task_dependence(ompt_data_t *src, ompt_data_t *sink)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT(t, ompt_callback_task_dependence, 0, task_dependence, .source = OA_TASK_ID(src),
               .sink = OA_TASK_ID(sink));
}

ompt_callback_task_create_t const oa_trace_task_create = trace_task_create;
ompt_callback_task_create_t const oa_model_task_create = model_task_create;
ompt_callback_task_schedule_t const oa_trace_task_schedule = trace_task_schedule;
ompt_callback_task_schedule_t const oa_model_task_schedule = model_task_schedule;
ompt_callback_dependences_t const oa_trace_dependences = trace_dependences;
ompt_callback_dependences_t const oa_model_dependences = model_dependences;
ompt_callback_task_dependence_t const oa_trace_task_dependence = trace_task_dependence;
ompt_callback_task_dependence_t const oa_model_task_dependence = NULL;
