/* Worksharing: loops, sections, single, masked, and the chunks the runtime
 * dispatches to each thread.
 * Profile mode: a static loop's share of a thread is one fragment of its
 * implicit task, in program order (the schedule fixes it for the team
 * size); each dynamically dispatched chunk (or section) is a P-node of its
 * own, because chunks are logically parallel even when one thread runs
 * several. */
#include "prof.h"

#include <stdlib.h>
#include <string.h>

static unsigned construct_of(ompt_work_t work)
{
  switch (work) {
  case ompt_work_sections:
    return OA_C_SECTIONS;
  case ompt_work_single_executor:
  case ompt_work_single_other:
    return OA_C_SINGLE;
  case ompt_work_taskloop:
    return OA_C_TASKLOOP;
  default:
    return OA_C_LOOP;
  }
}

static void close_chunk(oa_thread *t, oa_task *task)
{
  if (!task->chunk)
    return;
  int share = task->chunk->undeferred;  /* a static share, no chunk */
  oa_task_close_sts(t, task);  /* tasks created in the chunk: not waited */
  if (oa_task_top(task) == task->chunk)
    oa_task_pop_close(t, task);
  task->chunk = NULL;
  if (!share)
    oa_raw(t, OA_RAW_CHUNK_END, task->id, 0, 0, 0);
}

/* libomp's own time before and after the callback (metric.h): a sections
 * construct takes the static loop's way through the runtime. */
static unsigned rt_event_of(ompt_work_t work, ompt_scope_endpoint_t endpoint)
{
  int begin = endpoint == ompt_scope_begin;
  switch (work) {
  case ompt_work_loop_static:
  case ompt_work_sections:
    return begin ? OA_RTE_LOOP_STATIC : OA_RTE_LOOP_END_STATIC;
  case ompt_work_loop:
  case ompt_work_loop_dynamic:
  case ompt_work_loop_guided:
  case ompt_work_loop_other:
    return begin ? OA_RTE_LOOP_DYNAMIC : OA_RTE_LOOP_END_DYNAMIC;
  default:
    return OA_RTE_NONE;
  }
}

static void prof_work(ompt_work_t work, ompt_scope_endpoint_t endpoint, ompt_data_t *task_data,
                      const void *ra)
{
  oa_thread *t = oa_me();
  oa_task *task = oa_task_of(t, task_data);
  oa_prof_event(t, rt_event_of(work, endpoint));
  oa_prof_enter_at(t, ra);
  if (!task || work == ompt_work_workshare || work == ompt_work_scope
      || work == ompt_work_distribute)
    goto out;
  int counts = work != ompt_work_taskloop;   /* the team meets these in the same order */
  if (work == ompt_work_single_other) {
    if (endpoint == ompt_scope_begin && task->region)
      task->ws_seq++;
    goto out;
  }
  oa_frag_end(t, task);
  if (endpoint == ompt_scope_begin) {
    uint32_t loc = oa_prof_loc_flagged(construct_of(work), ra,
                                       work == ompt_work_loop_static ? OA_LOC_STATIC : 0);
    int shared = work != ompt_work_single_executor && work != ompt_work_taskloop;
    if (counts && task->region) {
      uint32_t k = task->ws_seq++;
      if (shared) {
        oa_ws_slot *slot = oa_prof_slot(t, task->region, k, loc);
        loc = slot->loc;  /* a known address for the directive, if any thread had one */
        task->ws_slot = k + 1;
      }
    }
    oa_task_loc_push(task, loc);
    if (shared)
      task->static_loop = work == ompt_work_loop_static;
    oa_frag_begin(t, task, work == ompt_work_taskloop ? 0 : loc);
  } else {
    int shared = work != ompt_work_single_executor && work != ompt_work_taskloop;
    if (shared) {  /* a taskloop or single inside a chunk does not end it */
      close_chunk(t, task);
      task->ws_slot = 0;
    }
    oa_task_loc_pop(task);
    oa_frag_begin(t, task, 0);
  }
out:
  oa_prof_leave(t);
}

