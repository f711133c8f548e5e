/* Threads, parallel regions and implicit tasks: the fork-join skeleton.
 * Profile mode (Alg. 4-5): a parallel region is an S-node holding one
 * S-node per barrier phase, each with a P-node per thread. */
#include "prof.h"

#include <string.h>

/* The implicit tasks of a thread, innermost last: t->impl_task/impl_id
 * (tool.h) hold the innermost OA_MAX_IMPLICIT; the outer ones of a deeper
 * nest move to this thread's spill, and back as the inner ones end.  Only
 * the innermost is ever looked at (oa_task_of, oa_task_id).  Before, a
 * thread's 65th implicit task (64 nested regions under the initial task)
 * was not pushed, its end popped its parent's, and the initial task's end
 * found none: the root never closed, and the profile said work 0 (issue
 * 31, item 8). */
static __thread struct {
  oa_task **task;
  uint64_t *id;
  uint32_t n, cap;
} spill;

static void impl_push(oa_thread *t, oa_task *task, uint64_t id)
{
  if (t->nimpl == OA_MAX_IMPLICIT) {
    if (spill.n == spill.cap) {
      uint32_t cap = spill.cap ? spill.cap * 2 : 64;
      spill.task = oa_xrealloc(spill.task, cap * sizeof *spill.task);
      spill.id = oa_xrealloc(spill.id, cap * sizeof *spill.id);
      spill.cap = cap;
    }
    spill.task[spill.n] = t->impl_task[0];
    spill.id[spill.n++] = t->impl_id[0];
    memmove(t->impl_task, t->impl_task + 1, (OA_MAX_IMPLICIT - 1) * sizeof t->impl_task[0]);
    memmove(t->impl_id, t->impl_id + 1, (OA_MAX_IMPLICIT - 1) * sizeof t->impl_id[0]);
    t->nimpl--;
  }
  t->impl_task[t->nimpl] = task;
  t->impl_id[t->nimpl++] = id;
}

static void impl_pop(oa_thread *t)
{
  if (!t->nimpl)
    return;
  t->nimpl--;
  if (spill.n && t->nimpl == OA_MAX_IMPLICIT - 1) {
    memmove(t->impl_task + 1, t->impl_task, (OA_MAX_IMPLICIT - 1) * sizeof t->impl_task[0]);
    memmove(t->impl_id + 1, t->impl_id, (OA_MAX_IMPLICIT - 1) * sizeof t->impl_id[0]);
    t->impl_task[0] = spill.task[--spill.n];
    t->impl_id[0] = spill.id[spill.n];
    t->nimpl++;
  }
}

static void prof_parallel_begin(ompt_data_t *task, ompt_data_t *parallel, unsigned int requested,
                                int flags, const void *ra)
{
  oa_thread *t = oa_me();
  oa_task *e = oa_task_of(t, task);
  oa_prof_event(t, OA_RTE_PAR_BEGIN);
  oa_prof_enter_at(t, ra);
  t->forking = 1;
  t->forked = NULL;
  if (!e || !oa_task_top(e))
    goto out;
  oa_frag_end(t, e);
  if (oa_race && e->kind == OA_TASK_INITIAL)
    oa_race->epoch();  /* the serial code before it cannot race with it */
  /* the program chose this team's size (tool/interpose.c); a league's
   * size is the number of teams, not the threads' (doc/SEMANTICS.md rule 8) */
  uint32_t fixed = t->team_pushed || __atomic_load_n(&oa_team_set, __ATOMIC_RELAXED)
                   || (flags & ompt_parallel_league);
  t->team_pushed = 0;
  oa_region *r = oa_prof_region_new(t, requested, fixed ? OA_REGION_FIXED : 0);
  r->loc = oa_prof_loc(OA_C_PARALLEL, ra);
  r->other_teams = !fixed && e->kind == OA_TASK_INITIAL;
  /* with room for race mode's bytes after it (oa_task_extra), which
   * oa_task_inherit writes too */
  struct { oa_task task; oa_race_task race; } enc = { .task = { .nanc = 0 } };
  oa_task_inherit(&enc.task, e);
  r->nanc = enc.task.nanc;
  memcpy(r->anc, enc.task.anc, sizeof r->anc);
  r->cgroup = enc.task.cgroup;
  r->league = (flags & ompt_parallel_league) != 0;
  OA_PUT_RAW(t, OA_RAW_PAR_BEGIN, raw_par_begin, .region = r->id, .task = e->id,
             .team = r->agg.team);
  r->spar = oa_prof_node(t, OA_S);
  r->spar->loc = r->spar->own_loc = r->loc;
  r->spar->user = r;
  oa_prof_attach(t, oa_task_top(e), r->spar);
  oa_task_push(e, r->spar);
  r->sbar = oa_prof_node(t, OA_S);
  r->sbar->loc = r->loc;
  oa_prof_attach(t, r->spar, r->sbar);
  parallel->ptr = r;  /* for the other threads of the team */
  t->forked = r;
out:
  oa_prof_leave(t);
}

