/* Threads, parallel regions and implicit tasks: the fork-join skeleton. */
#include "tool.h"

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data)
{
  oa_thread *t = oa_me();
  thread_data->value = t->id;
  oa_event *e = oa_begin(t, ompt_callback_thread_begin, 0);
  if (!e)
    return;
  e->a = (uint64_t)type;
  oa_commit(t);
}

static void on_thread_end(ompt_data_t *thread_data)
{
  oa_thread *t = oa_me();
  if (oa_begin(t, ompt_callback_thread_end, 0))
    oa_commit(t);
  oa_thread_retire(t);
}

static void on_parallel_begin(ompt_data_t *task, const ompt_frame_t *frame, ompt_data_t *parallel,
                              unsigned int requested, int flags, const void *ra)
{
  oa_thread *t = oa_me();
  parallel->value = oa_new_id(&oa_the_run.next_parallel);
  oa_event *e = oa_begin_at(t, ompt_callback_parallel_begin, 0, ra);
  if (!e)
    return;
  e->a = parallel->value;
  e->b = OA_TASK_ID(task);
  e->c = requested;
  e->d = (uint32_t)flags;
  oa_commit(t);
}

static void on_parallel_end(ompt_data_t *parallel, ompt_data_t *task, int flags, const void *ra)
{
  oa_thread *t = oa_me();
  oa_event *e = oa_begin_at(t, ompt_callback_parallel_end, 0, ra);
  if (!e)
    return;
  e->a = OA_PAR_ID(parallel);
  e->b = OA_TASK_ID(task);
  e->d = (uint32_t)flags;
  oa_commit(t);
}

/* At the end of an implicit task the runtime passes parallel_data NULL and,
 * on workers, a team size of 0 (OMPT-NOTES.md): record what arrives. */
static void on_implicit_task(ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                             ompt_data_t *task, unsigned int team, unsigned int index, int flags)
{
  oa_thread *t = oa_me();
  if (endpoint == ompt_scope_begin)
    task->value = oa_new_id(&oa_the_run.next_task);
  oa_event *e = oa_begin(t, ompt_callback_implicit_task, endpoint);
  if (!e)
    return;
  e->a = OA_PAR_ID(parallel);
  e->b = OA_TASK_ID(task);
  e->c = team;
  e->d = ((uint64_t)index << 32) | (uint32_t)flags;
  oa_commit(t);
}

ompt_callback_thread_begin_t const oa_on_thread_begin = on_thread_begin;
ompt_callback_thread_end_t const oa_on_thread_end = on_thread_end;
ompt_callback_parallel_begin_t const oa_on_parallel_begin = on_parallel_begin;
ompt_callback_parallel_end_t const oa_on_parallel_end = on_parallel_end;
ompt_callback_implicit_task_t const oa_on_implicit_task = on_implicit_task;
