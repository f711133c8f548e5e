/* Mutual exclusion: critical, locks, nested locks, ordered.
 * Profile mode: entering and leaving a critical or ordered region or a lock
 * ends the fragment (2.4.4); the time spent waiting for it belongs to no
 * fragment.  The OSPG keeps no order between critical sections. */
#include "prof.h"

static void prof_mutex(unsigned type, ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *ra)
{
  oa_thread *t = oa_me();
  oa_task *task = t->cur;
  oa_prof_enter_at(t, ra);
  if (!task)
    goto out;
  int directive = kind == ompt_mutex_critical || kind == ompt_mutex_ordered;
  oa_frag_end(t, task);
  if (type == ompt_callback_mutex_acquired) {
    uint32_t loc = 0;
    if (directive) {
      loc = oa_prof_loc(kind == ompt_mutex_critical ? OA_C_CRITICAL : OA_C_ORDERED, ra);
      oa_task_loc_push(task, loc);
    }
    oa_frag_begin(t, task, loc);
    if (oa_race_active)
      oa_race_mutex(t, 1, kind, wait_id, ra);
  } else if (type == ompt_callback_mutex_released) {
    if (oa_race_active)
      oa_race_mutex(t, 0, kind, wait_id, ra);
    if (directive)
      oa_task_loc_pop(task);
    oa_frag_begin(t, task, 0);
  }
out:
  oa_prof_leave(t);
}

static void mutex_event(unsigned type, ompt_mutex_t kind, ompt_wait_id_t wait_id,
                        unsigned hint, unsigned impl, const void *ra)
{
  if (oa_the_run.mode == OA_MODE_PROFILE) {
    if (type != ompt_callback_lock_init && type != ompt_callback_lock_destroy)
      prof_mutex(type, kind, wait_id, ra);
    return;
  }
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

/* A nested lock taken again by its owner: acquire ended the fragment, and
 * no acquired follows (the runtime reports this instead), so the next
 * fragment begins here; releasing it short of the last time only reports
 * the scope's end. */
static void prof_nest_lock(ompt_scope_endpoint_t endpoint, const void *ra)
{
  oa_thread *t = oa_me();
  oa_task *task = t->cur;
  oa_prof_enter_at(t, ra);
  oa_node *top = task ? oa_task_top(task) : NULL;
  if (endpoint == ompt_scope_begin && top && top->kind != OA_W)
    oa_frag_begin(t, task, 0);
  oa_prof_leave(t);
}

static void on_nest_lock(ompt_scope_endpoint_t endpoint, ompt_wait_id_t wait_id, const void *ra)
{
  if (oa_the_run.mode == OA_MODE_PROFILE) {
    prof_nest_lock(endpoint, ra);
    return;
  }
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