/* The region is taken from the encountering task's stack, and the parallel
 * data is left alone: with nested regions forked at once, libomp can hand
 * that data to another team before this end is reported (the oracle saw
 * ends with another region's data, and clearing it here lost that team's
 * region). */
static void prof_parallel_end(ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  oa_thread *t = oa_me();
  oa_task *e = oa_task_of(t, task);
  oa_node *top = e ? oa_task_top(e) : NULL;
  oa_region *r = top && top->kind == OA_S && top->user ? top->user : NULL;
  oa_prof_event(t, OA_RTE_PAR_END);
  oa_prof_enter_at(t, ra);
  t->forking = 0;
  t->forked = NULL;
  if (r && e) {
    oa_node *spar = r->spar, *sbar = r->sbar;  /* r is gone once spar completes */
    uint64_t rid = r->id;
    oa_prof_close(t, sbar);
    if (oa_task_top(e) == spar)
      e->n--;
    oa_prof_close(t, spar);
    t->cur = e;
    if (e->kind == OA_TASK_INITIAL && oa_race)
      oa_race->epoch();  /* nor with the serial code after it */
    else if (e->kind == OA_TASK_INITIAL)
      oa_prof_snapshot();
    OA_PUT_RAW(t, OA_RAW_PAR_END, raw_par_end, .region = rid, .task = e->id);
    oa_frag_begin(t, e, 0);
  }
  oa_prof_leave(t);
}

static void prof_implicit_begin(ompt_data_t *parallel, ompt_data_t *task, unsigned int team,
                                unsigned int index, int flags)
{
  oa_thread *t = oa_me();
  oa_prof_event(t, flags & ompt_task_initial ? OA_RTE_NONE : OA_RTE_FORK);
  oa_prof_enter(t);
  /* Thread 0 of a team is the thread that began its region: the region is
   * the one this thread began last, not what the parallel data says.
   * libomp hands the initial task of a league of one team (a teams
   * construct it serializes) the data of the thread's serialized team,
   * which is that of the thread's last serialized region, long over (or
   * none, which looked like the program's own initial task).  The other
   * threads get the team's data, which names the region. */
  int own = index == 0 && t->forking;
  oa_region *region = own ? t->forked : parallel ? parallel->ptr : NULL;
  if (own) {
    t->forking = 0;
    t->forked = NULL;
  }
  if ((flags & ompt_task_initial) && !own && !region) {
    /* The initial task is the team of one of the program's implicit
     * region: its orphaned worksharing constructs and barriers have phases
     * like any team's, and the root is that region.  (The initial tasks of
     * a host teams construct's league come with the league's region: they
     * are its implicit tasks, logically parallel with each other,
     * doc/SEMANTICS.md rule 8.) */
    oa_task *init = oa_task_new(OA_TASK_INITIAL);
    init->team = 1;
    init->solo = 1;
    oa_region *r = oa_prof_region_new(t, 1, OA_REGION_FIXED);
    r->spar = oa_prof_root(t, r);
    r->sbar = oa_prof_node(t, OA_S);
    oa_prof_attach(t, r->spar, r->sbar);
    init->region = r;
    init->region_id = r->id;
    oa_node *p = oa_prof_node(t, OA_P);
    oa_prof_attach(t, r->sbar, p);
    oa_task_push(init, p);
    oa_prof_initial_phase(p);
    oa_task_loc_push(init, 0);
    if (oa_race)  /* before its first fragment, which records the top */
      oa_race_task_of(init)->top = oa_race->task_begin(t, 2, init);
    oa_frag_begin(t, init, 0);
    oa_prof_charge_startup(t, oa_task_top(init));
    impl_push(t, init, init->id);
    t->cur = init;
  } else if (region) {
    oa_region *r = region;
    oa_task *it = oa_task_new(OA_TASK_IMPLICIT);
    it->region = r;
    it->region_id = r->id;
    it->nanc = r->nanc;
    memcpy(it->anc, r->anc, sizeof it->anc);
    it->team_index = (uint16_t)index;
    it->team = team;
    /* each team of a league is a contention group of its own */
    it->cgroup = r->league ? (r->id << 16 | (index & 0xffff)) + 1 : r->cgroup;
    oa_task_loc_push(it, r->loc);
    oa_node *p = oa_prof_node(t, OA_P);
    p->loc = r->loc;
    p->team_index = (uint16_t)index;
    oa_prof_attach(t, r->sbar, p);
    oa_task_push(it, p);
    OA_PUT_RAW(t, OA_RAW_IMPL_BEGIN, raw_impl_begin, .region = r->id, .task = it->id,
               .index = index);
    if (oa_race)  /* before its first fragment, which records the top */
      oa_race_task_of(it)->top = oa_race->task_begin(t, 1, it);
    oa_frag_begin(t, it, 0);
    oa_task_top(it)->edge_begin = oa_conf.record ? r->loc : 0;  /* no address of its own */
    impl_push(t, it, it->id);
    t->cur = it;
    oa_prof_team(team);
  }
  oa_prof_leave(t);
}

