/* Worksharing: loops, sections, single, masked, and the chunks the runtime
 * dispatches to each thread.
 * Profile mode: a static loop's share of a thread is one fragment of its
 * implicit task, in program order (the schedule fixes it for the team
 * size); each dynamically dispatched chunk (or section) is a P-node of its
 * own, because chunks are logically parallel even when one thread runs
 * several. */
#include "prof.h"
#include "race.h"

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

/* Open a piece of an implicit task's work as a P-node under its current
 * node: a dynamic chunk or a section (anythread in a team of two or more,
 * doc/SEMANTICS.md rule 5), a thread's share of a static loop (undeferred: it
 * completes before what follows, rule 4), a single body (rule 6).  Only
 * the pieces any thread may run are CHUNK records for the oracle. */
static oa_node *open_piece(oa_thread *t, oa_task *task, oa_node **slot, uint32_t loc,
                           int undeferred, uint64_t inst, void *user)
{
  oa_node *top = oa_task_top(task);
  if (!top)
    return NULL;
  /* a share's tasks are the task's children: its next taskwait closes the
   * ST-node the share hangs under as waited (their class drops there) */
  if (undeferred)
    top = oa_task_children_node(t, task);
  oa_node *p = oa_prof_node(t, OA_P);
  p->undeferred = p->share = (uint8_t)undeferred;
  p->piece = 1;
  p->loc = p->own_loc = loc;
  p->team_index = task->team_index;
  p->anythread = !undeferred && task->team > 1;
  p->any_phase = task->stack[0]->depth;
  p->inst = inst;  /* before attaching: a recording writes the node then */
  p->user = user;
  oa_prof_attach(t, top, p);
  oa_task_push(task, p);
  *slot = p;
  if (!undeferred)
    OA_PUT_RAW(t, OA_RAW_CHUNK_BEGIN, raw_chunk_begin, .task = task->id, .pnode = p->id);
  if (!undeferred && oa_race)
    oa_race->root_pieces(t);
  return p;
}

static void close_piece(oa_thread *t, oa_task *task, oa_node **slot)
{
  if (!*slot)
    return;
  if (slot == &task->chunk)
    oa_ord_leave(task, 1);
  int undeferred = (*slot)->undeferred;
  oa_node *top = oa_task_top(task), *piece = *slot;
  if (top && top->kind == OA_ST && top->parent == piece) {
    if (piece->share)
      oa_deps_merge_out(t, top);  /* its tasks are its task's children */
    else if (!piece->anythread)
      oa_deps_keep_chunk(t, task, top);  /* a team of one's: at the construct's end */
  }
  oa_task_close_sts(t, task);  /* tasks created in the piece: not waited */
  if (slot == &task->group) {
    oa_deps_merge_chunks(t, task, piece->parent);
    oa_prof_group_end(t, task, piece);  /* (before it closes: it may go at once) */
  }
  if (oa_task_top(task) == piece)
    oa_task_pop_close(t, task);
  *slot = NULL;
  if (!undeferred)
    OA_PUT_RAW(t, OA_RAW_CHUNK_END, raw_chunk_end, .task = task->id);
}

/* A taskwait inside a thread's share of a static loop waits for every child
 * of the implicit task created before it: those of the share, and those
 * created before the loop or in the thread's earlier shares (doc/SEMANTICS.md
 * rules 4, 11), which are the share's left siblings under the task's
 * ST-node.  Close the share and that ST-node as waited, and go on in a new
 * share of the same instance.  Returns 0 (nothing done) unless the stack
 * is [.., ST, share, (the share's ST)]. */
int oa_share_taskwait(oa_thread *t, oa_task *task)
{
  oa_node *share = task->chunk;
  if (!share || !share->share || task->n < 2)
    return 0;
  uint32_t k = task->n - 1;
  if (task->stack[k] != share && task->stack[k]->parent == share && task->stack[k]->kind == OA_ST)
    k--;
  if (k < 1 || task->stack[k] != share || task->stack[k - 1]->kind != OA_ST)
    return 0;
  uint32_t loc = share->own_loc;
  uint64_t inst = oa_node_inst(share);
  void *user = oa_node_user(share);
  while (task->n > k + 1)  /* the share's own ST: its tasks are waited */
    oa_task_pop_waited(t, task);
  oa_task_pop_close(t, task);  /* the share */
  task->chunk = NULL;
  oa_task_pop_waited(t, task);
  oa_prof_waited(t, task);
  open_piece(t, task, &task->chunk, loc, 1, inst, user);
  return 1;
}

/* A single body in a team of two or more is work any thread may run
 * (rule 6): logically parallel with the code the executing thread ran
 * before it in the phase, and with what it runs after it up to the next
 * barrier.  A taskwait in the body waits for the tasks created in the body;
 * whether it also waits for tasks its thread created before depends on
 * which thread ran the body, so they stay parallel (a taskwait after the
 * body likewise leaves the body's tasks).  In a team of one the only
 * thread runs it in program order: a piece of its implicit task's program
 * order, as a static share is, whose tasks are that task's children
 * (rule 9).  Either way the body's node is the instance, and holds the
 * tasks created in it: a row includes what its body nests. */
