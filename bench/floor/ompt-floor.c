/* The least an OMPT tool that sees every fragment can cost (scripts/ompt-floor;
 * BENCHMARKS.md, issue 35): it registers the callbacks ompadv's modes register,
 * and each reads the TSC at its entry and its exit (as oa_prof_enter and
 * oa_prof_leave do) and, built with -DREC, writes a 16-byte record (the time
 * and the callback's kind) to its thread's buffer, a ring of 1 MiB touched in
 * advance so that no page fault counts.  No model: no node, no fold, no
 * lock.  At finalize it prints the callbacks' count and their share of the
 * threads' time as ompadv time's report computes its own (ticks inside the
 * callbacks over each thread's ticks since its first callback). */
#include <omp-tools.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <x86intrin.h>
#define MAXT 256
static struct th { uint64_t in, n, first; uint64_t *buf; size_t pos; char pad[24]; } T[MAXT];
static __thread int me = -1;
static int next_id;
static uint64_t start;
static inline struct th *self(void)
{
  if (me < 0) {
    me = __atomic_fetch_add(&next_id, 1, __ATOMIC_RELAXED);
    T[me].first = __rdtsc();
#ifdef REC
    T[me].buf = calloc((size_t)1 << 17, 8); for (size_t i = 0; i < ((size_t)1 << 17); i += 512) T[me].buf[i] = 1;
#endif
  }
  return &T[me];
}
static inline void cb(unsigned kind)
{
  uint64_t t0 = __rdtsc();
  struct th *t = self();
#ifdef REC
  if (t->pos + 2 > ((size_t)1 << 17)) t->pos = 0;
  t->buf[t->pos++] = t0;
  t->buf[t->pos++] = kind;
#else
  (void)kind;
#endif
  t->n++;
  t->in += __rdtsc() - t0;
}
#define V(k) static void cb_##k(void) { cb(k); }
V(1) V(2) V(3) V(4) V(5) V(6) V(7) V(8) V(9) V(10) V(11) V(12) V(13) V(14) V(15) V(16)
V(17) V(18) V(19) V(20) V(21) V(22) V(23)
static int init(ompt_function_lookup_t lookup, int dev, ompt_data_t *d)
{
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  int cbs[] = {ompt_callback_thread_begin, ompt_callback_thread_end, ompt_callback_parallel_begin,
   ompt_callback_parallel_end, ompt_callback_implicit_task, ompt_callback_task_create,
   ompt_callback_task_schedule, ompt_callback_dependences, ompt_callback_task_dependence,
   ompt_callback_work, ompt_callback_dispatch, ompt_callback_masked, ompt_callback_sync_region,
   ompt_callback_sync_region_wait, ompt_callback_reduction, ompt_callback_mutex_acquire,
   ompt_callback_mutex_acquired, ompt_callback_mutex_released, ompt_callback_nest_lock,
   ompt_callback_lock_init, ompt_callback_lock_destroy, ompt_callback_flush, ompt_callback_cancel};
  void (*f[])(void) = {cb_1,cb_2,cb_3,cb_4,cb_5,cb_6,cb_7,cb_8,cb_9,cb_10,cb_11,cb_12,cb_13,cb_14,
   cb_15,cb_16,cb_17,cb_18,cb_19,cb_20,cb_21,cb_22,cb_23};
  for (unsigned i = 0; i < sizeof cbs / sizeof *cbs; i++) set(cbs[i], (ompt_callback_t)f[i]);
  start = __rdtsc();
  return 1;
}
static void fini(ompt_data_t *d)
{
  uint64_t end = __rdtsc(), in = 0, n = 0, life = 0;
  for (int i = 0; i < next_id; i++) { in += T[i].in; n += T[i].n; life += end - T[i].first; }
  fprintf(stderr, "floor: %d threads, %llu callbacks, %.1f%% of the threads' time in them, %.1f ticks each\n",
          next_id, (unsigned long long)n, 100.0 * in / life, (double)in / n);
}
ompt_start_tool_result_t *ompt_start_tool(unsigned v, const char *rt)
{
  static ompt_start_tool_result_t r = {init, fini, {0}};
  return &r;
}
