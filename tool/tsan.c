/* The ThreadSanitizer ABI, as clang-19 and gcc emit calls to it: race mode
 * loads this library in place of libclang_rt.tsan-x86_64.so.  Plain and
 * volatile reads and writes of every size, ranges and mem* functions go to
 * the detector (race.c); atomics too, as accesses that never race with
 * each other (only with plain accesses).  Also interposed: free and realloc
 * (freed memory starts afresh), and the libomp entries whose memory traffic
 * is the runtime's, not the program's (reductions) or whose blocks are
 * reused (task allocation). */

#include <dlfcn.h>
#include <malloc.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <x86intrin.h>

#include "prof.h"
#include "shadow.h"

#define EXPORT __attribute__((visibility("default")))
#define PC() ((uintptr_t)__builtin_return_address(0))

/* The per-access filter, inlined into every entry point: a thread the tool
 * does not know, no running fragment, or a runtime call in progress. */
static inline __attribute__((always_inline)) void access_at(uintptr_t addr, uint32_t size,
                                                             int write, uintptr_t pc)
{
  oa_thread *t = oa_self;
  if (__builtin_expect(!t, 0))
    return;
  if (__builtin_expect(!t->race->w, 0)) {
    /* serial code: only a simd loop's lanes can race there, and a team of
     * one's static loop iterations at other team sizes (oa_race_access
     * checks them where a fragment runs) */
    if (t->race->simd_depth)
      oa_race_simd_access(t, addr, size, write | t->race->aflags, pc);
    if (t->race->ws_on)
      oa_race_ws_access(t, addr, size, write | t->race->aflags, pc);
    return;
  }
  if (__builtin_expect(t->race->ignore && t->race->ignore_task == t->cur, 0))
    return;
  oa_race_access(t, addr, size, write | t->race->aflags, pc);
}

EXPORT void __tsan_init(void) {}

/* --- simd loops (plugin/simd-lanes.cpp marks them in race builds) ---------
 * A program whose only OpenMP is simd never calls libomp, which starts the
 * tool: the first simd loop asks libomp for something, which starts it. */
static oa_thread *simd_thread(void)
{
  static int asked;
  if (!oa_race && !__atomic_exchange_n(&asked, 1, __ATOMIC_RELAXED)) {
    int (*max_threads)(void) = (int (*)(void))dlsym(RTLD_DEFAULT, "omp_get_max_threads");
    if (max_threads)
      max_threads();
  }
  return oa_race && oa_race_detecting() ? oa_me() : NULL;
}

EXPORT void __ompadv_simd_begin(int32_t lanes)
{
  oa_thread *t = simd_thread();
  if (t)
    oa_race_simd_begin(t, lanes > 0 ? (uint32_t)lanes : 0, PC());
}

EXPORT void __ompadv_simd_iter(void)
{
  oa_thread *t = oa_self;
  if (t && t->race->simd_depth)
    oa_race_simd_iter(t);
}

/* An access to a local aggregate that never escapes its function, which
 * ThreadSanitizer does not instrument but another lane may reach. */
EXPORT void __ompadv_simd_access(void *addr, uint64_t size, int32_t write)
{
  oa_thread *t = oa_self;
  if (t && t->race->simd_depth)
    oa_race_simd_access(t, (uintptr_t)addr, (uint32_t)size, write | t->race->aflags, PC());
}

EXPORT void __ompadv_simd_end(void)
{
  oa_thread *t = oa_self;
  if (t && t->race->simd_depth)
    oa_race_simd_end(t);
}

/* --- schedule(static) loops (race-ws.c) --------------------------------------
 * The simd-lanes pass marks each iteration of one with its counter; the
 * loop's split comes through interpose.c's __kmpc_for_static_init, its end
 * through __kmpc_for_static_fini (below). */
EXPORT void __ompadv_ws_iter(int64_t counter)
{
  oa_thread *t = oa_self;
  if (t && t->race->ws_on)
    oa_race_ws_iter(t, counter);
}