static int single_begin(oa_thread *t, oa_task *task, uint32_t loc)
{
  return !task->single && open_piece(t, task, &task->single, loc, task->team < 2, 0, NULL);
}

/* A taskloop (doc/SEMANTICS.md rule 14) is one instance per encounter: a
 * piece of the encountering task's program order (as a static share is)
 * that holds the tasks it generates, which are that task's children
 * (on_task.c: creator_of), parallel with each other and, with nogroup,
 * with what follows; its implicit taskgroup, which libomp begins before
 * the construct and ends after it, encloses the piece.  The row's work is
 * then all its tasks', its serial part the span of the taskloop. */

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

/* The next chunk (or section) of a worksharing construct begins on this
 * thread: a piece of the task's own work (share: a static loop's share, in
 * the task's program order, doc/SEMANTICS.md rule 4). */
static void next_piece(oa_thread *t, oa_task *task, int share)
{
  oa_frag_end(t, task);
  close_piece(t, task, &task->chunk);
  int slot = task->ws_slot && task->region;
  if (open_piece(t, task, &task->chunk, oa_task_loc(task), share, slot ? task->ws_slot : 0,
                 slot ? task->region : NULL))
    oa_frag_begin(t, task, 0);
}

static void prof_work(ompt_work_t work, ompt_scope_endpoint_t endpoint, ompt_data_t *task_data,
                      uint64_t count, const void *ra)
{
  oa_thread *t = oa_me();
  oa_task *task = oa_task_of(t, task_data);
  oa_prof_event(t, rt_event_of(work, endpoint));
  /* A guided (or auto) loop libomp runs as a static one, in a team of one:
   * the program's schedule hands out chunks (doc/SEMANTICS.md rule 5), and the
   * report's notes must name it guided, not static (interpose.c). */
  if (work == ompt_work_loop_static && t->guided_init)
    work = ompt_work_loop_guided;
  /* Each section is a chunk of its own (doc/SEMANTICS.md rule 5), but libomp
   * hands a thread its sections as one static block, with one dispatch and
   * no event between them: with more sections than threads some thread
   * runs several, which the model can only take as one chunk.  The report
   * says so. */
  if (work == ompt_work_sections && endpoint == ompt_scope_begin && task && count > task->team
      && count > 1)
    oa_prof_flag(OA_PROF_SECTIONS_MERGED);
  if (endpoint == ompt_scope_begin && t->static_sched)
    t->static_sections = work == ompt_work_sections;  /* (interpose.c: race mode's check) */
  oa_prof_enter_at(t, ra);
  if (!task || work == ompt_work_workshare || work == ompt_work_scope
      || work == ompt_work_distribute)
    goto out;
  int counts = work != ompt_work_taskloop;   /* the team meets these in the same order */
  if (work == ompt_work_single_other) {
    if (endpoint == ompt_scope_begin && task->region)
      task->ws_seq++;
    if (endpoint == ompt_scope_begin && oa_conf.time)
      task->ws_end_loc = oa_prof_loc(OA_C_SINGLE, ra);  /* (as the executor names it) */
    goto out;
  }
  oa_frag_end(t, task);
  if (endpoint == ompt_scope_begin) {
    uint32_t loc = oa_prof_loc_flagged(construct_of(work), ra,
                                       work == ompt_work_loop_static   ? OA_LOC_STATIC
                                       : work == ompt_work_loop_guided ? OA_LOC_GUIDED
                                                                       : 0);
    int shared = work != ompt_work_single_executor && work != ompt_work_taskloop;
    if (counts && task->region) {
      uint32_t k = task->ws_seq++;
      if (shared) {
        int st = work == ompt_work_loop_static, gd = t->guided_init && !st;
        oa_ws_slot *slot = oa_prof_slot(t, task->region, k, loc,
                                        st ? t->static_sched : gd ? OA_SLOT_GUIDED : 0,
                                        st || gd ? t->static_chunk : 0, count);
        loc = slot->loc;  /* a known address for the directive, if any thread had one */
        task->ws_slot = k + 1;
      }
    }
    /* a taskloop with its implicit taskgroup: libomp began the group just
     * before, at the same call */
    uint32_t outer = oa_task_loc(task);
    int grouped = work == ompt_work_taskloop && oa_prof_loc_kind(outer) == OA_C_TASKGROUP
                  && oa_prof_loc_where(outer) == oa_prof_loc_where(loc);
    oa_task_loc_push(task, loc);
    if (shared) {
      task->static_loop = work == ompt_work_loop_static;
      OA_PUT_RAW(t, OA_RAW_WS_BEGIN, raw_ws_begin, .task = task->id, .work = (uint64_t)work);
      /* In a team of one, the only thread runs every chunk or section (in
       * an order the program cannot rely on) before it goes past the
       * construct: they are pieces of one undeferred node, parallel with
       * each other, the construct's own part of the task's program order */
      int slot = task->ws_slot && task->region;
      if (!task->static_loop && task->team == 1)
        open_piece(t, task, &task->group, loc, 1, slot ? task->ws_slot : 0,
                   slot ? task->region : NULL);
    }
    if (work == ompt_work_single_executor && single_begin(t, task, loc))
      loc = 0;  /* the body's node is the instance */
    /* (not in race mode, whose queries take what an undeferred piece
     * holds to end with it, as Alg. 18 does: a nogroup taskloop's tasks
     * would then precede what follows it) */
    if (work == ompt_work_taskloop && !task->taskloop && !oa_race
        && (grouped || (!task->chunk && !task->group)))
      open_piece(t, task, &task->taskloop, loc, 1, 0, NULL);
    oa_frag_begin(t, task, work == ompt_work_taskloop ? 0 : loc);
    /* In a team of one libomp returns from a static loop's set-up without
     * the dispatch that names the thread's share: the whole loop is it. */
    if (shared && task->static_loop && task->team == 1 && count)
      next_piece(t, task, 1);
  } else {
    int shared = work != ompt_work_single_executor && work != ompt_work_taskloop;
    if (shared) {  /* a taskloop or single inside a chunk does not end it */
      close_piece(t, task, &task->chunk);
      close_piece(t, task, &task->group);
      oa_ord_leave(task, 0);
      task->ws_slot = 0;
      OA_PUT_RAW(t, OA_RAW_WS_END, raw_ws_end, .task = task->id);
    }
    if (work == ompt_work_single_executor)
      close_piece(t, task, &task->single);
    if (work == ompt_work_taskloop)
      close_piece(t, task, &task->taskloop);
    else
      task->ws_end_loc = oa_task_loc(task);  /* time mode: its barrier's */
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
   * programs rely on after nowait; doc/SEMANTICS.md rule 4): the thread's share
   * stays in its implicit task's program order: a P-node that completes
   * before what follows it, as an undeferred task does (the loop's instance
   * on this thread, holding what its body nests), instead of a chunk any
   * thread could have run. */
  int share = task && task->static_loop && kind == ompt_dispatch_ws_loop_chunk;
  if (task && (kind == ompt_dispatch_ws_loop_chunk || kind == ompt_dispatch_section))
    next_piece(t, task, share);
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

static void model_work(ompt_work_t work, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                       ompt_data_t *task, uint64_t count, const void *ra)
{
  prof_work(work, endpoint, task, count, ra);
}

static void trace_work(ompt_work_t work, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                       ompt_data_t *task, uint64_t count, const void *ra)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT_AT(t, ompt_callback_work, endpoint, ra, work, .work = (uint64_t)work,
                  .parallel = OA_PAR_ID(parallel), .task = OA_TASK_ID(task), .count = count);
}

