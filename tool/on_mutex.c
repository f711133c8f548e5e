/* Mutual exclusion: critical, locks, nested locks, ordered. */
#include "tool.h"

static void mutex_event(unsigned type, ompt_mutex_t kind, ompt_wait_id_t wait_id,
                        unsigned hint, unsigned impl, const void *ra)
{
  oa_thread *t = oa_me();
  oa_event *e = oa_begin_at(t, type, 0, ra);
  if (!e)
    return;
  e->a = (uint64_t)kind;
  e->b = wait_id;
  e->c = hint;
  e->d = impl;
  oa_commit(t);
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                             ompt_wait_id_t wait_id, const void *ra)
{
  mutex_event(ompt_callback_mutex_acquire, kind, wait_id, hint, impl, ra);
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *ra)
{
  mutex_event(ompt_callback_mutex_acquired, kind, wait_id, 0, 0, ra);
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *ra)
{
  mutex_event(ompt_callback_mutex_released, kind, wait_id, 0, 0, ra);
}

static void on_lock_init(ompt_mutex_t kind, unsigned int hint, unsigned int impl,
                         ompt_wait_id_t wait_id, const void *ra)
{
  mutex_event(ompt_callback_lock_init, kind, wait_id, hint, impl, ra);
}

static void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *ra)
{
  mutex_event(ompt_callback_lock_destroy, kind, wait_id, 0, 0, ra);
}

static void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void *ra)
{
  oa_thread *t = oa_me();
  oa_event *e = oa_begin_at(t, ompt_callback_nest_lock, endpoint, ra);
  if (!e)
    return;
  e->b = wait_id;
  oa_commit(t);
}

ompt_callback_mutex_acquire_t const oa_on_mutex_acquire = on_mutex_acquire;
ompt_callback_mutex_t const oa_on_mutex_acquired = on_mutex_acquired;
ompt_callback_mutex_t const oa_on_mutex_released = on_mutex_released;
ompt_callback_mutex_acquire_t const oa_on_lock_init = on_lock_init;
ompt_callback_mutex_t const oa_on_lock_destroy = on_lock_destroy;
ompt_callback_nest_lock_t const oa_on_nest_lock = on_nest_lock;