/* What glibc keeps in libc_nonshared.a, not in libc.so: a program linked
 * against TSan's runtime, which exports them, may call them through it
 * (flang's Fortran runtime calls atexit), and would not start with this
 * runtime in TSan's place.  They register as glibc's static versions do. */
extern int __cxa_atexit(void (*fn)(void *), void *arg, void *dso);
extern int __cxa_at_quick_exit(void (*fn)(void *), void *dso);
extern int __register_atfork(void (*prepare)(void), void (*parent)(void), void (*child)(void),
                             void *dso);
EXPORT int atexit(void (*fn)(void))
{
  return __cxa_atexit((void (*)(void *))fn, NULL, NULL);
}
EXPORT int at_quick_exit(void (*fn)(void))
{
  return __cxa_at_quick_exit((void (*)(void *))fn, NULL);
}
EXPORT int pthread_atfork(void (*prepare)(void), void (*parent)(void), void (*child)(void))
{
  return __register_atfork(prepare, parent, child, NULL);
}
/* The call sites of the active calls make a reported access's stack; the
 * lowest frame of the running task bounds the stack it used (race-omp.c). */
EXPORT void __tsan_func_entry(void *caller_pc)
{
  oa_thread *t = oa_self;
  if (!t)
    return;
  uintptr_t sp = (uintptr_t)__builtin_frame_address(0);
  if (sp < t->race->sp_min)
    t->race->sp_min = sp;
  uint32_t d = t->race->depth++;
  if (d < OA_RACE_CALLS)
    t->race->callers[d] = (uintptr_t)caller_pc;
  if (t->race->ctx_valid > d)  /* the contexts below d + 1 hold; the next one is new */
    t->race->ctx_valid = d;
}

EXPORT void __tsan_func_exit(void)
{
  oa_thread *t = oa_self;
  if (t && t->race->depth)
    t->race->depth--;
}

#define ACCESS(name, size, write)                                   \
  EXPORT void __tsan_##name(void *a) { access_at((uintptr_t)a, size, write, PC()); } \
  EXPORT void __tsan_##name##_pc(void *a, void *pc) { access_at((uintptr_t)a, size, write, (uintptr_t)pc); }
