/* Worksharing: loops, sections, single, masked, and the chunks the runtime
 * dispatches to each thread. */
#include "tool.h"

static void on_work(ompt_work_t work, ompt_scope_endpoint_t endpoint, ompt_data_t *parallel,
                    ompt_data_t *task, uint64_t count, const void *ra)
{
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