/* For loop and taskloop chunks 'instance' points at the chunk bounds; for a
 * section it is the section's code address. */
static void model_dispatch(ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind,
                           ompt_data_t instance)
{
  oa_thread *t = oa_me();
  oa_task *it = oa_task_of(t, task);
  if (kind == ompt_dispatch_ws_loop_chunk || kind == ompt_dispatch_section)
    oa_prof_event(t, it && !it->static_loop && kind == ompt_dispatch_ws_loop_chunk
                         ? OA_RTE_CHUNK_DYNAMIC : OA_RTE_CHUNK_STATIC);
  prof_dispatch(task, kind);
}

static void trace_dispatch(ompt_data_t *parallel, ompt_data_t *task, ompt_dispatch_t kind,
                           ompt_data_t instance)
{
  oa_thread *t = oa_me();
  oa_record *r = oa_begin_record(t, ompt_callback_dispatch, kind);
  if (!r)
    return;
  struct oa_ev_dispatch *d = &r->dispatch;
  d->parallel = OA_PAR_ID(parallel);
  d->task = OA_TASK_ID(task);
  switch (kind) {
  case ompt_dispatch_ws_loop_chunk:
  case ompt_dispatch_taskloop_chunk:
  case ompt_dispatch_distribute_chunk: {
    const ompt_dispatch_chunk_t *ch = instance.ptr;
    if (ch) {
      d->start = ch->start;
      d->iterations = ch->iterations;
    }
    break;
  }
  case ompt_dispatch_section:  /* libomp's caller's address, as for the construct */
    d->where = oa_where_caller(instance.ptr);
    break;
  default:
    d->start = instance.value;
    break;
  }
  oa_commit(t);
}

static void model_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                         const void *ra)
{
  prof_masked(endpoint, task, ra);
}

static void trace_masked(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel, ompt_data_t *task,
                         const void *ra)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT_AT(t, ompt_callback_masked, endpoint, ra, masked, .parallel = OA_PAR_ID(parallel),
                  .task = OA_TASK_ID(task));
}

ompt_callback_work_t const oa_trace_work = trace_work;
ompt_callback_work_t const oa_model_work = model_work;
ompt_callback_dispatch_t const oa_trace_dispatch = trace_dispatch;
ompt_callback_dispatch_t const oa_model_dispatch = model_dispatch;
ompt_callback_masked_t const oa_trace_masked = trace_masked;
ompt_callback_masked_t const oa_model_masked = model_masked;