#define SIZES(prefix, write) \
  ACCESS(prefix##1, 1, write) ACCESS(prefix##2, 2, write) ACCESS(prefix##4, 4, write) \
  ACCESS(prefix##8, 8, write) ACCESS(prefix##16, 16, write)
SIZES(read, 0)
SIZES(write, 1)
SIZES(unaligned_read, 0)
SIZES(unaligned_write, 1)
SIZES(volatile_read, 0)
SIZES(volatile_write, 1)

EXPORT void __tsan_read_range(void *a, unsigned long n) { access_at((uintptr_t)a, (uint32_t)n, 0, PC()); }
EXPORT void __tsan_write_range(void *a, unsigned long n) { access_at((uintptr_t)a, (uint32_t)n, 1, PC()); }
EXPORT void __tsan_read_range_pc(void *a, unsigned long n, void *pc) { access_at((uintptr_t)a, (uint32_t)n, 0, (uintptr_t)pc); }
EXPORT void __tsan_write_range_pc(void *a, unsigned long n, void *pc) { access_at((uintptr_t)a, (uint32_t)n, 1, (uintptr_t)pc); }

/* C++ virtual calls: the vtable pointer is read, and written by
 * constructors (a write of the same value is not a change). */
EXPORT void __tsan_vptr_read(void **p) { access_at((uintptr_t)p, 8, 0, PC()); }
EXPORT void __tsan_vptr_update(void **p, void *v)
{
  if (*p != v)
    access_at((uintptr_t)p, 8, 1, PC());
}

/* Ranges longer than 4 GiB are checked in pieces. */
static void range_at(uintptr_t a, size_t n, int write, uintptr_t pc)
{
  while (n) {
    uint32_t k = n > 0x40000000u ? 0x40000000u : (uint32_t)n;
    access_at(a, k, write, pc);
    a += k;
    n -= k;
  }
}

EXPORT void *__tsan_memcpy(void *d, const void *s, size_t n)
{
  range_at((uintptr_t)s, n, 0, PC());
  range_at((uintptr_t)d, n, 1, PC());
  return memcpy(d, s, n);
}

EXPORT void *__tsan_memmove(void *d, const void *s, size_t n)
{
  range_at((uintptr_t)s, n, 0, PC());
  range_at((uintptr_t)d, n, 1, PC());
  return memmove(d, s, n);
}

EXPORT void *__tsan_memset(void *d, int c, size_t n)
{
  range_at((uintptr_t)d, n, 1, PC());
  return memset(d, c, n);
}

/* --- atomics: performed (sequentially consistent) and checked as
 * synchronized accesses: two atomics never race, an atomic and a plain
 * access to the same location may (doc/SEMANTICS.md rule 17).  A write is
 * checked before it is made and a read after: a read that sees a value
 * finds its writer in the shadow (a flag's reader is ordered after it).
 * Only the precise detector follows that order: auto mode's run rules the
 * fast one out at the first atomic read in a parallel region. */
#define ATOMIC_READ_SEEN()                                                      do {                                                                            if (__builtin_expect(oa_conf.race_detector == OA_DET_AUTO, 0))                oa_race_check_atomic_read(oa_self, PC());                                 } while (0)

#define ATOMIC_AT(a, bits, w) \
  access_at((uintptr_t)(a), (bits) / 8, (w) | OA_RACE_SYNC, PC())
#define RMW(bits, T, op)                                                      \
  EXPORT T __tsan_atomic##bits##_##op(volatile T *a, T v, int mo)               \
  { ATOMIC_AT(a, bits, 1); return __atomic_##op(a, v, __ATOMIC_SEQ_CST); }
#define ATOMICS(bits, T)                                                                   \
  EXPORT T __tsan_atomic##bits##_load(const volatile T *a, int mo)                          \
  { T v = __atomic_load_n(a, __ATOMIC_SEQ_CST); ATOMIC_READ_SEEN(); ATOMIC_AT(a, bits, 0);   \
    return v; }                                                                             \
  EXPORT void __tsan_atomic##bits##_store(volatile T *a, T v, int mo)                       \
  { ATOMIC_AT(a, bits, 1); __atomic_store_n(a, v, __ATOMIC_SEQ_CST); }                      \
  EXPORT T __tsan_atomic##bits##_exchange(volatile T *a, T v, int mo)                       \
  { ATOMIC_AT(a, bits, 1); return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST); }            \
  RMW(bits, T, fetch_add) RMW(bits, T, fetch_sub) RMW(bits, T, fetch_and)                   \
  RMW(bits, T, fetch_or) RMW(bits, T, fetch_xor) RMW(bits, T, fetch_nand)                   \
  EXPORT int __tsan_atomic##bits##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, \
                                                           int fmo)                         \
  { ATOMIC_AT(a, bits, 1);                                                                 \
    return __atomic_compare_exchange_n(a, c, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); }   \
  EXPORT int __tsan_atomic##bits##_compare_exchange_weak(volatile T *a, T *c, T v, int mo,  \
                                                         int fmo)                           \
  { ATOMIC_AT(a, bits, 1);                                                                 \
    return __atomic_compare_exchange_n(a, c, v, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); }   \
  EXPORT T __tsan_atomic##bits##_compare_exchange_val(volatile T *a, T c, T v, int mo,      \
                                                      int fmo)                              \
  {                                                                                         \
    ATOMIC_AT(a, bits, 1);                                                                  \
    __atomic_compare_exchange_n(a, &c, v, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);          \
    return c;                                                                               \
  }
ATOMICS(8, uint8_t)
ATOMICS(16, uint16_t)
ATOMICS(32, uint32_t)
ATOMICS(64, uint64_t)

