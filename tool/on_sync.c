/* Synchronization regions: barriers of every kind, taskwait, taskgroup,
 * reductions, flushes and cancellation.
 * Profile mode: a barrier closes each thread's P-node of the phase and opens
 * the next phase (Alg. 6); taskwait marks and closes the task's ST-node
 * (Alg. 8); a taskgroup is an S-node. */
#include "prof.h"

/* The first thread out of barrier k makes phase k+1's S-node and closes phase
 * k's; the others wait for it (they are leaving the same barrier). */
static void new_phase(oa_thread *t, oa_task *it)
{
  oa_region *r = it->region;
  uint32_t k = it->epoch, expect = k;
  if (__atomic_compare_exchange_n(&r->epoch, &expect, k + 1, 0, __ATOMIC_ACQ_REL,
                                  __ATOMIC_ACQUIRE)) {
    oa_node *old = r->sbar, *sbar = oa_prof_node(t, OA_S);
    sbar->loc = r->loc;
    oa_prof_attach(t, r->spar, sbar);
    r->sbar = sbar;
    __atomic_store_n(&r->published, k + 1, __ATOMIC_RELEASE);
    oa_prof_close(t, old);
  } else {
    while (__atomic_load_n(&r->published, __ATOMIC_ACQUIRE) < k + 1)
      __builtin_ia32_pause();
  }
  it->epoch = k + 1;
  oa_ord_phase_end(it);
  oa_node *p = oa_prof_node(t, OA_P);
  p->loc = r->loc;
  p->team_index = it->team_index;
  oa_prof_attach(t, r->sbar, p);
  oa_task_push(it, p);
  if (it->kind == OA_TASK_INITIAL)
    oa_prof_initial_phase(p);
  oa_frag_begin(t, it, 0);
}

/* Time mode: the construct that waits at a barrier (its row names it): the
 * parallel region it ends, the worksharing construct it ends, or for an
 * explicit barrier its own call. */
static uint32_t barrier_loc(oa_thread *t, oa_task *task, ompt_sync_region_t kind)
{
  switch (kind) {
  case ompt_sync_region_barrier_implicit_parallel:
  case ompt_sync_region_barrier_teams:
    return task->kind == OA_TASK_IMPLICIT && task->region ? task->region->loc : 0;
  case ompt_sync_region_barrier_implicit_workshare:
    return task->ws_end_loc;
  default:
    return oa_prof_edge(t);
  }
}

static void prof_barrier(oa_thread *t, oa_task *task, ompt_sync_region_t kind,
                         ompt_scope_endpoint_t endpoint)
{
  int in_region = task->kind != OA_TASK_EXPLICIT && task->region;
  /* raw log: the initial task's barriers are those of region 0; a region
   * may be gone at its end, so its id is the task's copy */
  uint64_t rid = task->kind == OA_TASK_IMPLICIT ? task->region_id : 0;
  if (endpoint == ompt_scope_begin) {
    oa_frag_end(t, task);
    if (in_region) {
      oa_task_close_sts(t, task);
      while (task->n)
        oa_task_pop_close(t, task);
    }
    OA_PUT_RAW(t, OA_RAW_BAR_BEGIN, raw_bar_begin, .region = rid, .task = task->id,
               .kind = kind, .loc = oa_conf.time ? barrier_loc(t, task, kind) : 0);
    return;
  }
  OA_PUT_RAW(t, OA_RAW_BAR_END, raw_bar_end, .region = rid, .task = task->id, .kind = kind);
  if (!in_region) {
    oa_frag_begin(t, task, 0);
  } else if (kind != ompt_sync_region_barrier_implicit_parallel
             && kind != ompt_sync_region_barrier_teams) {
    new_phase(t, task);
  }
}

static void prof_taskgroup(oa_thread *t, oa_task *task, ompt_scope_endpoint_t endpoint,
                           const void *ra)
{
  oa_frag_end(t, task);
  if (endpoint == ompt_scope_begin) {
    oa_node *top = oa_task_top(task);
    uint32_t loc = top || oa_conf.time ? oa_prof_loc(OA_C_TASKGROUP, ra) : 0;
    OA_PUT_RAW(t, OA_RAW_TG_BEGIN, raw_tg_begin, .task = task->id,
               .loc = oa_conf.time ? loc : 0);
    if (!top)
      return;
    oa_node *s = oa_prof_node(t, OA_S);
    s->loc = s->own_loc = loc;
    oa_prof_attach(t, top, s);
    oa_task_push(task, s);
    oa_task_loc_push(task, loc);
  } else {
    oa_task_close_sts(t, task);
    oa_node *top = oa_task_top(task);
    if (top && top->kind == OA_S && top->own_loc) {
      oa_task_pop_close(t, task);
      oa_task_loc_pop(task);
    }
    OA_PUT_RAW(t, OA_RAW_TG_END, raw_tg_end, .task = task->id);
  }
  oa_frag_begin(t, task, 0);
}

