/* Explicit tasks: creation, scheduling points and dependences. */
#include "tool.h"

static void on_task_create(ompt_data_t *parent, const ompt_frame_t *frame, ompt_data_t *task,
                           int flags, int has_dependences, const void *ra)
{
  oa_thread *t = oa_me();
  task->value = oa_new_id(&oa_the_run.next_task);
  oa_event *e = oa_begin_at(t, ompt_callback_task_create, 0, ra);
  if (!e)
    return;
  e->a = task->value;
  e->b = OA_TASK_ID(parent);
  e->c = (uint32_t)flags;
  e->d = (uint64_t)has_dependences;
  oa_commit(t);
}

/* prior_status: switch (7) when a task is suspended or started, complete (1)
 * when the prior task finished; next is NULL only on some runtimes' last
 * completion, recorded as 0. */
static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next)
{
  oa_thread *t = oa_me();
  oa_event *e = oa_begin(t, ompt_callback_task_schedule, 0);
  if (!e)
    return;
  e->a = OA_TASK_ID(prior);
  e->b = (uint64_t)status;
  e->c = OA_TASK_ID(next);
  oa_commit(t);
}

/* One record for the task, then one per dependence, so the list reaches the
 * reader whole and in order (the records of a thread are never interleaved). */
static void on_dependences(ompt_data_t *task, const ompt_dependence_t *deps, int ndeps)
{
  oa_thread *t = oa_me();
  oa_event *e = oa_begin(t, ompt_callback_dependences, 0);
  if (!e)
    return;
  e->a = OA_TASK_ID(task);
  e->b = (uint64_t)(ndeps > 0 ? ndeps : 0);
  oa_commit(t);
  for (int i = 0; i < ndeps; i++) {
    e = oa_begin(t, OA_EV_DEPENDENCE, 0);
    if (!e)
      return;
    e->a = (uint64_t)(uintptr_t)deps[i].variable.ptr;
    e->b = (uint64_t)deps[i].dependence_type;
    oa_commit(t);
  }
}

static void on_task_dependence(ompt_data_t *src, ompt_data_t *sink)
{
  oa_thread *t = oa_me();
  oa_event *e = oa_begin(t, ompt_callback_task_dependence, 0);
  if (!e)
    return;
  e->a = OA_TASK_ID(src);
  e->b = OA_TASK_ID(sink);
  oa_commit(t);
}

ompt_callback_task_create_t const oa_on_task_create = on_task_create;
ompt_callback_task_schedule_t const oa_on_task_schedule = on_task_schedule;
ompt_callback_dependences_t const oa_on_dependences = on_dependences;
ompt_callback_task_dependence_t const oa_on_task_dependence = on_task_dependence;