/* 128-bit atomics are rare: one lock makes them atomic with each other. */
typedef unsigned __int128 u128;
static uint32_t lock128;
static void l128(void)
{
  while (__atomic_exchange_n(&lock128, 1, __ATOMIC_ACQUIRE))
    _mm_pause();
}
static void u128_(void) { __atomic_store_n(&lock128, 0, __ATOMIC_RELEASE); }
#define RMW128(name, expr)                                            \
  EXPORT u128 __tsan_atomic128_##name(volatile u128 *a, u128 v, int mo) \
  {                                                                   \
    l128();                                                           \
    u128 old = *a;                                                    \
    *a = (expr);                                                      \
    u128_();                                                          \
    return old;                                                       \
  }
RMW128(exchange, v)
RMW128(fetch_add, old + v)
RMW128(fetch_sub, old - v)
RMW128(fetch_and, old & v)
RMW128(fetch_or, old | v)
RMW128(fetch_xor, old ^ v)
RMW128(fetch_nand, ~(old & v))
EXPORT u128 __tsan_atomic128_load(const volatile u128 *a, int mo)
{
  l128();
  u128 v = *a;
  u128_();
  return v;
}
EXPORT void __tsan_atomic128_store(volatile u128 *a, u128 v, int mo)
{
  l128();
  *a = v;
  u128_();
}
EXPORT u128 __tsan_atomic128_compare_exchange_val(volatile u128 *a, u128 c, u128 v, int mo, int fmo)
{
  l128();
  u128 old = *a;
  if (old == c)
    *a = v;
  u128_();
  return old;
}
EXPORT int __tsan_atomic128_compare_exchange_strong(volatile u128 *a, u128 *c, u128 v, int mo,
                                                   int fmo)
{
  u128 old = __tsan_atomic128_compare_exchange_val(a, *c, v, mo, fmo);
  if (old == *c)
    return 1;
  *c = old;
  return 0;
}
EXPORT int __tsan_atomic128_compare_exchange_weak(volatile u128 *a, u128 *c, u128 v, int mo,
                                                 int fmo)
{
  return __tsan_atomic128_compare_exchange_strong(a, c, v, mo, fmo);
}