static void prof_dispatch(ompt_data_t *task_data, ompt_dispatch_t kind)
{
  oa_thread *t = oa_me();
  oa_task *task = oa_task_of(t, task_data);
  oa_prof_enter(t);
  /* A static schedule gives iteration i to the same thread in every run
   * for this team size (and in every loop with the same bounds, which
   * programs rely on after nowait; SEMANTICS.md rule 4): the thread's share
   * stays in its implicit task's program order: a P-node that completes
   * before what follows it, as an undeferred task does (the loop's instance
   * on this thread, holding what its body nests), instead of a chunk any
   * thread could have run. */
  int share = task && task->static_loop && kind == ompt_dispatch_ws_loop_chunk;
  if (task && (kind == ompt_dispatch_ws_loop_chunk || kind == ompt_dispatch_section)) {
    oa_frag_end(t, task);
    close_chunk(t, task);
    oa_node *top = oa_task_top(task);
    if (top) {
      oa_node *p = oa_prof_node(t, OA_P);
      p->undeferred = (uint8_t)share;
      p->loc = p->own_loc = oa_task_loc(task);
      p->team_index = task->team_index;
      p->anythread = !share && task->team > 1;
      p->any_phase = task->stack[0]->depth;
      if (task->ws_slot && task->region) {
        p->inst = task->ws_slot;
        p->user = task->region;
      }
      oa_prof_attach(t, top, p);
      oa_task_push(task, p);
      task->chunk = p;
      if (!share)
        oa_raw(t, OA_RAW_CHUNK_BEGIN, task->id, p->id, 0, 0);
      oa_frag_begin(t, task, 0);
    }
  }
out:
  oa_prof_leave(t);
}

static void prof_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *task_data, const void *ra)
{
  oa_thread *t = oa_me();
  oa_task *task = oa_task_of(t, task_data);
  oa_prof_enter_at(t, ra);
  if (task) {
    oa_frag_end(t, task);
    uint32_t loc = 0;
    if (endpoint == ompt_scope_begin) {
      loc = oa_prof_loc(OA_C_MASKED, ra);
      oa_task_loc_push(task, loc);
    } else {
      oa_task_loc_pop(task);
    }
    oa_frag_begin(t, task, loc);
  }
  oa_prof_leave(t);
}

static void on_work(ompt_work_t work, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                    ompt_data_t *task, uint64_t count, const void *ra)
{
  if (oa_the_run.mode == OA_MODE_PROFILE) {
    prof_work(work, endpoint, task, ra);
    return;
  }
  oa_thread *t = oa_me();
  oa_event *e = oa_begin_at(t, ompt_callback_work, endpoint, ra);
  if (!e)
    return;
  e->a = (uint64_t)work;
  e->b = OA_PAR_ID(parallel);
  e->c = OA_TASK_ID(task);
  e->d = count;
  oa_commit(t);
}

/* For loop and taskloop chunks 'instance' points at the chunk bounds; for a
 * section it is the section's code address. */
static void on_dispatch(ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind,
                        ompt_data_t instance)
{
  if (oa_the_run.mode == OA_MODE_PROFILE) {
    oa_thread *t = oa_me();
    oa_task *it = oa_task_of(t, task);
    if (kind == ompt_dispatch_ws_loop_chunk || kind == ompt_dispatch_section)
      oa_prof_event(t, it && !it->static_loop && kind == ompt_dispatch_ws_loop_chunk
                           ? OA_RTE_CHUNK_DYNAMIC : OA_RTE_CHUNK_STATIC);
    prof_dispatch(task, kind);
    return;
  }
  oa_thread *t = oa_me();
  oa_event *e = oa_begin(t, ompt_callback_dispatch, kind);
  if (!e)
    return;
  e->a = OA_PAR_ID(parallel);
  e->b = OA_TASK_ID(task);
  switch (kind) {
  case ompt_dispatch_ws_loop_chunk:
  case ompt_dispatch_taskloop_chunk:
  case ompt_dispatch_distribute_chunk: {
    const ompt_dispatch_chunk_t *ch = instance.ptr;
    if (ch) {
      e->c = ch->start;
      e->d = ch->iterations;
    }
    break;
  }
  case ompt_dispatch_section:
    e->where = (uint64_t)(uintptr_t)instance.ptr;
    break;
  default:
    e->c = instance.value;
    break;
  }
  oa_commit(t);
}

static void on_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                      const void *ra)
{
  if (oa_the_run.mode == OA_MODE_PROFILE) {
    prof_masked(endpoint, task, ra);
    return;
  }
  oa_thread *t = oa_me();
  oa_event *e = oa_begin_at(t, ompt_callback_masked, endpoint, ra);
  if (!e)
    return;
  e->a = OA_PAR_ID(parallel);
  e->b = OA_TASK_ID(task);
  oa_commit(t);
}

ompt_callback_work_t const oa_on_work = on_work;
ompt_callback_dispatch_t const oa_on_dispatch = on_dispatch;
ompt_callback_masked_t const oa_on_masked = on_masked;