/* Whatever the task still has open goes: a team of one has no barriers. */
static void prof_implicit_end(ompt_data_t *task)
{
  oa_thread *t = oa_me();
  oa_task *it = t->nimpl ? t->impl_task[t->nimpl - 1] : NULL;
  oa_prof_enter(t);
  if (it) {
    impl_pop(t);
    oa_frag_end(t, it);
    if (oa_race)
      oa_race->task_end(t);
    oa_task_close_sts(t, it);
    while (it->n)
      oa_task_pop_close(t, it);
    if (it->kind == OA_TASK_IMPLICIT)
      OA_PUT_RAW(t, OA_RAW_IMPL_END, raw_impl_end, .task = it->id);
    if (it->kind == OA_TASK_INITIAL)
      oa_prof_close_root(t, it);
    if (t->cur == it)
      t->cur = NULL;
    oa_task_free(it);
  }
  oa_prof_leave(t);
}

static void model_thread_begin(ompt_thread_t type, ompt_data_t *thread_data)
{
  oa_thread *t = oa_me();
  thread_data->value = t->id;
}

static void trace_thread_begin(ompt_thread_t type, ompt_data_t *thread_data)
{
  oa_thread *t = oa_me();
  thread_data->value = t->id;
  OA_PUT_EVENT(t, ompt_callback_thread_begin, 0, thread_begin, .thread_type = (uint64_t)type);
}

static void trace_thread_end(ompt_data_t *thread_data)
{
  oa_thread *t = oa_me();
  if (oa_begin_record(t, ompt_callback_thread_end, 0))  /* the head only */
    oa_commit(t);
  oa_thread_retire(t);
}

static void model_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame,
                                 ompt_data_t *parallel, unsigned int requested, int flags,
                                 const void *ra)
{
  prof_parallel_begin(task, parallel, requested, flags, ra);
}

static void trace_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame,
                                 ompt_data_t *parallel, unsigned int requested, int flags,
                                 const void *ra)
{
  oa_thread *t = oa_me();
  parallel->value = oa_new_id(&oa_the_run.next_parallel);
  OA_PUT_EVENT_AT(t, ompt_callback_parallel_begin, 0, ra, parallel_begin,
                  .parallel = parallel->value, .task = OA_TASK_ID(task), .requested = requested,
                  .parallel_flags = (uint32_t)flags);
}

static void model_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags, const void *ra)
{
  prof_parallel_end(parallel, task, ra);
}

static void trace_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags, const void *ra)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT_AT(t, ompt_callback_parallel_end, 0, ra, parallel_end,
                  .parallel = OA_PAR_ID(parallel), .task = OA_TASK_ID(task),
                  .parallel_flags = (uint32_t)flags);
}

/* At the end of an implicit task the runtime passes parallel_data NULL and,
 * on workers, a team size of 0 (doc/OMPT.md): record what arrives. */
static void model_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                                ompt_data_t *task, unsigned int team, unsigned int index, int flags)
{
  if (endpoint == ompt_scope_begin)
    prof_implicit_begin(parallel, task, team, index, flags);
  else
    prof_implicit_end(task);
}

static void trace_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                                ompt_data_t *task, unsigned int team, unsigned int index, int flags)
{
  oa_thread *t = oa_me();
  if (endpoint == ompt_scope_begin)
    impl_push(t, NULL, oa_new_id(&oa_the_run.next_task));
  OA_PUT_EVENT(t, ompt_callback_implicit_task, endpoint, implicit_task,
               .parallel = OA_PAR_ID(parallel), .task = OA_TASK_ID(task), .team = team,
               .task_flags = (uint32_t)flags, .index = index);
  if (endpoint == ompt_scope_end)
    impl_pop(t);
}

ompt_callback_thread_begin_t const oa_trace_thread_begin = trace_thread_begin;
ompt_callback_thread_begin_t const oa_model_thread_begin = model_thread_begin;
ompt_callback_thread_end_t const oa_trace_thread_end = trace_thread_end;
ompt_callback_thread_end_t const oa_model_thread_end = NULL;  /* its sums are merged at the end */
ompt_callback_parallel_begin_t const oa_trace_parallel_begin = trace_parallel_begin;
ompt_callback_parallel_begin_t const oa_model_parallel_begin = model_parallel_begin;
ompt_callback_parallel_end_t const oa_trace_parallel_end = trace_parallel_end;
ompt_callback_parallel_end_t const oa_model_parallel_end = model_parallel_end;
ompt_callback_implicit_task_t const oa_trace_implicit_task = trace_implicit_task;
ompt_callback_implicit_task_t const oa_model_implicit_task = model_implicit_task;