EXPORT void __tsan_atomic_thread_fence(int mo) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
EXPORT void __tsan_atomic_signal_fence(int mo) { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

/* --- freed memory ---------------------------------------------------------------- */

extern void __libc_free(void *);
extern void *__libc_realloc(void *, size_t);

static void forget(void *p)
{
  if (!p || !oa_race_detecting())
    return;
  oa_shadow_clear((uintptr_t)p, (uintptr_t)p + malloc_usable_size(p));
  oa_thread *t = oa_self;
  if (t)
    t->race->stamp++;  /* the memory may come back to this fragment */
}

/* Blocks a thread's implicit task allocates: its own, in a team of any size
 * (race-ws.c).  glibc's own entries do the work. */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_memalign(size_t, size_t);

static inline void *allocated(void *p, size_t n)
{
  oa_thread *t = oa_self;
  if (p && t && t->cur && oa_race_detecting())
    oa_race_ws_alloc(t, p, n);
  return p;
}

EXPORT void *malloc(size_t n) { return allocated(__libc_malloc(n), n); }
EXPORT void *calloc(size_t k, size_t n)
{
  return allocated(__libc_calloc(k, n), k * n);
}
EXPORT void *memalign(size_t align, size_t n)
{
  return allocated(__libc_memalign(align, n), n);
}
EXPORT void *aligned_alloc(size_t align, size_t n)
{
  return allocated(__libc_memalign(align, n), n);
}
EXPORT int posix_memalign(void **p, size_t align, size_t n)
{
  if (align < sizeof(void *) || (align & (align - 1)))
    return 22;  /* EINVAL */
  void *q = __libc_memalign(align, n);
  if (!q)
    return 12;  /* ENOMEM */
  *p = allocated(q, n);
  return 0;
}

EXPORT void free(void *p)
{
  forget(p);
  __libc_free(p);
}

EXPORT void *realloc(void *p, size_t n)
{
  size_t old = p && oa_race_detecting() ? malloc_usable_size(p) : 0;
  void *q = __libc_realloc(p, n);
  if (q && q != p && old)
    oa_shadow_clear((uintptr_t)p, (uintptr_t)p + old);
  return allocated(q, n);
}

/* --- libomp entries ----------------------------------------------------------------
 * Each calls the runtime's own (the next definition after this library). */
typedef struct ident ident_t;

/* The running task's own accesses are the runtime's until ignore_end; a
 * task the thread runs meanwhile (inside a barrier, say) is checked. */
static void ignore_begin(oa_thread *t)
{
  if (!t->race->ignore++)
    t->race->ignore_task = t->cur;
}

static void ignore_end(oa_thread *t)
{
  if (t->race->ignore && !--t->race->ignore)
    t->race->ignore_task = NULL;
}
typedef void (*reduce_fn)(void *, void *);
#define REAL(name, type)                                   \
  static __typeof__(type) real_##name;                               \
  if (!real_##name)                                        \
    real_##name = (type)dlsym(RTLD_NEXT, #name);

/* Code that asks its thread's number may address what it touches by it
 * (partial[omp_get_thread_num()] += x): which iterations share those
 * addresses then depends on the team, and race-ws.c stops checking the
 * task's iterations across team sizes (omp_get_num_threads: interpose.c). */
static inline void thread_asked(void)
{
  oa_thread *t = oa_self;
  if (t && t->cur)
    t->team_asked = t->cur->uid;
}

EXPORT int omp_get_thread_num(void)
{
  REAL(omp_get_thread_num, int (*)(void));
  thread_asked();
  return real_omp_get_thread_num();
}

EXPORT int omp_get_thread_num_(void)
{
  REAL(omp_get_thread_num_, int (*)(void));
  thread_asked();
  return real_omp_get_thread_num_();
}

/* The end of a schedule(static) loop's iterations on this thread (race-ws.c) */
EXPORT void __kmpc_for_static_fini(ident_t *loc, int32_t gtid)
{
  REAL(__kmpc_for_static_fini, void (*)(ident_t *, int32_t));
  oa_thread *t = oa_self;
  if (t && t->race->ws)
    oa_race_ws_end(t);
  real___kmpc_for_static_fini(loc, gtid);
}

/* A doacross loop's sink and source: the program calls them in every
 * iteration, also in a team of one, where libomp returns at once and OMPT
 * says nothing (race-ws.c: its iterations are ordered). */
EXPORT void __kmpc_doacross_wait(ident_t *loc, int32_t gtid, const int64_t *vec)
{
  REAL(__kmpc_doacross_wait, void (*)(ident_t *, int32_t, const int64_t *));
  oa_thread *t = oa_self;
  if (t && t->race->ws_on)
    oa_race_ws_ordered(t);
  real___kmpc_doacross_wait(loc, gtid, vec);
}

EXPORT void __kmpc_doacross_post(ident_t *loc, int32_t gtid, const int64_t *vec)
{
  REAL(__kmpc_doacross_post, void (*)(ident_t *, int32_t, const int64_t *));
  oa_thread *t = oa_self;
  if (t && t->race->ws_on)
    oa_race_ws_ordered(t);
  real___kmpc_doacross_post(loc, gtid, vec);
}

/* A reduction's combination: the tree method reads the other threads'
 * private copies inside the call (the runtime's business), and a thread
 * that gets 1 combines into the shared variable before the end call (under
 * the runtime's lock, or after its barrier); with result 2 each thread
 * combines with atomics.  The combination is synchronized among the
 * participants only: its accesses are checked as such (doc/SEMANTICS.md rule
 * 18: a `single nowait` writing the variable races with it). */
static int32_t reduce(int32_t (*real)(ident_t *, int32_t, int32_t, size_t, void *, reduce_fn, void *),
                      ident_t *loc, int32_t gtid, int32_t n, size_t size, void *data, reduce_fn f,
                      void *lck)
{
  oa_thread *t = oa_self;
  if (t)
    ignore_begin(t);
  int32_t r = real(loc, gtid, n, size, data, f, lck);
  if (t) {
    ignore_end(t);
    if (r == 1) {
      t->race->in_reduce = 1;
      t->race->aflags = OA_RACE_SYNC;
    }
  }
  return r;
}

EXPORT int32_t __kmpc_reduce_nowait(ident_t *loc, int32_t gtid, int32_t n, size_t size,
                                    void *data, reduce_fn f, void *lck)
{
  REAL(__kmpc_reduce_nowait, int32_t (*)(ident_t *, int32_t, int32_t, size_t, void *, reduce_fn, void *));
  return reduce(real___kmpc_reduce_nowait, loc, gtid, n, size, data, f, lck);
}

EXPORT int32_t __kmpc_reduce(ident_t *loc, int32_t gtid, int32_t n, size_t size, void *data,
                             reduce_fn f, void *lck)
{
  REAL(__kmpc_reduce, int32_t (*)(ident_t *, int32_t, int32_t, size_t, void *, reduce_fn, void *));
  return reduce(real___kmpc_reduce, loc, gtid, n, size, data, f, lck);
}

/* The end calls come only after a result of 1 (the atomic method's
 * blocking form calls __kmpc_end_reduce too: then nothing is pending). */
static void end_reduce(void)
{
  oa_thread *t = oa_self;
  if (t && t->race->in_reduce) {
    t->race->in_reduce = 0;
    t->race->aflags = 0;
  }
}

EXPORT void __kmpc_end_reduce_nowait(ident_t *loc, int32_t gtid, void *lck)
{
  REAL(__kmpc_end_reduce_nowait, void (*)(ident_t *, int32_t, void *));
  real___kmpc_end_reduce_nowait(loc, gtid, lck);
  end_reduce();
}

EXPORT void __kmpc_end_reduce(ident_t *loc, int32_t gtid, void *lck)
{
  REAL(__kmpc_end_reduce, void (*)(ident_t *, int32_t, void *));
  real___kmpc_end_reduce(loc, gtid, lck);
  end_reduce();
}

/* The block a new task's private data and shareds live in (race-omp.c). */
EXPORT void *__kmpc_omp_task_alloc(ident_t *loc, int32_t gtid, int32_t flags, size_t size_task,
                                   size_t size_shareds, void *entry)
{
  REAL(__kmpc_omp_task_alloc, void *(*)(ident_t *, int32_t, int32_t, size_t, size_t, void *));
  void *task = real___kmpc_omp_task_alloc(loc, gtid, flags, size_task, size_shareds, entry);
  oa_thread *t = oa_self;
  if (t && task)
    oa_race_task_block(t, task, size_task + size_shareds);
  return task;
}

/* A task the runtime runs at once, from inside the call that creates it (in
 * a team of one, or when the thread's queue is full), runs on its creator's
 * stack below this frame: the creator's own frame ends here (race-omp.c),
 * where the margin above the runtime's frames would reach into the
 * creator's locals, which the task may share (a task that writes its
 * parent's local, which the parent then writes too, raced unseen at one
 * thread).  The bound holds for the call only: a task deferred here runs
 * later, elsewhere.  The task's creation is reported from inside the call,
 * with this function as its caller: the program's return address stands
 * for it (where.c), as for interpose.c's calls (saved and put back: tasks
 * run inside create tasks of their own). */
static const void *task_call_begin(oa_thread *t, uintptr_t sp, const void *ra)
{
  if (!t)
    return NULL;
  const void *was = t->caller_ra;
  t->race->call_sp = sp;
  t->caller_ra = ra;
  return was;
}

static void task_call_end(oa_thread *t, const void *was)
{
  if (t) {
    t->race->call_sp = 0;
    t->caller_ra = was;
  }
}

EXPORT int32_t __kmpc_omp_task(ident_t *loc, int32_t gtid, void *task)
{
  REAL(__kmpc_omp_task, int32_t (*)(ident_t *, int32_t, void *));
  oa_thread *t = oa_self;
  const void *was = task_call_begin(t, (uintptr_t)__builtin_frame_address(0), __builtin_return_address(0));
  int32_t rc = real___kmpc_omp_task(loc, gtid, task);
  task_call_end(t, was);
  return rc;
}

EXPORT int32_t __kmpc_omp_task_with_deps(ident_t *loc, int32_t gtid, void *task, int32_t ndeps,
                                         void *deps, int32_t ndeps_noalias, void *noalias)
{
  REAL(__kmpc_omp_task_with_deps,
       int32_t (*)(ident_t *, int32_t, void *, int32_t, void *, int32_t, void *));
  oa_thread *t = oa_self;
  const void *was = task_call_begin(t, (uintptr_t)__builtin_frame_address(0), __builtin_return_address(0));
  int32_t rc = real___kmpc_omp_task_with_deps(loc, gtid, task, ndeps, deps, ndeps_noalias, noalias);
  task_call_end(t, was);
  return rc;
}

/* A taskloop's tasks are copies libomp makes of the pattern task, in
 * blocks of the pattern's size found from their OMPT data (race-omp.c), which
 * needs one task created the ordinary way first: an empty undeferred task
 * does, if the program has not made one yet.  The copies' firstprivate
 * values are written by the program's task_dup function inside the call:
 * initialization of blocks that are about to start afresh, not accesses. */
typedef void (*task_dup_fn)(void *, void *, int32_t);
static int32_t empty_task(int32_t gtid, void *task) { return 0; }

static void learn_block_offset(ident_t *loc, int32_t gtid)
{
  REAL(__kmpc_omp_task_begin_if0, void (*)(ident_t *, int32_t, void *));
  REAL(__kmpc_omp_task_complete_if0, void (*)(ident_t *, int32_t, void *));
  void *task = __kmpc_omp_task_alloc(loc, gtid, 1, 64, 0, (void *)empty_task);
  if (!task || !real___kmpc_omp_task_begin_if0 || !real___kmpc_omp_task_complete_if0)
    return;
  real___kmpc_omp_task_begin_if0(loc, gtid, task);
  empty_task(gtid, task);
  real___kmpc_omp_task_complete_if0(loc, gtid, task);
}

static void taskloop_starts(ident_t *loc, int32_t gtid, void *pattern)
{
  oa_thread *t = oa_self;
  if (!t)
    return;
  size_t size = t->race->task_block == pattern ? t->race->task_size : 0;
  if (oa_race_block_offset_unknown())
    learn_block_offset(loc, gtid);
  t->race->task_block = NULL;
  t->race->task_size = size;
  ignore_begin(t);
}

static void taskloop_ends(void)
{
  oa_thread *t = oa_self;
  if (t)
    ignore_end(t);
}

EXPORT void __kmpc_taskloop(ident_t *loc, int32_t gtid, void *task, int32_t if_val, uint64_t *lb,
                            uint64_t *ub, int64_t st, int32_t nogroup, int32_t sched,
                            uint64_t grainsize, task_dup_fn dup)
{
  REAL(__kmpc_taskloop, void (*)(ident_t *, int32_t, void *, int32_t, uint64_t *, uint64_t *,
                                 int64_t, int32_t, int32_t, uint64_t, task_dup_fn));
  taskloop_starts(loc, gtid, task);
  real___kmpc_taskloop(loc, gtid, task, if_val, lb, ub, st, nogroup, sched, grainsize, dup);
  taskloop_ends();
}

EXPORT void __kmpc_taskloop_5(ident_t *loc, int32_t gtid, void *task, int32_t if_val,
                              uint64_t *lb, uint64_t *ub, int64_t st, int32_t nogroup,
                              int32_t sched, uint64_t grainsize, int32_t modifier,
                              task_dup_fn dup)
{
  REAL(__kmpc_taskloop_5, void (*)(ident_t *, int32_t, void *, int32_t, uint64_t *, uint64_t *,
                                   int64_t, int32_t, int32_t, uint64_t, int32_t, task_dup_fn));
  taskloop_starts(loc, gtid, task);
  real___kmpc_taskloop_5(loc, gtid, task, if_val, lb, ub, st, nogroup, sched, grainsize, modifier,
                         dup);
  taskloop_ends();
}

/* Task reductions (race.c: oa_race_owned): the sizes of the items come with
 * the taskgroup's init call, the thread's copy from get_th_data.  Two
 * layouts of the items' descriptions: OpenMP 5.0's kmp_taskred_input_t
 * (shared item, original, size, ...) and the older kmp_task_red_input_t
 * (shared item, size, ...). */
#define RED_ITEMS 64
static struct { uintptr_t shar; size_t size; } red_items[RED_ITEMS];
static uint32_t red_next;  /* atomic */

static void red_remember(const void *data, int num, size_t stride, size_t size_at)
{
  for (int i = 0; i < num; i++) {
    const char *item = (const char *)data + (size_t)i * stride;
    uint32_t k = __atomic_fetch_add(&red_next, 1, __ATOMIC_RELAXED) % RED_ITEMS;
    red_items[k].shar = (uintptr_t) * (void *const *)item;
    red_items[k].size = *(const size_t *)(item + size_at);
  }
}

static size_t red_size(const void *shar)
{
  for (int i = 0; i < RED_ITEMS; i++)
    if (red_items[i].shar == (uintptr_t)shar)
      return red_items[i].size;
  return 0;
}

EXPORT void *__kmpc_taskred_init(int gtid, int num, void *data)
{
  REAL(__kmpc_taskred_init, void *(*)(int, int, void *));
  red_remember(data, num, 7 * sizeof(void *), 2 * sizeof(void *));
  return real___kmpc_taskred_init(gtid, num, data);
}

EXPORT void *__kmpc_taskred_modifier_init(ident_t *loc, int gtid, int is_ws, int num, void *data)
{
  REAL(__kmpc_taskred_modifier_init, void *(*)(ident_t *, int, int, int, void *));
  red_remember(data, num, 7 * sizeof(void *), 2 * sizeof(void *));
  return real___kmpc_taskred_modifier_init(loc, gtid, is_ws, num, data);
}

EXPORT void *__kmpc_task_reduction_init(int gtid, int num, void *data)
{
  REAL(__kmpc_task_reduction_init, void *(*)(int, int, void *));
  red_remember(data, num, 6 * sizeof(void *), sizeof(void *));
  return real___kmpc_task_reduction_init(gtid, num, data);
}

EXPORT void *__kmpc_task_reduction_modifier_init(ident_t *loc, int gtid, int is_ws, int num,
                                                 void *data)
{
  REAL(__kmpc_task_reduction_modifier_init, void *(*)(ident_t *, int, int, int, void *));
  red_remember(data, num, 6 * sizeof(void *), sizeof(void *));
  return real___kmpc_task_reduction_modifier_init(loc, gtid, is_ws, num, data);
}

/* The thread's copy of a task reduction item.  In a team of one libomp
 * hands back the original item itself: the only thread's copy, all the
 * same (doc/SEMANTICS.md rule 18), though the team's tasks are deferred tasks
 * (rule 9). */
EXPORT void *__kmpc_task_reduction_get_th_data(int gtid, void *tg, void *d)
{
  REAL(__kmpc_task_reduction_get_th_data, void *(*)(int, void *, void *));
  void *p = real___kmpc_task_reduction_get_th_data(gtid, tg, d);
  oa_thread *t = oa_self;
  size_t size = red_size(d);
  if (t && p && size)
    oa_race_owned(t, (uintptr_t)p, (uintptr_t)p + size);
  return p;
}

