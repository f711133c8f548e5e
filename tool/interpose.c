/* Runtime entry points the tool interposes (ompadv preloads it, so the
 * program's calls into libomp reach these first), for what OMPT does not say:
 *  - whether a task is undeferred because the program asked (if(0): the
 *    compiler calls __kmpc_omp_task_begin_if0) or only because libomp runs
 *    every task of a team of one at once (doc/SEMANTICS.md rules 9-10);
 *  - the chunks of a dynamic loop run by a team of one, which libomp hands
 *    out as one chunk: they are cut here into the chunks the schedule names
 *    (rule 5: chunks of a dynamic schedule are logically parallel, whatever
 *    the team size), each reported to the model as a dispatched chunk. */
#include "prof.h"

#include <dlfcn.h>
#include <stdint.h>

#define EXPORT __attribute__((visibility("default")))
#define REAL(name, type)                          \
  static __typeof__(type) real_##name;            \
  if (!real_##name)                               \
    real_##name = (type)dlsym(RTLD_NEXT, #name);

typedef struct ident ident_t;

/* An undeferred task (if(0)) runs on its creator's stack from where the
 * creator called this: the frames below are dead (race-omp.c).  Its
 * task_create callback comes from inside this call. */
EXPORT void __kmpc_omp_task_begin_if0(ident_t *loc, int32_t gtid, void *task)
{
  REAL(__kmpc_omp_task_begin_if0, void (*)(ident_t *, int32_t, void *));
  oa_thread *t = oa_self;
  if (t) {
    if (t->race)
      t->race->call_sp = (uintptr_t)__builtin_frame_address(0);
    t->in_if0 = 1;
    t->caller_ra = __builtin_return_address(0);
  }
  real___kmpc_omp_task_begin_if0(loc, gtid, task);
  if (t) {
    t->in_if0 = 0;
    t->caller_ra = NULL;
  }
}

/* --- dynamic loops in a team of one ---------------------------------------- */

/* libomp's schedule numbers (kmp.h: enum sched_type) */
enum {
  SCH_DYNAMIC = 35, SCH_GUIDED = 36, SCH_RUNTIME = 37, SCH_AUTO = 38, SCH_GUIDED_ITERATIVE = 42,
  SCH_GUIDED_ANALYTICAL = 43, SCH_GUIDED_SIMD = 46, SCH_ORD_FIRST = 64, SCH_ORD_DYNAMIC = 67, SCH_ORD_LAST = 72,
  SCH_MODIFIERS = (1 << 29) | (1 << 30),   /* monotonic, nonmonotonic */
};

/* The chunk size to cut a loop into, or 0 to leave it as libomp hands it
 * out: only a dynamic schedule (ordered or not) in a team of one (guided
 * and auto chunks depend on the team size: one thread legitimately gets
 * one chunk; a serialized team skips the ordered waits). */
/* schedule(runtime): the kind the runtime will use (omp_sched_t, without
 * the monotonic flag) and its chunk; 0 when it cannot tell. */
static int runtime_schedule(int *chunk)
{
  static void (*get_schedule)(int *, int *);
  if (!get_schedule)
    get_schedule = (void (*)(int *, int *))dlsym(RTLD_DEFAULT, "omp_get_schedule");
  int kind = 0;
  *chunk = 0;
  if (!get_schedule)
    return 0;
  get_schedule(&kind, chunk);
  return kind & 0x7fffffff;
}

static int64_t split_chunk(int32_t schedule, int64_t chunk)
{
  oa_thread *t = oa_self;
  if (!t || !oa_run_config_models(&oa_conf))
    return 0;
  oa_task *task = oa_task_of(t, NULL);
  if (!task || task->team > 1)
    return 0;
  int32_t base = schedule & ~SCH_MODIFIERS;
  if (base == SCH_RUNTIME) {
    int c;
    if (runtime_schedule(&c) != 2 /* omp_sched_dynamic */)
      return 0;
    chunk = c;
  } else if (base != SCH_DYNAMIC && base != SCH_ORD_DYNAMIC) {
    return 0;
  }
  return chunk > 0 ? chunk : 1;
}

/* A loop with the ordered clause: its ordered regions form a chain
 * (doc/SEMANTICS.md rule 7), which race mode's queries follow (on_mutex.c);
 * when its chunks may run in parallel (a team of two or more, or a team of
 * one whose loop is cut into chunks) the span does not, and the report
 * must say so. */
static void ordered_check(int32_t schedule, int64_t split, int several)
{
  int32_t base = schedule & ~SCH_MODIFIERS;
  oa_thread *t = oa_self;
  if (!t || !oa_run_config_models(&oa_conf) || base < SCH_ORD_FIRST || base > SCH_ORD_LAST)
    return;
  oa_task *task = oa_task_of(t, NULL);
  if (task)
    oa_ord_loop(task);
  if (task && several && (task->team > 1 || split))
    oa_prof_flag(OA_PROF_APPROX_ORDERED);
}

/* Did the program ask for chunks sized from the team (guided; auto and a
 * runtime auto, which libomp runs as guided)?  In a team of one libomp runs
 * such a loop as a static one and reports it so (ompt_work_loop_static):
 * the work callback comes from inside the init call and asks this. */
static int guided_schedule(int32_t schedule)
{
  int32_t base = schedule & ~SCH_MODIFIERS;
  if (base >= SCH_ORD_FIRST && base <= SCH_ORD_LAST)
    base -= SCH_ORD_FIRST - 32;  /* an ordered kind: its unordered one */
  if (base == SCH_RUNTIME) {
    int c, kind = runtime_schedule(&c);
    return kind == 3 /* omp_sched_guided */ || kind == 4 /* omp_sched_auto */;
  }
  return base == SCH_GUIDED || base == SCH_AUTO || base == SCH_GUIDED_ITERATIVE
         || base == SCH_GUIDED_ANALYTICAL || base == SCH_GUIDED_SIMD;
}

/* A guided loop's smallest chunk (schedule(runtime): the runtime's) */
static uint32_t guided_chunk(int32_t schedule, int64_t chunk)
{
  int c = 0;
  if ((schedule & ~SCH_MODIFIERS) == SCH_RUNTIME)
    runtime_schedule(&c);
  int64_t v = chunk > 0 ? chunk : c > 0 ? c : 1;
  return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static void split_push(int64_t chunk)
{
  oa_thread *t = oa_self;
  if (!t)
    return;
  if (t->nsplit < OA_MAX_SPLIT)
    t->split[t->nsplit] = (oa_split){ .chunk = chunk };
  else if (chunk)
    oa_prof_flag(OA_PROF_SPLIT_DEPTH);  /* a limit reached is said, not hidden */
  t->nsplit++;
}

/* The loop's range [next, last] with stride st, still to be handed out. */
static int split_next(oa_thread *t, __int128 *lb, __int128 *ub, int64_t *st, int *last)
{
  oa_split *s = &t->split[t->nsplit - 1];
  if (!s->pending)
    return 0;
  __int128 end = s->next + (__int128)(s->chunk - 1) * s->st;
  if (s->st > 0 ? end >= s->last : end <= s->last) {
    end = s->last;
    s->pending = 0;
  }
  *lb = s->next;
  *ub = end;
  *st = s->st;
  *last = !s->pending && s->last_flag;
  s->next = end + s->st;
  ompt_dispatch_chunk_t chunk = { .start = (uint64_t)*lb,
                                  .iterations = (uint64_t)((end - *lb) / s->st + 1) };
  oa_model_dispatch(NULL, NULL, ompt_dispatch_ws_loop_chunk, (ompt_data_t){ .ptr = &chunk });
  return 1;
}

/* After the real call handed out [lb, ub]: keep what lies beyond the
 * first chunk for the next calls. */
static void split_took(oa_thread *t, __int128 lb, __int128 *ub, int64_t st, int *last)
{
  oa_split *s = &t->split[t->nsplit - 1];
  if (!s->chunk || st == 0)
    return;
  __int128 end = lb + (__int128)(s->chunk - 1) * st;
  if (st > 0 ? end >= *ub : end <= *ub)
    return;
  s->pending = 1;
  s->next = end + st;
  s->last = *ub;
  s->st = st;
  s->last_flag = *last;
  *ub = end;
  *last = 0;
}

/* The real call found the loop finished. */
static void split_pop(oa_thread *t)
{
  if (t->nsplit)
    t->nsplit--;
}

static inline int splitting(oa_thread *t)
{
  return t && t->nsplit && t->nsplit <= OA_MAX_SPLIT;
}

#define DISPATCH(SUF, T, S)                                                                   \
  EXPORT void __kmpc_dispatch_init_##SUF(ident_t *loc, int32_t gtid, int32_t schedule, T lb,  \
                                         T ub, S st, S chunk)                                 \
  {                                                                                           \
    REAL(__kmpc_dispatch_init_##SUF, void (*)(ident_t *, int32_t, int32_t, T, T, S, S));      \
    oa_thread *t = oa_self;                                                                   \
    if (t) {                                                                                  \
      t->caller_ra = __builtin_return_address(0);                                            \
      t->guided_init = (uint8_t)guided_schedule(schedule);                                   \
      t->static_chunk = t->guided_init ? guided_chunk(schedule, (int64_t)chunk) : 0;          \
    }                                                                                         \
    real___kmpc_dispatch_init_##SUF(loc, gtid, schedule, lb, ub, st, chunk);                  \
    if (t) {                                                                                  \
      t->caller_ra = NULL;                                                                    \
      t->guided_init = 0;                                                                     \
      t->static_chunk = 0;                                                                    \
    }                                                                                         \
    int64_t split = split_chunk(schedule, chunk);                                             \
    ordered_check(schedule, split, lb != ub);                                                 \
    split_push(split);                                                                        \
  }                                                                                           \
  EXPORT int __kmpc_dispatch_next_##SUF(ident_t *loc, int32_t gtid, int32_t *p_last, T *p_lb, \
                                        T *p_ub, S *p_st)                                     \
  {                                                                                           \
    REAL(__kmpc_dispatch_next_##SUF, int (*)(ident_t *, int32_t, int32_t *, T *, T *, S *));  \
    oa_thread *t = oa_self;                                                                   \
    __int128 lb, ub;                                                                          \
    int64_t st;                                                                               \
    int last;                                                                                 \
    if (splitting(t) && split_next(t, &lb, &ub, &st, &last)) {                                \
      *p_lb = (T)lb;                                                                          \
      *p_ub = (T)ub;                                                                          \
      if (p_st)                                                                               \
        *p_st = (S)st;                                                                        \
      if (p_last)                                                                             \
        *p_last = last;                                                                       \
      return 1;                                                                               \
    }                                                                                         \
    if (t)                                                                                    \
      t->caller_ra = __builtin_return_address(0);                                            \
    int more = real___kmpc_dispatch_next_##SUF(loc, gtid, p_last, p_lb, p_ub, p_st);          \
    t = oa_self;                                                                              \
    if (t)                                                                                    \
      t->caller_ra = NULL;                                                                    \
    if (!t || !t->nsplit)                                                                     \
      return more;                                                                            \
    if (!more) {                                                                              \
      split_pop(t);                                                                           \
    } else if (splitting(t)) {                                                                \
      ub = *p_ub;                                                                             \
      last = p_last ? *p_last : 0;                                                            \
      split_took(t, *p_lb, &ub, p_st ? *p_st : 1, &last);                                     \
      *p_ub = (T)ub;                                                                          \
      if (p_last)                                                                             \
        *p_last = last;                                                                       \
    }                                                                                         \
    return more;                                                                              \
  }

DISPATCH(4, int32_t, int32_t)
DISPATCH(4u, uint32_t, int32_t)
DISPATCH(8, int64_t, int64_t)
DISPATCH(8u, uint64_t, int64_t)

/* --- what fixes a team's size, and how a static loop is split -------------
 *
 * The team-size model (corelib/scale.h) re-splits a region at other team
 * sizes, unless the program chose the size itself: a num_threads clause
 * (the compiler calls __kmpc_push_num_threads before the fork), an if
 * clause that came out false (__kmpc_serialized_parallel), or a call of
 * omp_set_num_threads.  A static loop's schedule and chunk size are in the
 * arguments of __kmpc_for_static_init, which OMPT does not pass on; the
 * loop's work callback comes from inside that call (on_work.c). */
int oa_team_set;

EXPORT void __kmpc_push_num_threads(ident_t *loc, int32_t gtid, int32_t num_threads)
{
  REAL(__kmpc_push_num_threads, void (*)(ident_t *, int32_t, int32_t));
  oa_thread *t = oa_self;
  if (t)
    t->team_pushed = 1;
  real___kmpc_push_num_threads(loc, gtid, num_threads);
}

/* Is code address a inside the object that defines function f? */
static int same_object(const void *a, const void *f)
{
  Dl_info ia, ifn;
  return dladdr(a, &ia) && dladdr(f, &ifn) && ia.dli_fbase == ifn.dli_fbase;
}

EXPORT void __kmpc_serialized_parallel(ident_t *loc, int32_t gtid)
{
  REAL(__kmpc_serialized_parallel, void (*)(ident_t *, int32_t));
  oa_thread *t = oa_self;
  /* libomp calls it too, for a team that came out as one thread: only the
   * program's call (an if clause) chooses the size */
  if (t && !same_object(__builtin_return_address(0), (const void *)real___kmpc_serialized_parallel))
    t->team_pushed = 1;
  real___kmpc_serialized_parallel(loc, gtid);
}

EXPORT void omp_set_num_threads(int n)
{
  REAL(omp_set_num_threads, void (*)(int));
  __atomic_store_n(&oa_team_set, 1, __ATOMIC_RELAXED);
  real_omp_set_num_threads(n);
}

/* Fortran's binding (libomp's omp_set_num_threads_ takes its argument by
 * reference) */
EXPORT void omp_set_num_threads_(int *n)
{
  REAL(omp_set_num_threads_, void (*)(int *));
  __atomic_store_n(&oa_team_set, 1, __ATOMIC_RELAXED);
  real_omp_set_num_threads_(n);
}

EXPORT int omp_get_num_threads(void)
{
  REAL(omp_get_num_threads, int (*)(void));
  oa_thread *t = oa_self;
  if (t) {
    t->asked_team = 1;
    t->team_asked = t->cur ? t->cur->uid : 0;
  }
  return real_omp_get_num_threads();
}

EXPORT int omp_get_num_threads_(void)
{
  REAL(omp_get_num_threads_, int (*)(void));
  oa_thread *t = oa_self;
  if (t) {
    t->asked_team = 1;
    t->team_asked = t->cur ? t->cur->uid : 0;
  }
  return real_omp_get_num_threads_();
}

/* libomp's schedule types (kmp.h: enum sched_type) as the model names them;
 * 0 for the others (distribute, ordered, simd-balanced: left as they ran). */
static uint8_t static_sched(int32_t schedtype, int64_t chunk)
{
  switch (schedtype & ~SCH_MODIFIERS) {
  case 33: return chunk > 0 && chunk <= UINT32_MAX ? OA_SLOT_STATIC_CHUNKED : 0;
  case 34: /* libomp's default static: balanced unless KMP_SCHEDULE says greedy */
  case 41: return OA_SLOT_STATIC;
  case 40: return OA_SLOT_STATIC_GREEDY;
  default: return 0;
  }
}

#define STATIC_INIT(SUF, T, S)                                                                  \
  EXPORT void __kmpc_for_static_init_##SUF(ident_t *loc, int32_t gtid, int32_t schedtype,     \
                                           int32_t *plastiter, T *plower, T *pupper,          \
                                           S *pstride, S incr, S chunk)                       \
  {                                                                                           \
    REAL(__kmpc_for_static_init_##SUF,                                                        \
         void (*)(ident_t *, int32_t, int32_t, int32_t *, T *, T *, S *, S, S));              \
    oa_thread *t = oa_self;                                                                   \
    T lower = *plower, upper = *pupper;                                                       \
    if (t) {                                                                                  \
      t->caller_ra = __builtin_return_address(0);                                            \
      t->static_sched = static_sched(schedtype, (int64_t)chunk);                              \
      t->static_chunk = t->static_sched == OA_SLOT_STATIC_CHUNKED ? (uint32_t)chunk : 0;      \
    }                                                                                         \
    real___kmpc_for_static_init_##SUF(loc, gtid, schedtype, plastiter, plower, pupper,        \
                                      pstride, incr, chunk);                                  \
    if (t && oa_race) {                                                                       \
      /* race mode: the iterations of one thread, checked as other teams split them (a     \
       * split the model does not know, kind 0: only counted, as its fini is) */            \
      uint64_t trip = incr > 0 ? (upper >= lower ? (uint64_t)(upper - lower) / (uint64_t)incr + 1 : 0) \
                      : incr < 0 ? (lower >= upper ? (uint64_t)(lower - upper) / (uint64_t)-incr + 1 : 0) \
                                 : 0;                                                         \
      oa_race->ws_begin(t, t->static_sched | (t->static_sections ? OA_RACE_ITERS_SECTIONS : 0), \
                        (uint64_t)chunk, trip, (int64_t)lower, (int64_t)incr,                 \
                        __builtin_return_address(0));                                         \
    }                                                                                         \
    if (t) {                                                                                  \
      t->caller_ra = NULL;                                                                    \
      t->static_sched = 0;                                                                    \
      t->static_sections = 0;                                                                 \
      t->static_chunk = 0;                                                                    \
    }                                                                                         \
  }
STATIC_INIT(4, int32_t, int32_t)
STATIC_INIT(4u, uint32_t, int32_t)
STATIC_INIT(8, int64_t, int64_t)
STATIC_INIT(8u, uint64_t, int64_t)