static void prof_sync(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                      ompt_data_t *task_data, const void *ra)
{
  oa_thread *t = oa_me();
  oa_task *task = oa_task_of(t, task_data);
  if (kind == ompt_sync_region_barrier_implicit_parallel)
    oa_prof_event(t, endpoint == ompt_scope_begin ? OA_RTE_JOIN : OA_RTE_NONE);
  else if (kind == ompt_sync_region_taskwait)
    oa_prof_event(t, endpoint == ompt_scope_begin ? OA_RTE_TASKWAIT : OA_RTE_TASKWAIT_END);
  else if (kind != ompt_sync_region_taskgroup && kind != ompt_sync_region_reduction)
    oa_prof_event(t, endpoint == ompt_scope_begin ? OA_RTE_BARRIER : OA_RTE_BARRIER_END);
  oa_prof_enter_at(t, ra);
  if (!task)
    goto out;
  switch (kind) {
  case ompt_sync_region_taskwait:
    if (endpoint == ompt_scope_begin) {
      oa_frag_end(t, task);
      OA_PUT_RAW(t, OA_RAW_TW_BEGIN, raw_tw_begin, .task = task->id,
                 .loc = oa_conf.time ? oa_prof_edge(t) : 0);
    } else {
      oa_node *top = oa_task_top(task);
      if (!oa_share_taskwait(t, task)) {
        if (top && top->kind == OA_ST)
          oa_task_pop_waited(t, task);
        oa_prof_waited(t, task);
      }
      OA_PUT_RAW(t, OA_RAW_TW_END, raw_tw_end, .task = task->id);
      oa_frag_begin(t, task, 0);
    }
    break;
  case ompt_sync_region_taskgroup:
    prof_taskgroup(t, task, endpoint, ra);
    break;
  case ompt_sync_region_reduction:
    break;
  default:
    prof_barrier(t, task, kind, endpoint);
    break;
  }
out:
  oa_prof_leave(t);
}

static void sync_event(unsigned type, ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                       ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  oa_thread *t = oa_me();
  /* the three kinds share sync_region's struct */
  OA_PUT_EVENT_AT(t, type, endpoint, ra, sync_region, .kind = (uint64_t)kind,
                  .parallel = OA_PAR_ID(parallel), .task = OA_TASK_ID(task));
}

static void model_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                              ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  prof_sync(kind, endpoint, task, ra);
}

static void trace_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                              ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  sync_event(ompt_callback_sync_region, kind, endpoint, parallel, task, ra);
}

/* The end of a taskgroup is reported after its wait: the fragment must end
 * when the wait begins, or the waiting would count as work. */
static void prof_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                      ompt_data_t *task_data)
{
  oa_thread *t = oa_me();
  oa_task *task = oa_task_of(t, task_data);
  oa_prof_enter(t);
  if (task && kind == ompt_sync_region_taskgroup && endpoint == ompt_scope_begin)
    oa_frag_end(t, task);
  if (task)
    OA_PUT(t, oa_raw_begin(t, OA_RAW_SWAIT, endpoint == ompt_scope_begin), raw_swait,
           .region = task->kind == OA_TASK_IMPLICIT ? task->region_id : 0, .task = task->id,
           .kind = kind, .tool = t->tool_ticks);
  oa_prof_leave(t);
}

static void model_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                                   ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  prof_wait(kind, endpoint, task);
}

static void trace_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                                   ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  sync_event(ompt_callback_sync_region_wait, kind, endpoint, parallel, task, ra);
}

static void trace_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                            ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  sync_event(ompt_callback_reduction, kind, endpoint, parallel, task, ra);
}

static void model_flush(ompt_data_t *thread_data, const void *ra)
{
  oa_me()->flushes++;  /* busy-waiting shows as many flushes in one fragment */
}

static void trace_flush(ompt_data_t *thread_data, const void *ra)
{
  oa_thread *t = oa_me();
  if (oa_begin_record_at(t, ompt_callback_flush, 0, ra))  /* the head only */
    oa_commit(t);
}

static void model_cancel(ompt_data_t *task, int flags, const void *ra)
{
  oa_prof_flag(OA_PROF_APPROX_CANCEL);
}

static void trace_cancel(ompt_data_t *task, int flags, const void *ra)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT_AT(t, ompt_callback_cancel, 0, ra, cancel, .task = OA_TASK_ID(task),
                  .cancel_flags = (uint32_t)flags);
}

ompt_callback_sync_region_t const oa_trace_sync_region = trace_sync_region;
ompt_callback_sync_region_t const oa_model_sync_region = model_sync_region;
ompt_callback_sync_region_t const oa_trace_sync_region_wait = trace_sync_region_wait;
ompt_callback_sync_region_t const oa_model_sync_region_wait = model_sync_region_wait;
ompt_callback_sync_region_t const oa_trace_reduction = trace_reduction;
ompt_callback_sync_region_t const oa_model_reduction = NULL;
ompt_callback_flush_t const oa_trace_flush = trace_flush;
ompt_callback_flush_t const oa_model_flush = model_flush;
ompt_callback_cancel_t const oa_trace_cancel = trace_cancel;
ompt_callback_cancel_t const oa_model_cancel = model_cancel;
