/* Synchronization regions: barriers of every kind, taskwait, taskgroup,
 * reductions, flushes and cancellation. */
#include "tool.h"

static void sync_event(unsigned type, ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                       ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  oa_thread *t = oa_me();
  oa_event *e = oa_begin_at(t, type, endpoint, ra);
  if (!e)
    return;
  e->a = (uint64_t)kind;
  e->b = OA_PAR_ID(parallel);
  e->c = OA_TASK_ID(task);
  oa_commit(t);
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                           ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  sync_event(ompt_callback_sync_region, kind, endpoint, parallel, task, ra);
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                                ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  sync_event(ompt_callback_sync_region_wait, kind, endpoint, parallel, task, ra);
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t endpoint,
                         ompt_data_t *parallel, ompt_data_t *task, const void *ra)
{
  sync_event(ompt_callback_reduction, kind, endpoint, parallel, task, ra);
}

static void on_flush(ompt_data_t *thread_data, const void *ra)
{
  oa_thread *t = oa_me();
  if (oa_begin_at(t, ompt_callback_flush, 0, ra))
    oa_commit(t);
}

static void on_cancel(ompt_data_t *task, int flags, const void *ra)
{
  oa_thread *t = oa_me();
  oa_event *e = oa_begin_at(t, ompt_callback_cancel, 0, ra);
  if (!e)
    return;
  e->a = OA_TASK_ID(task);
  e->b = (uint32_t)flags;
  oa_commit(t);
}

ompt_callback_sync_region_t const oa_on_sync_region = on_sync_region;
ompt_callback_sync_region_t const oa_on_sync_region_wait = on_sync_region_wait;
ompt_callback_sync_region_t const oa_on_reduction = on_reduction;
ompt_callback_flush_t const oa_on_flush = on_flush;
ompt_callback_cancel_t const oa_on_cancel = on_cancel;
