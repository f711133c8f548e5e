/* Apparent race detection (dissertation ch. 4) over the OSPG the construct
 * handlers build: each access is checked against its location's access
 * history (fast: Alg. 19, precise: Alg. 20) with the OSPG's may-parallel
 * query, and the history is updated.  Histories and the OSPG nodes they name
 * live for one top-level parallel region (an epoch): what came before it is
 * in series with everything in it.  Also here: check mode (Alg. 17), the
 * locksets, the reports, and forgetting memory that tasks reuse (4.4.1). */

#include "race.h"

#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <x86intrin.h>

#include "prof.h"
#include "shadow.h"

static void oa_race_finalize(void);

static int detecting;           /* fast or precise: accesses are checked */
static uint32_t epoch = 1;      /* cells of older epochs read as empty */

/* --- node references: 32 bits in a cell ------------------------------------
 * In race mode OSPG nodes come from one reserved range, so a node is its
 * offset in 8-byte units (plus one: 0 is "none"). */
#define ARENA_BYTES (UINT64_C(32) << 30)
static uintptr_t arena, arena_used;  /* arena_used: atomic */

static void *arena_alloc(size_t bytes)
{
  bytes = (bytes + 63) & ~(size_t)63;
  uintptr_t off = __atomic_fetch_add(&arena_used, bytes, __ATOMIC_RELAXED);
  if (off + bytes > ARENA_BYTES) {
    fprintf(stderr, "ompadv: race: more than %llu GiB of OSPG nodes in one parallel region\n",
            (unsigned long long)(ARENA_BYTES >> 30));
    abort();
  }
  return (void *)(arena + off);
}

static inline uint32_t ref_of(const oa_node *n)
{
  return (uint32_t)(((uintptr_t)n - arena) >> 3) + 1;
}

static inline oa_node *node_of(uint32_t ref)
{
  return (oa_node *)(arena + ((uintptr_t)(ref - 1) << 3));
}

/* --- access sites: 32 bits in a cell ----------------------------------------
 * A code address in the main executable is its offset there; others go
 * through a table (instrumented shared libraries: few sites). */
#define SITE_TABLE 65536
/* A site's access was synchronized with the others so marked (an atomic
 * construct, a reduction's combination): two of them never race, one of
 * them with a plain access does. */
#define SITE_SYNC 0x40000000u
/* In a fast-mode reader slot: a write kept there (see stash()). */
#define SITE_WR 0x20000000u
#define SITE_FLAGS (SITE_SYNC | SITE_WR)
static uintptr_t exe_lo;
static uint64_t site_pc[SITE_TABLE];  /* open addressing, CAS-inserted */

static inline uint32_t site_of(uintptr_t pc)
{
  uintptr_t off = pc - exe_lo;
  if (off < SITE_WR - 1)
    return (uint32_t)off + 1;
  uint32_t h = (uint32_t)((pc * UINT64_C(0x9e3779b97f4a7c15)) >> 48);
  for (uint32_t i = 0; i < SITE_TABLE; i++, h = (h + 1) & (SITE_TABLE - 1)) {
    uint64_t cur = __atomic_load_n(&site_pc[h], __ATOMIC_ACQUIRE);
    if (cur == pc)
      return 0x80000000u | h;
    if (!cur && __atomic_compare_exchange_n(&site_pc[h], &cur, pc, 0, __ATOMIC_ACQ_REL,
                                            __ATOMIC_ACQUIRE))
      return 0x80000000u | h;
    if (cur == pc)
      return 0x80000000u | h;
  }
  return 0;  /* table full: the site is unknown */
}

/* --- calling contexts (ompadv race --earlier-stacks) ------------------------
 * A race is found at its later access, and the thread's call stack then is
 * that access's; the earlier access's stack is gone.  With --earlier-stacks
 * every site also names its calling context, a node of a tree of call
 * sites interned as the program runs ((caller's context, call site) ->
 * context), which the report walks back.  The cost: a function's context is
 * interned at its first checked access (one probe per call level not seen
 * since the stack last changed there), and each checked access probes the
 * table of (code address, context) sites instead of taking its code address
 * as it is.  The two tables share one layout: an entry is a code address
 * (0: free) and a context; its index + 1 names it. */
#define CTX_TABLE (1u << 22)
#define CTX_PROBES 64
static int ctx_on;
static uint64_t *ctx_pc, *cs_pc;      /* [CTX_TABLE]: call site / access's code address */
static uint32_t *ctx_up, *cs_ctx;     /* ... the context it is in (0: a thread's bottom) */
static pthread_mutex_t ctx_lock = PTHREAD_MUTEX_INITIALIZER;

/* (pc, in) in the table: its index + 1, inserted if new; 0 when the
 * table is too full. */
static uint32_t intern(uint64_t *pcs, uint32_t *ins, uint64_t pc, uint32_t in)
{
  uint64_t k = (pc ^ (uint64_t)in * UINT64_C(0xff51afd7ed558ccd)) * UINT64_C(0x9e3779b97f4a7c15);
  uint32_t h = (uint32_t)(k >> 42);
  for (uint32_t i = 0; i < CTX_PROBES; i++, h = (h + 1) & (CTX_TABLE - 1)) {
    uint64_t cur = __atomic_load_n(&pcs[h], __ATOMIC_ACQUIRE);
    if (!cur) {
      pthread_mutex_lock(&ctx_lock);
      cur = __atomic_load_n(&pcs[h], __ATOMIC_ACQUIRE);
      if (!cur) {
        ins[h] = in;
        __atomic_store_n(&pcs[h], pc, __ATOMIC_RELEASE);
      }
      pthread_mutex_unlock(&ctx_lock);
      if (!cur)
        return h + 1;
    }
    if (cur == pc && ins[h] == in)
      return h + 1;
  }
  return 0;
}

/* The context of the thread's running function (CTX_UNKNOWN: a level of it
 * found the table full). */
#define CTX_UNKNOWN UINT32_MAX
static uint32_t context_of(oa_race_thread *r)
{
  uint32_t d = r->depth < OA_RACE_CALLS ? r->depth : OA_RACE_CALLS;
  for (uint32_t v = r->ctx_valid; v < d; v++) {
    uint32_t up = r->ctx_at[v];
    uint32_t c = up == CTX_UNKNOWN ? 0 : intern(ctx_pc, ctx_up, r->callers[v], up);
    r->ctx_at[v + 1] = c ? c : CTX_UNKNOWN;
  }
  if (r->ctx_valid < d)
    r->ctx_valid = d;
  return r->ctx_at[d];
}

/* The site of an access at pc in the thread's context (a code address of
 * the executable alone when the table is full: its context unknown). */
static uint32_t site_in_context(oa_race_thread *r, uintptr_t pc)
{
  uint32_t ctx = context_of(r), i = ctx == CTX_UNKNOWN ? 0 : intern(cs_pc, cs_ctx, pc, ctx);
  if (i)
    return 0x80000000u | i;
  uint32_t s = site_of(pc);
  return s & 0x80000000u ? 0 : s;
}

static inline uintptr_t pc_of(uint32_t site)
{
  site &= ~SITE_FLAGS;
  if (!site)
    return 0;
  if (site & 0x80000000u)
    return ctx_on ? cs_pc[(site & ~0x80000000u) - 1] : site_pc[site & (SITE_TABLE - 1)];
  return exe_lo + site - 1;
}

/* The context a site names (0: none known). */
static uint32_t context_of_site(uint32_t site)
{
  site &= ~SITE_FLAGS;
  return ctx_on && site & 0x80000000u ? cs_ctx[(site & ~0x80000000u) - 1] : 0;
}

/* Reports are deduplicated by code addresses, whatever their contexts. */
static uint32_t pair_site(uint32_t site)
{
  return ctx_on ? site_of(pc_of(site)) : site;
}

static int find_exe(struct dl_phdr_info *info, size_t size, void *data)
{
  uintptr_t lo = UINTPTR_MAX;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_LOAD && info->dlpi_addr + info->dlpi_phdr[i].p_vaddr < lo)
      lo = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
  *(uintptr_t *)data = lo;
  return 1;  /* the first object is the program */
}

/* --- reports ------------------------------------------------------------------ */

#define PAIR_TABLE 65536
static uint64_t pairs[PAIR_TABLE];  /* reported (earlier site, later site) */
static uint64_t races_found, pairs_dropped;

/* 1 the first time this pair of sites is seen. */
static int new_pair(uint32_t earlier, uint32_t later)
{
  earlier &= ~SITE_FLAGS;
  later &= ~SITE_FLAGS;
  uint64_t key = (uint64_t)earlier << 32 | later;
  if (!key)
    return 0;
  uint32_t h = (uint32_t)((key * UINT64_C(0x9e3779b97f4a7c15)) >> 48);
  for (uint32_t i = 0; i < PAIR_TABLE; i++, h = (h + 1) & (PAIR_TABLE - 1)) {
    uint64_t cur = __atomic_load_n(&pairs[h], __ATOMIC_ACQUIRE);
    if (cur == key)
      return 0;
    if (!cur && __atomic_compare_exchange_n(&pairs[h], &cur, key, 0, __ATOMIC_ACQ_REL,
                                            __ATOMIC_ACQUIRE))
      return 1;
    if (cur == key)
      return 0;
  }
  __atomic_add_fetch(&pairs_dropped, 1, __ATOMIC_RELAXED);
  return 0;
}

static uint64_t construct_of(const oa_node *n, unsigned *kind)
{
  *kind = oa_prof_loc_kind(n->loc);
  return oa_prof_loc_where(n->loc);
}

/* Did the two fragments run at the same time on two threads? */
static int overlapped(const oa_node *earlier, const oa_node *later)
{
  const oa_node_x *ex = oa_node_xr(earlier), *lx = oa_node_xr(later);
  uint64_t end = __atomic_load_n(&ex->t1, __ATOMIC_RELAXED);
  return ex->thread != lx->thread && (end == 0 || end > lx->t0);
}

typedef struct access {
  uintptr_t addr;
  uint32_t size;
  int write;
  uint32_t site;
  uintptr_t pc;
  int poll;                       /* a synchronized read this thread made just before */
  int rf;                         /* a synchronized read: it may observe a write (rule 16b, 17) */
} access;

static inline int both_sync(uint32_t earlier_site, const access *a)
{
  return earlier_site & a->site & SITE_SYNC;
}

/* Storage of an implicit task's own frames (its private variables, its
 * reduction copies, the loop's bounds) is used by whichever chunks of its
 * worksharing loops its thread runs: chunks are logically parallel, but in
 * any schedule each thread uses its own copy, so two fragments of the same
 * implicit task never race there.  (Explicit tasks it runs are checked.) */
static int own_private(const oa_thread *t, const access *a, const oa_node *cur,
                       const oa_node *e)
{
  const oa_node_x *ex = oa_node_xr(e), *cx = oa_node_xr(cur);
  return ex->itask && ex->itask == cx->itask && a->addr < cx->itop
         && a->addr >= t->race.stack_lo;
}

/* A threadprivate variable (thread-local storage) has a copy per thread:
 * whichever fragments a thread runs use its copy, and never at the same
 * time, so two accesses of one thread to its own copy never race, even
 * when the fragments are logically parallel (in another schedule each
 * would use the copy of the thread that ran it).  Another thread that
 * reaches the copy through a pointer is checked as usual. */
static int tls_range(struct dl_phdr_info *info, size_t size, void *data)
{
  (void)size;
  oa_race_thread *r = data;
  if (!info->dlpi_tls_data || r->ntls == OA_RACE_TLS)
    return 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_TLS) {
      r->tls[r->ntls].lo = (uintptr_t)info->dlpi_tls_data;
      r->tls[r->ntls].hi = (uintptr_t)info->dlpi_tls_data + info->dlpi_phdr[i].p_memsz;
      r->ntls++;
    }
  return 0;
}

/* The thread's own copies, learnt once (when it begins its first implicit
 * task, or at its first report): modules loaded later are not seen. */
static void learn_tls(oa_race_thread *r)
{
  if (!r->tls_known) {
    dl_iterate_phdr(tls_range, r);
    __atomic_store_n(&r->tls_known, 1, __ATOMIC_RELEASE);
  }
}

static int own_tls(oa_thread *t, const access *a, const oa_node *e)
{
  oa_race_thread *r = &t->race;
  if (oa_node_xr(e)->thread != t->id)
    return 0;
  learn_tls(r);
  for (uint32_t i = 0; i < r->ntls; i++)
    if (a->addr >= r->tls[i].lo && a->addr < r->tls[i].hi)
      return 1;
  return 0;
}

/* Whose memory addr is, for the report (OA_RACE_MEM_*): the thread-local
 * storage or the stack of a thread of the run (its id + 1 in the low bits),
 * or neither (0: a global, the heap, a mapping). */
static uint64_t memory_of(uintptr_t addr)
{
  for (oa_thread *u = __atomic_load_n(&oa_the_run.threads, __ATOMIC_ACQUIRE); u;
       u = u->next_thread) {
    const oa_race_thread *r = &u->race;
    uint64_t who = u->id + 1 < OA_RACE_MEM_THREAD ? u->id + 1 : 0;
    uint32_t ntls = __atomic_load_n(&r->tls_known, __ATOMIC_ACQUIRE) ? r->ntls : 0;
    for (uint32_t i = 0; i < ntls && i < OA_RACE_TLS; i++)
      if (addr >= r->tls[i].lo && addr < r->tls[i].hi)
        return who | OA_RACE_MEM_TLS;
    if (r->stack_lo && addr >= r->stack_lo && addr < r->stack_hi)
      return who;
  }
  return 0;
}

/* The program's implicit parallel region has a team of one thread whatever
 * the configuration (OMP_NUM_THREADS sizes the teams of parallel
 * constructs): the tasks created outside every parallel and teams construct
 * are logically parallel with their creator's continuation (SEMANTICS.md
 * rule 9), but only the initial thread ever runs them, one task region at
 * a time.  Two accesses both made there are never made by two threads, in
 * any execution: no data race (OpenMP 5.2, section 1.4.1: a race is
 * between threads), only an order that may differ, which is the program's
 * business.  An access from inside a parallel region is checked against
 * them as usual: one of that team's other threads may run at the same
 * time as such a task. */
static int initial_thread_only(const oa_node *e, const oa_node *cur)
{
  return oa_node_xr(e)->solo && oa_node_xr(cur)->solo;
}

/* STACK records for up to 15 call sites, innermost first (contract.h). */
static void emit_callers(oa_thread *t, const uint64_t *fr, uint32_t n, unsigned flag)
{
  for (uint32_t i = 0; i < n && i < 15; i += 5) {
    uint32_t k = n - i < 5 ? n - i : 5;
    oa_record *st = oa_begin_record(t, OA_RACE_STACK, k | flag);
    if (!st)
      return;
    memcpy(st->race_stack.callers, fr + i, k * sizeof *fr);
    oa_commit(t);
  }
}

static void report(oa_thread *t, const access *a, const oa_node *cur, uint32_t earlier_ref,
                   uint32_t earlier_site, int earlier_write)
{
  if (!__atomic_load_n(&detecting, __ATOMIC_ACQUIRE))
    return;  /* the shadow ran out: the cells may be the sink's */
  const oa_node *e = node_of(earlier_ref);
  if (own_private(t, a, cur, e) || own_tls(t, a, e) || initial_thread_only(e, cur))
    return;
  __atomic_add_fetch(&races_found, 1, __ATOMIC_RELAXED);
  if (!new_pair(pair_site(earlier_site), pair_site(a->site)))
    return;
  /* the later access's callers (the earlier access's are gone, unless its
   * site names its calling context: --earlier-stacks) */
  oa_race_thread *r = &t->race;
  uint32_t depth = r->depth < OA_RACE_CALLS ? r->depth : OA_RACE_CALLS;
  uint64_t fr[15];
  uint32_t n = 0;
  for (; n < depth && n < 15; n++)
    fr[n] = r->callers[depth - 1 - n];
  emit_callers(t, fr, n, 0);
  /* the earlier access's, when its site names its context */
  n = 0;
  for (uint32_t ctx = context_of_site(earlier_site); ctx && n < 15; ctx = ctx_up[ctx - 1])
    fr[n++] = ctx_pc[ctx - 1];
  emit_callers(t, fr, n, OA_RACE_STACK_EARLIER);
  unsigned kc, kd;
  uint64_t c = construct_of(cur, &kc), d = construct_of(e, &kd);
  uint64_t where = memory_of(a->addr);
  unsigned bits = (a->write ? OA_RACE_LATER_WRITE : 0) | (earlier_write ? OA_RACE_EARLIER_WRITE : 0)
                  | (overlapped(e, cur) ? OA_RACE_CONCURRENT : 0);
  oa_record *ev = oa_begin_record(t, OA_RACE_REPORT, bits);
  if (!ev)
    return;
  struct oa_race_report *x = &ev->race_report;
  x->earlier_thread = oa_node_xr(e)->thread;
  x->size = (uint8_t)a->size;
  x->later_kind = (uint8_t)kc;
  x->earlier_kind = (uint8_t)kd;
  x->memory = (uint8_t)where;
  x->address = a->addr;
  x->later_code = a->pc;
  x->earlier_code = pc_of(earlier_site);
  x->later_construct = c;
  x->earlier_construct = d;
  oa_commit(t);
}

/* --- orders the program forces through locks and atomics (precise mode) ----
 * The series-parallel graph knows no lock: two critical regions of one lock
 * run in either order.  Some orders are forced all the same, in every
 * schedule (SEMANTICS.md rules 16-17):
 *   - a lock's region whose start the graph orders before another's start
 *     (a lock held across a barrier and taken after it) ends before the
 *     other begins: mutual exclusion leaves no other order;
 *   - a thread that polls a location under a lock or with atomics (the same
 *     read again and again: a hand-made barrier, a flag) until it reads
 *     another thread's write goes on only after that write;
 *   - a read that observes another fragment's write (rules 16b, 17): an
 *     atomic read, or a read in a critical region or under a lock that
 *     does not write the location before it releases the lock: in a
 *     schedule where the two swap, the reader reads something else and
 *     does something else.  A read-modify-write (sum += x in a critical
 *     region, an atomic update or capture) is no such read: it does the
 *     same whatever it read, so a "barrier" counter that nobody waits on
 *     still races.
 * Each makes the writer's fragment (it ends at the release) a forced
 * predecessor (spred) of what the reader's task runs next. */
typedef struct oa_spred {
  const oa_node *pred;
  const struct oa_spred *next;
} oa_spred;

static int sync_before(const oa_node *e, const oa_node *cur, int depth);

/* e precedes p (or is p): by the graph, or through p's forced predecessors. */
static int before_or_at(const oa_node *e, const oa_node *p, int depth)
{
  if (e == p)
    return 1;
  uint32_t d;
  if (oa_node_xr(e)->t0 <= oa_node_xr(p)->t0 && !oa_may_parallel_at(e, p, 1, &d))
    return 1;
  return depth > 0 && sync_before(e, p, depth - 1);
}

static int sync_before(const oa_node *e, const oa_node *cur, int depth)
{
  for (const oa_spred *s = oa_node_xr(cur)->spreds; s; s = s->next)
    if (before_or_at(e, s->pred, depth))
      return 1;
  return 0;
}

static void add_spred(oa_thread *t, oa_task *task, oa_node *w, const oa_node *pred)
{
  if (!task || !w || pred == w)
    return;
  for (const oa_spred *s = task->spreds; s; s = s->next)
    if (before_or_at(pred, s->pred, 2))
      return;  /* implied already */
  /* a new list (the old one is shared by earlier fragments): pred, and the
   * old ones it does not follow; bounded (the oldest go first) */
  oa_spred *head = arena_alloc(sizeof *head), *tail = head;
  head->pred = pred;
  head->next = NULL;
  int n = 1;
  for (const oa_spred *s = task->spreds; s && n < 8; s = s->next) {
    if (before_or_at(s->pred, pred, 2))
      continue;
    oa_spred *c = arena_alloc(sizeof *c);
    c->pred = s->pred;
    c->next = NULL;
    tail->next = c;
    tail = c;
    n++;
  }
  task->spreds = head;
  oa_node_x_of(w)->spreds = head;
  memset(t->race.pcache, 0, sizeof t->race.pcache);  /* answers for w may change */
}

/* A read of a synchronized location (under a lock, or atomic) that this
 * thread made just before, at the same site, without writing the location
 * since: a poll (an accumulation, sum += ... in a critical region again and
 * again, is none: it orders nothing). */
static void unpoll(oa_race_thread *r, uintptr_t addr)
{
  for (uint32_t i = 0; i < 4; i++)
    if (r->polls[i].addr == addr)
      r->polls[i].addr = 0;
}

/* Locations that a thread has polled (read again and again under a lock
 * or with atomics, waiting): flags.  A read of one that finds it raised at
 * once and lowers it (a test-and-reset) orders like one that waited. */
#define POLLED_TABLE 1024
static uintptr_t polled_addrs[POLLED_TABLE];

static int polled_addr(uintptr_t addr, int add)
{
  uint32_t h = (uint32_t)((addr * UINT64_C(0x9e3779b97f4a7c15)) >> 54);
  for (uint32_t i = 0; i < 16; i++, h = (h + 1) & (POLLED_TABLE - 1)) {
    uintptr_t cur = __atomic_load_n(&polled_addrs[h], __ATOMIC_RELAXED);
    if (cur == addr)
      return 1;
    if (!cur) {
      if (!add)
        return 0;
      if (__atomic_compare_exchange_n(&polled_addrs[h], &cur, addr, 0, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED) || cur == addr)
        return 1;
    }
  }
  return 0;
}

/* A read under a lock saw w's write: the order waits for the release. */
static void rf_pending(oa_race_thread *r, const access *a, const oa_node *w)
{
  for (uint32_t i = 0; i < r->nrf; i++)
    if (r->rf[i].addr == a->addr && r->rf[i].writer == w)
      return;
  if (r->nrf < 4) {
    r->rf[r->nrf].addr = a->addr;
    r->rf[r->nrf++].writer = w;
  }
}

/* The reader writes the location before the release: a read-modify-write,
 * unless the read is a wait loop's (a test-and-reset). */
static void rf_written(oa_race_thread *r, uintptr_t addr)
{
  for (uint32_t i = r->nrf; i-- > 0;)
    if (r->rf[i].addr == addr && !polled_addr(addr, 0))
      r->rf[i] = r->rf[--r->nrf];
}

/* The reader's fragment after an observed write: order it now (an atomic
 * read, a poll), or when the lock is released (a read under a lock). */
static void observed(oa_thread *t, const access *a, const oa_node *cur, const oa_node *w)
{
  if (a->poll || a->site & SITE_SYNC)
    add_spred(t, t->cur, (oa_node *)cur, w);
  else
    rf_pending(&t->race, a, w);
}

static int polled(oa_race_thread *r, const access *a)
{
  for (uint32_t i = 0; i < 4; i++)
    if (r->polls[i].site == a->site && r->polls[i].addr == a->addr)
      return 1;
  r->polls[r->npolls++ & 3].site = a->site;
  r->polls[(r->npolls - 1) & 3].addr = a->addr;
  return 0;
}

/* A fragment meets the same earlier fragments again and again (the
 * neighbours of its loop chunk, the task before it): the answers for the
 * running fragment are remembered per thread. */
static inline int par_at(uint32_t ref, const oa_node *cur, int nested, uint32_t *depth)
{
  oa_thread *t = oa_self;
  uint32_t me = ref_of(cur);
  uint32_t k = (ref * 0x9e3779b1u) >> (32 - 9);
  __typeof__(t->race.pcache[0]) *e = &t->race.pcache[k & (OA_RACE_PCACHE - 1)];
  if (e->ref != ref || e->cur != me || e->nested != nested) {
    e->par = (uint8_t)oa_may_parallel_at(node_of(ref), cur, nested, &e->depth);
    if (e->par && oa_node_xr(cur)->spreds && sync_before(node_of(ref), cur, 3))
      e->par = 0;
    e->ref = ref;
    e->cur = me;
    e->nested = (uint8_t)nested;
  }
  *depth = e->depth;
  return e->par;
}

static inline int par(uint32_t ref, const oa_node *cur, int nested)
{
  uint32_t depth;
  return par_at(ref, cur, nested, &depth);
}

/* The two parallel accesses of one kind a history keeps (Alg. 19 lines
 * 18-38): cur joins them when it is parallel to the one there, replaces
 * both when it follows both, and replaces one when the pair it makes has
 * its LCA nearer the root (so it stands for more of the parallel ones). */
static void keep_pair_of(uint32_t *n1, uint32_t *s1, uint32_t *n2, uint32_t *s2, uint32_t me,
                         const oa_node *cur, uint32_t site, int nested)
{
  if (!*n1) {
    *n1 = me;
    *s1 = site;
  } else if (!*n2) {
    if (par(*n1, cur, nested)) {
      *n2 = me;
      *s2 = site;
    } else {
      *n1 = me;
      *s1 = site;
    }
  } else {
    uint32_t d1, d2;
    int p1 = par_at(*n1, cur, nested, &d1), p2 = par_at(*n2, cur, nested, &d2);
    if (!p1 && !p2) {
      *n1 = me;
      *s1 = site;
      *n2 = 0;
    } else if (p1 && p2) {
      uint32_t d12 = oa_lca(node_of(*n1), node_of(*n2))->depth;
      if (d2 < d12) {
        *n1 = me;
        *s1 = site;
      } else if (d1 < d12) {
        *n2 = me;
        *s2 = site;
      }
    }
  }
}

static int keep_pair(uint32_t *p1, uint32_t *s1, uint32_t *p2, uint32_t *s2, const oa_node *cur,
                     uint32_t site, int nested)
{
  /* read once: in fast mode other threads update the cell meanwhile */
  uint32_t me = ref_of(cur), v1 = __atomic_load_n(p1, __ATOMIC_RELAXED),
           v2 = __atomic_load_n(p2, __ATOMIC_RELAXED), o1 = v1, o2 = v2;
  keep_pair_of(&v1, s1, &v2, s2, me, cur, site, nested);
  if (v1 == o1 && v2 == o2)
    return 0;
  __atomic_store_n(p1, v1, __ATOMIC_RELAXED);
  __atomic_store_n(p2, v2, __ATOMIC_RELAXED);
  return 1;
}

/* --- fast mode (Alg. 19): lock-free, one write and two reads per cell ------- */

#define EPOCH_BUSY 0x80000000u  /* a thread is filling the cell for this epoch */

static inline uint32_t load32(const uint32_t *p)
{
  return __atomic_load_n(p, __ATOMIC_RELAXED);
}

/* No lock, and no barrier (one costs more than the rest of the check): a
 * writer looks at the readers again after storing itself, a reader that
 * joined the history at the writer; so only two accesses of one location
 * a few nanoseconds apart on two cores can miss each other.  A cell
 * starting an epoch is filled by one thread only. */
/* Fast mode keeps one write.  A plain write that a synchronized one (an
 * atomic, a reduction's combination) follows, or a synchronized write that
 * another one logically parallel with it follows, still races with what
 * comes later (a synchronized access, a plain one): it goes to a reader
 * slot, marked as a write (a free one, else the second). */
static void stash(oa_cell *c, uint32_t w, uint32_t wpc)
{
  if (load32(&c->f.r1) == w || load32(&c->f.r2) == w)
    return;
  int one = !load32(&c->f.r1) && load32(&c->f.r2);
  __atomic_store_n(one ? &c->f.r1 : &c->f.r2, w, __ATOMIC_RELAXED);
  *(one ? &c->f.r1pc : &c->f.r2pc) = wpc | SITE_WR;
}

static void check_fast(oa_thread *t, oa_cell *c, const access *a, const oa_node *cur)
{
  uint32_t me = ref_of(cur);
  uint32_t e = __atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE);
  if (e != epoch) {
    if (e != (epoch | EPOCH_BUSY)
        && __atomic_compare_exchange_n(&c->f.epoch, &e, epoch | EPOCH_BUSY, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE)) {
      c->f.w = a->write ? me : 0;
      c->f.wpc = a->site;
      c->f.r1 = a->write ? 0 : me;
      c->f.r1pc = a->site;
      c->f.r2 = 0;
      c->f.spare = 0;  /* an older epoch's split */
      __atomic_store_n(&c->f.epoch, epoch, __ATOMIC_RELEASE);
      return;
    }
    while ((e = __atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE)) == (epoch | EPOCH_BUSY))
      _mm_pause();
    if (e != epoch)
      return;  /* the memory was freed meanwhile */
  }
  uint32_t w = load32(&c->f.w), r1 = load32(&c->f.r1), r2 = load32(&c->f.r2);
  /* the same fragment again: nothing new to check or keep (unless a
   * plain write follows its synchronized one) */
  if (a->write ? w == me && (a->site & SITE_SYNC || !(load32(&c->f.wpc) & SITE_SYNC))
               : (r1 == me || r2 == me))
    return;
  if (w && w != me && !both_sync(load32(&c->f.wpc), a) && par(w, cur, 1))
    report(t, a, cur, w, load32(&c->f.wpc), 1);
  else if (a->rf && w && w != me && (a->site & SITE_SYNC ? both_sync(load32(&c->f.wpc), a) : 1)
           && par(w, cur, 1))  /* a read of a flag (fast mode: any lock is the flag's) */
    observed(t, a, cur, node_of(w));
  if (a->write) {
    uint32_t p1 = load32(&c->f.r1pc), p2 = load32(&c->f.r2pc), wpc = load32(&c->f.wpc);
    if (r1 && r1 != me && !both_sync(p1, a) && par(r1, cur, 1))
      report(t, a, cur, r1, p1, (p1 & SITE_WR) != 0);
    if (r2 && r2 != me && !both_sync(p2, a) && par(r2, cur, 1))
      report(t, a, cur, r2, p2, (p2 & SITE_WR) != 0);
    if (w && w != me
        && (a->site & SITE_SYNC ? !(wpc & SITE_SYNC) || par(w, cur, 1) : 0))
      stash(c, w, wpc);
    __atomic_store_n(&c->f.w, me, __ATOMIC_RELAXED);
    c->f.wpc = a->site;
    uint32_t n1 = load32(&c->f.r1), n2 = load32(&c->f.r2);
    if (n1 && n1 != r1 && n1 != r2 && n1 != me && n1 != w && !both_sync(load32(&c->f.r1pc), a)
        && par(n1, cur, 1))
      report(t, a, cur, n1, load32(&c->f.r1pc), (load32(&c->f.r1pc) & SITE_WR) != 0);
    if (n2 && n2 != r1 && n2 != r2 && n2 != me && n2 != w && !both_sync(load32(&c->f.r2pc), a)
        && par(n2, cur, 1))
      report(t, a, cur, n2, load32(&c->f.r2pc), (load32(&c->f.r2pc) & SITE_WR) != 0);
    return;
  }
  /* a read: the writes kept in reader slots too */
  uint32_t p1 = load32(&c->f.r1pc), p2 = load32(&c->f.r2pc);
  if ((p1 & SITE_WR) && r1 && r1 != me && !both_sync(p1, a) && par(r1, cur, 1))
    report(t, a, cur, r1, p1, 1);
  if ((p2 & SITE_WR) && r2 && r2 != me && !both_sync(p2, a) && par(r2, cur, 1))
    report(t, a, cur, r2, p2, 1);
  if (!keep_pair(&c->f.r1, &c->f.r1pc, &c->f.r2, &c->f.r2pc, cur, a->site, 1))
    return;
  uint32_t now = load32(&c->f.w);
  if (now != w && now && now != me && !both_sync(load32(&c->f.wpc), a) && par(now, cur, 1))
    report(t, a, cur, now, load32(&c->f.wpc), 1);
}

/* --- locksets ------------------------------------------------------------------
 * A set of held locks is interned once: its id is its index (0: no lock). */
#define MAX_LOCKSETS 4096
typedef struct lockset {
  uint32_t n;
  uint64_t locks[OA_RACE_MAXLOCKS];
} lockset;
static lockset *locksets;           /* [MAX_LOCKSETS] */
static uint32_t nlocksets = 1;
static pthread_mutex_t lockset_lock = PTHREAD_MUTEX_INITIALIZER;

static uint32_t intern_lockset(const uint64_t *locks, uint32_t n)
{
  if (!n)
    return 0;
  uint64_t sorted[OA_RACE_MAXLOCKS];
  memcpy(sorted, locks, n * sizeof *locks);
  for (uint32_t i = 1; i < n; i++)
    for (uint32_t j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
      uint64_t x = sorted[j];
      sorted[j] = sorted[j - 1];
      sorted[j - 1] = x;
    }
  pthread_mutex_lock(&lockset_lock);
  uint32_t id = 0;
  for (uint32_t i = 1; i < nlocksets && !id; i++)
    if (locksets[i].n == n && memcmp(locksets[i].locks, sorted, n * sizeof *sorted) == 0)
      id = i;
  if (!id && nlocksets < MAX_LOCKSETS) {
    id = nlocksets;
    locksets[id].n = n;
    memcpy(locksets[id].locks, sorted, n * sizeof *sorted);
    __atomic_store_n(&nlocksets, nlocksets + 1, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&lockset_lock);
  return id;  /* 0 when the table is full: reported as unprotected */
}

#define HIST_SYNC 0x80000000u     /* a history's lockset: its accesses are synchronized */

static int share_a_lock(uint32_t a, uint32_t b)
{
  if (!a || !b)
    return 0;
  if (a == b)
    return 1;
  const lockset *x = &locksets[a], *y = &locksets[b];
  for (uint32_t i = 0, j = 0; i < x->n && j < y->n;) {
    if (x->locks[i] == y->locks[j])
      return 1;
    if (x->locks[i] < y->locks[j])
      i++;
    else
      j++;
  }
  return 0;
}

/* --- precise mode (Alg. 20): histories per (ST-node or root, lockset) -------- */

typedef struct oa_hist {
  struct oa_hist *next;
  uint32_t node;                  /* the ST-node or root it summarizes */
  uint32_t lockset;
  uint32_t wr[2], wrpc[2];        /* two parallel writes */
  uint32_t rd[2], rdpc[2];        /* two parallel reads */
} oa_hist;

/* Histories come from per-thread blocks that all go back at the end of the
 * epoch (no thread runs the program's code then). */
#define HIST_BLOCK (1u << 20)
typedef struct hist_block {
  struct hist_block *next;
  size_t used;
} hist_block;
static hist_block *blocks_used, *blocks_free;  /* under blocks_lock */
static pthread_mutex_t blocks_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t hist_bytes;
static __thread hist_block *my_block;
static __thread uint32_t my_block_epoch;

static __thread oa_hist *my_free;         /* histories of cleared cells */
static __thread uint32_t my_free_epoch;

/* The lists of cells being cleared come back to this thread (only this
 * epoch's: older ones went with their blocks). */
static void release_lists(oa_cell *from, oa_cell *to)
{
  if (my_free_epoch != epoch) {
    my_free = NULL;
    my_free_epoch = epoch;
  }
  for (oa_cell *c = from; c < to; c++) {
    if (c->p.epoch != epoch || !c->p.list)
      continue;
    oa_hist *h = c->p.list;
    while (h->next)
      h = h->next;
    h->next = my_free;
    my_free = c->p.list;
    c->p.list = NULL;
  }
}

static oa_hist *hist_new(void)
{
  if (my_free && my_free_epoch == epoch) {
    oa_hist *h = my_free;
    my_free = h->next;
    memset(h, 0, sizeof *h);
    return h;
  }
  if (!my_block || my_block_epoch != epoch || my_block->used + sizeof(oa_hist) > HIST_BLOCK) {
    pthread_mutex_lock(&blocks_lock);
    hist_block *b = blocks_free;
    if (b)
      blocks_free = b->next;
    pthread_mutex_unlock(&blocks_lock);
    if (!b) {
      b = mmap(NULL, HIST_BLOCK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (b == MAP_FAILED) {
        fprintf(stderr, "ompadv: race: out of memory for access histories\n");
        abort();
      }
      __atomic_add_fetch(&hist_bytes, HIST_BLOCK, __ATOMIC_RELAXED);
    }
    b->used = sizeof *b;
    pthread_mutex_lock(&blocks_lock);
    b->next = blocks_used;
    blocks_used = b;
    pthread_mutex_unlock(&blocks_lock);
    my_block = b;
    my_block_epoch = epoch;
  }
  oa_hist *h = (oa_hist *)((char *)my_block + my_block->used);
  my_block->used += sizeof *h;
  memset(h, 0, sizeof *h);
  return h;
}

static void cell_lock(oa_cell *c)
{
  while (__atomic_exchange_n(&c->p.lock, 1, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(&c->p.lock, __ATOMIC_RELAXED))
      _mm_pause();
}

static void cell_unlock(oa_cell *c)
{
  __atomic_store_n(&c->p.lock, 0, __ATOMIC_RELEASE);
}

#define PRECISE_STS 2
#define PRECISE_PER_CELL 4      /* histories one location keeps at most */

static void check_precise(oa_thread *t, oa_cell *c, const access *a, const oa_node *cur)
{
  uint32_t me = ref_of(cur), ls = t->race.lockset;
  /* synchronized accesses keep histories apart from plain ones with the
   * same locks: one kind's writes must not push the other's out */
  uint32_t key = ls | (a->site & SITE_SYNC ? HIST_SYNC : 0);
  /* the last access: the same fragment, kind and lockset adds nothing */
  uint64_t last = (uint64_t)me | (uint64_t)ls << 32 | (uint64_t)(a->write != 0) << 63
                  | (uint64_t)(a->site & SITE_SYNC ? 1 : 0) << 62;
  cell_lock(c);
  if (c->p.epoch != epoch) {
    c->p.epoch = epoch;
    c->p.list = NULL;
    c->p.spare[0] = 0;
    c->p.spare[1] = 0;  /* an older epoch's split */
  } else if (c->p.spare[0] == last) {
    cell_unlock(c);
    return;
  }
  c->p.spare[0] = last;
  int rf = a->rf;
  for (oa_hist *h = c->p.list; h; h = h->next) {
    if (share_a_lock(h->lockset & ~HIST_SYNC, ls)) {
      /* a read of what another fragment wrote under the lock */
      for (int i = 0; i < 2 && rf; i++)
        if (h->wr[i] && h->wr[i] != me && par(h->wr[i], cur, 0))
          observed(t, a, cur, node_of(h->wr[i]));
      continue;
    }
    for (int i = 0; i < 2; i++) {
      if (rf && h->wr[i] && h->wr[i] != me && both_sync(h->wrpc[i], a)
          && par(h->wr[i], cur, 0))  /* an atomic read of an atomic flag */
        observed(t, a, cur, node_of(h->wr[i]));
      if (h->wr[i] && h->wr[i] != me && !both_sync(h->wrpc[i], a) && par(h->wr[i], cur, 0))
        report(t, a, cur, h->wr[i], h->wrpc[i], 1);
      if (a->write && h->rd[i] && h->rd[i] != me && !both_sync(h->rdpc[i], a)
          && par(h->rd[i], cur, 0))
        report(t, a, cur, h->rd[i], h->rdpc[i], 0);
    }
  }
  /* Alg. 20 keeps a history per ST-node on the way to the root: in deep
   * task trees (every level of a recursion) that is a history per level
   * per location, gigabytes where the program has megabytes.  The root and
   * the innermost PRECISE_STS ST-nodes keep theirs; the outer levels are
   * covered by the root's, which can lose a race only when it needs the
   * outer levels' own pair of parallel accesses. */
  int kept = 0;
  for (const oa_node *n = cur->parent; n; n = n->parent) {
    if (n->parent && (n->kind != OA_ST || kept >= PRECISE_STS))
      continue;
    kept += n->parent != NULL;
    uint32_t nref = ref_of(n);
    oa_hist *h = c->p.list, *last = NULL;
    unsigned n_in_list = 0;
    while (h && (h->node != nref || h->lockset != key)) {
      n_in_list++;
      last = h;
      h = h->next;
    }
    if (!h && n_in_list >= PRECISE_PER_CELL && last) {
      /* the least recently started history makes room (its accesses
       * are the oldest this location keeps) */
      oa_hist *p = c->p.list;
      while (p->next != last)
        p = p->next;
      p->next = NULL;
      if (my_free_epoch != epoch) {
        my_free = NULL;
        my_free_epoch = epoch;
      }
      last->next = my_free;
      my_free = last;
    }
    if (!h) {
      h = hist_new();
      h->node = nref;
      h->lockset = key;
      h->next = c->p.list;
      c->p.list = h;
    }
    if (a->write)
      keep_pair(&h->wr[0], &h->wrpc[0], &h->wr[1], &h->wrpc[1], cur, a->site, 0);
    else
      keep_pair(&h->rd[0], &h->rdpc[0], &h->rd[1], &h->rdpc[1], cur, a->site, 0);
  }
  cell_unlock(c);
}

/* --- bytes: a cell split in four on demand -----------------------------------
 * A 4-byte cell holds one history for its bytes.  The first access that
 * covers only some of them (a char, a short, an unaligned word) splits it:
 * four byte cells, each starting with the cell's history, and from then on,
 * in this epoch, each byte is checked on its own, so two threads writing
 * adjacent chars do not race, while the cells of word accesses stay one
 * history (TSan keeps each access's offset and size in its shadow for the
 * same reason).  c->f.spare names the split (1 + its index; it lies in
 * p.spare[1], unused, in precise mode); splits go back with the epoch. */
#define SPLITS_MAX (UINT32_C(1) << 25)   /* 32M splits, 4 GiB reserved */
static oa_cell (*splits)[4];
static uint32_t splits_used;           /* atomic */
static uint64_t splits_lost;           /* no room: checked as whole cells */

static inline oa_cell *split_of(const oa_cell *c)
{
  uint32_t s = __atomic_load_n(&c->f.spare, __ATOMIC_ACQUIRE);
  return s && (__atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE) & ~EPOCH_BUSY) == epoch
             ? splits[s - 1] : NULL;
}

static void copy_list(oa_cell *to, const oa_cell *from)
{
  oa_hist **tail = &to->p.list;
  for (const oa_hist *h = from->p.list; h; h = h->next) {
    oa_hist *n = hist_new();
    *n = *h;
    n->next = NULL;
    *tail = n;
    tail = &n->next;
  }
}

/* The byte cells of c, split now if they are not yet (NULL: no room).  The
 * cell is held meanwhile (fast: its epoch marked busy, as when a thread
 * fills it; precise: its lock); an access that found it whole just before
 * updates the whole cell, a loss as rare as fast mode's others. */
static oa_cell *split(oa_cell *c)
{
  int fast = oa_race_detector == OA_DET_FAST;
  uint32_t e = 0;
  if (fast) {
    e = __atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE);
    while (e & EPOCH_BUSY || !__atomic_compare_exchange_n(&c->f.epoch, &e, epoch | EPOCH_BUSY,
                                                          0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      _mm_pause();
      e = __atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE);
    }
  } else {
    cell_lock(c);
    e = c->p.epoch;
  }
  uint32_t s = c->f.spare;
  oa_cell *b = e == epoch && s ? splits[s - 1] : NULL;  /* split meanwhile */
  uint32_t idx = b ? 0 : __atomic_fetch_add(&splits_used, 1, __ATOMIC_RELAXED);
  if (!b && idx < SPLITS_MAX) {
    b = splits[idx];
    memset(b, 0, 4 * sizeof *b);
    for (int k = 0; k < 4 && e == epoch; k++) {
      if (fast)
        b[k].f = c->f;
      else
        copy_list(&b[k], c);
      b[k].f.epoch = epoch;
      b[k].f.spare = 0;
    }
    if (!fast && e != epoch) {
      c->p.list = NULL;
      c->p.spare[0] = 0;
    }
    if (fast && e != epoch)
      c->f.w = c->f.r1 = c->f.r2 = 0;
    __atomic_store_n(&c->f.spare, idx + 1, __ATOMIC_RELEASE);
  } else if (!b) {
    __atomic_add_fetch(&splits_lost, 1, __ATOMIC_RELAXED);
  }
  if (fast) {
    __atomic_store_n(&c->f.epoch, b || e == epoch ? epoch : e, __ATOMIC_RELEASE);
  } else {
    if (b)
      c->p.epoch = epoch;
    cell_unlock(c);
  }
  return b;
}

static inline void check_cell(oa_thread *t, oa_cell *c, const access *a, const oa_node *cur)
{
  if (oa_race_detector == OA_DET_FAST)
    check_fast(t, c, a, cur);
  else
    check_precise(t, c, a, cur);
}

/* Checks bytes [lo, hi) of the 4-byte cell c (0 <= lo < hi <= 4). */
static void check_bytes(oa_thread *t, oa_cell *c, unsigned lo, unsigned hi, const access *a,
                        const oa_node *cur)
{
  oa_cell *b = split_of(c);
  if (!b && (lo || hi < 4))
    b = split(c);
  if (!b) {
    check_cell(t, c, a, cur);
    return;
  }
  for (unsigned k = lo; k < hi; k++)
    check_cell(t, &b[k], a, cur);
}

/* --- the access path (tsan.c) -------------------------------------------------- */

static inline int same_history(const oa_cell *c, const oa_cell *h)
{
  return c->f.epoch == h->f.epoch && c->f.w == h->f.w && c->f.r1 == h->f.r1
         && c->f.r2 == h->f.r2;
}

static inline void copy_history(oa_cell *c, const oa_cell *from)
{
  c->f.w = from->f.w;
  c->f.r1 = from->f.r1;
  c->f.r2 = from->f.r2;
  c->f.wpc = from->f.wpc;
  c->f.r1pc = from->f.r1pc;
  c->f.r2pc = from->f.r2pc;
  __atomic_store_n(&c->f.epoch, epoch, __ATOMIC_RELEASE);
}

/* A task reduction gives each thread its own copy of the item, which every
 * task the thread runs updates: tasks are logically parallel, but in any
 * schedule each thread has its copy to itself, and the runtime combines
 * them after the taskgroup.  Such copies are not checked. */
void oa_race_owned(oa_thread *t, uintptr_t lo, uintptr_t hi)
{
  oa_race_thread *r = &t->race;
  if (r->owned_epoch != epoch) {
    r->nowned = 0;
    r->owned_epoch = epoch;
  }
  for (uint32_t i = 0; i < r->nowned; i++)
    if (r->owned[i].lo == lo && r->owned[i].hi == hi)
      return;
  uint32_t k = r->nowned < OA_RACE_OWNED ? r->nowned++ : (uint32_t)(lo >> 4) % OA_RACE_OWNED;
  r->owned[k].lo = lo;
  r->owned[k].hi = hi;
}

static int owned(oa_race_thread *r, uintptr_t addr)
{
  if (r->owned_epoch != epoch) {
    r->nowned = 0;
    return 0;
  }
  for (uint32_t i = 0; i < r->nowned; i++)
    if (addr >= r->owned[i].lo && addr < r->owned[i].hi)
      return 1;
  return 0;
}

/* The thread's first access in a new epoch: the nodes its remembered
 * answers and filter name may have been reused for the new region's own
 * (a fragment at the address of one of the last region's, a cached
 * "parallel" for two nodes in series: KASTORS jacobi_block_taskdep's tasks
 * raced with their own creator's firstprivate copies). */
static void new_epoch(oa_race_thread *r)
{
  memset(r->pcache, 0, sizeof r->pcache);
  r->stamp++;
  r->pcache_epoch = epoch;
}

void oa_race_access(oa_thread *t, uintptr_t addr, uint32_t size, int write, uintptr_t pc)
{
  const oa_node *cur = t->race.w;
  if (!detecting || !size || addr + size > (UINT64_C(1) << OA_SHADOW_ADDR_BITS))
    return;
  oa_race_thread *r = &t->race;
  r->checked++;
  if (__builtin_expect(r->pcache_epoch != epoch, 0))
    new_epoch(r);
  if (__builtin_expect(r->nowned, 0) && owned(r, addr))
    return;
  /* the task's own stack below its lowest call seen (alloca, the frame
   * of a function inlined into it): its, and dead when it ends */
  if (addr < r->sp_min && addr >= r->stack_lo && r->stack_lo)
    r->sp_min = addr;
  access a = { addr, size, write & 1, 0, pc, 0, 0 };
  unsigned shift = oa_shadow_grain_shift;
  uintptr_t first = addr >> shift, last = (addr + size - 1) >> shift;
  /* the same cells, kind and lockset as before in this fragment: the
   * histories have it already (the fast path that needs no shadow) */
  if (r->stamp_cur != cur || r->stamp_lockset != r->lockset) {
    r->stamp++;
    r->stamp_cur = cur;
    r->stamp_lockset = r->lockset;
  }
  uint64_t key = (uint64_t)addr << 9 | (uint64_t)(size < 127 ? size : 127) << 2 | (uint64_t)write;
  __typeof__(r->filter[0]) *f = &r->filter[(key * UINT64_C(0x9e3779b97f4a7c15)) >> 51];
  if (f->key == key && f->stamp == r->stamp && size < 127 && !(write & OA_RACE_SYNC))
    return;  /* (an atomic read again may be a poll) */
  a.site = (ctx_on ? site_in_context(r, pc) : site_of(pc)) | (write & OA_RACE_SYNC ? SITE_SYNC : 0);
  if (r->sync_held || a.site & SITE_SYNC) {
    if (!a.write) {
      a.poll = polled(r, &a);
      a.rf = 1;
      if (a.poll)
        polled_addr(addr, 1);
    } else {
      if (r->npolls)
        unpoll(r, addr);
      if (r->nrf)
        rf_written(r, addr);
    }
  }
  if (shift == 2 && (addr & 3 || size & 3 || size > 64)) {
    /* some cells partly (split them), or a long range (cells split
     * before): byte by byte where they are split */
    for (uintptr_t cell = first; cell <= last; cell++) {
      uintptr_t lo = cell << 2, hi = lo + 4;
      check_bytes(t, oa_shadow_cell(lo), addr > lo ? (unsigned)(addr - lo) : 0,
                  addr + size < hi ? (unsigned)(addr + size - lo) : 4, &a, cur);
    }
  } else if (oa_race_detector != OA_DET_FAST) {
    for (uintptr_t cell = first; cell <= last; cell++) {
      oa_cell *c = oa_shadow_cell(cell << shift);
      if (shift == 2)
        check_bytes(t, c, 0, 4, &a, cur);
      else
        check_precise(t, c, &a, cur);
    }
  } else {
    /* the cells of one wide access usually hold the same history (the
     * same code wrote them): those get the first cell's outcome */
    oa_cell *c0 = oa_shadow_cell(first << shift), before = *c0;
    int whole0 = shift != 2 || !split_of(c0);
    if (whole0)
      check_fast(t, c0, &a, cur);
    else
      check_bytes(t, c0, 0, 4, &a, cur);
    for (uintptr_t cell = first + 1; cell <= last; cell++) {
      oa_cell *c = oa_shadow_cell(cell << shift);
      if (shift == 2 && split_of(c))
        check_bytes(t, c, 0, 4, &a, cur);
      else if (whole0 && same_history(c, &before) && c0->f.epoch == epoch)
        copy_history(c, c0);
      else
        check_fast(t, c, &a, cur);
    }
  }
  f->key = key;
  f->stamp = r->stamp;
}

/* --- hooks (race.h) ---------------------------------------------------------------- */

static uint32_t why, why_set;   /* check mode: OA_RACE_WHY_*; why_set: the first */
static uint64_t why_where;

void _exit(int status) __attribute__((noreturn));  /* <unistd.h> would name access() */

static void rule_out_fast(unsigned reason, uint64_t where)
{
  if (!__atomic_fetch_or(&why, reason, __ATOMIC_RELAXED)
      && !__atomic_exchange_n(&why_set, 1, __ATOMIC_RELAXED)) {
    why_where = where;
    if (oa_race_detector == OA_DET_CHECK) {
      /* The verdict is in: the check run ends here rather than run the
       * whole program (one that never ends, a server, a producer and
       * consumer, would hold ompadv in it).  Its results are complete. */
      oa_race_finalize();
      oa_out_write_modules();
      oa_out_finalize();
      _exit(0);
    }
  }
}

int oa_race_detecting(void)
{
  return detecting;
}

/* A forked child shares the shadow blocks (shared mappings) with its
 * parent: it must not touch them. */
static void stop_in_child(void)
{
  detecting = 0;
}

static uint64_t as_limit(void)
{
  struct rlimit rl;
  return getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY ? (uint64_t)rl.rlim_cur
                                                                       : 0;
}

/* No more shadow: detection stops for every thread (the program runs on),
 * what was found stays reported, and the driver says why from the header. */
static void shadow_exhausted(uint64_t mapped_bytes)
{
  if (!__atomic_exchange_n(&detecting, 0, __ATOMIC_ACQ_REL))
    return;
  oa_file_header *h = oa_the_run.header;
  if (h) {
    h->shadow_stopped_at = mapped_bytes;
    h->shadow_limit = as_limit();
    __atomic_store_n(&h->shadow_stopped, 1, __ATOMIC_RELEASE);
  }
}

static int oa_race_start(void)
{
  oa_race_detector = oa_conf.race_detector;
  dl_iterate_phdr(find_exe, &exe_lo);
  if (oa_race_detector != OA_DET_CHECK) {
    void *p = mmap(NULL, ARENA_BYTES, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    void *sp = mmap(NULL, SPLITS_MAX * sizeof *splits, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    locksets = calloc(MAX_LOCKSETS, sizeof *locksets);
    if (p == MAP_FAILED || sp == MAP_FAILED || !locksets || oa_shadow_init(oa_conf.race_grain) != 0) {
      static int said;  /* libomp may ask twice: the preloaded library, then the named one */
      uint64_t lim = as_limit(), need = ARENA_BYTES + SPLITS_MAX * sizeof *splits
                                        + oa_shadow_reserved();
      if (!said++ && lim)
        fprintf(stderr, "ompadv: race: cannot reserve the %llu MB of address space race "
                "detection starts with: the program runs with an address-space limit of %llu MB "
                "(ulimit -v, RLIMIT_AS); raise it (ulimit -v unlimited) or remove the program's "
                "own setrlimit\n", (unsigned long long)(need >> 20),
                (unsigned long long)(lim >> 20));
      else if (said == 1)
        fprintf(stderr, "ompadv: race: cannot reserve the %llu MB of address space race "
                "detection starts with (vm.overcommit_memory=2?)\n",
                (unsigned long long)(need >> 20));
      return 0;
    }
    if (oa_conf.race_stacks) {
      size_t bytes = (size_t)CTX_TABLE * 2 * (sizeof *ctx_pc + sizeof *ctx_up);
      char *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (m != MAP_FAILED) {
        ctx_pc = (uint64_t *)m;
        cs_pc = ctx_pc + CTX_TABLE;
        ctx_up = (uint32_t *)(cs_pc + CTX_TABLE);
        cs_ctx = ctx_up + CTX_TABLE;
        ctx_on = 1;
      } else {
        fprintf(stderr, "ompadv: race: --earlier-stacks: cannot reserve %zu MB for the calling "
                        "contexts; the earlier accesses' stacks are not kept\n", bytes >> 20);
      }
    }
    oa_shadow_exhausted = shadow_exhausted;
    arena = (uintptr_t)p;
    splits = sp;
    oa_ospg_slab_alloc = arena_alloc;
    oa_ospg_retain = 1;
    __atomic_store_n(&oa_ospg_epoch, epoch, __ATOMIC_RELEASE);
    pthread_atfork(NULL, NULL, stop_in_child);
    if (oa_race_detector == OA_DET_PRECISE)
      oa_shadow_release = release_lists;
    detecting = 1;
  }
  return 1;
}

/* Called by the initial thread at the start and the end of each top-level
 * parallel region, when no other thread runs the program's code. */
static void oa_race_epoch(void)
{
  if (!detecting)
    return;
  pthread_mutex_lock(&blocks_lock);
  hist_block *b = blocks_used;
  while (b) {
    hist_block *next = b->next;
    b->next = blocks_free;
    blocks_free = b;
    b = next;
  }
  blocks_used = NULL;
  pthread_mutex_unlock(&blocks_lock);
  __atomic_store_n(&splits_used, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&epoch, epoch + 1, __ATOMIC_RELEASE);
  __atomic_store_n(&oa_ospg_epoch, epoch, __ATOMIC_RELEASE);
}

/* A task's frames lie below the runtime's call into it; the callback runs
 * a little deeper than that call, so the top is taken with some margin.
 * The lowest frame (__tsan_func_entry) or stack address it accessed (its
 * alloca blocks) bounds them below. */
#define FRAME_MARGIN 512

static uintptr_t oa_race_task_begin(oa_thread *t, int implicit, const void *task)
{
  oa_race_thread *r = &t->race;
  uintptr_t top = (uintptr_t)__builtin_frame_address(0) + FRAME_MARGIN;
  if (implicit && detecting)
    learn_tls(r);  /* for reports that name another thread's copy */
  uintptr_t stack_hi = 0;
  if (!r->stack_lo || implicit == 2) {
    pthread_attr_t attr;
    void *lo;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      if (pthread_attr_getstack(&attr, &lo, &size) == 0) {
        r->stack_lo = (uintptr_t)lo;
        stack_hi = (uintptr_t)lo + size;
        r->stack_hi = stack_hi;
      }
      pthread_attr_destroy(&attr);
    }
  }
  /* The frames below the task's top are dead: calls that returned before
   * the runtime started it; its own frames will take their place.  An
   * undeferred task runs from its creator's own frame, not from below the
   * runtime's: the creator's frame when it called the runtime bounds them
   * (r->call_sp, set by interpose.c), exactly: the margin would reach into
   * the creator's own frame (its shared locals, which a task that ran
   * during the wait for the undeferred task's dependences wrote). */
  uintptr_t dead = r->call_sp ? r->call_sp : top;
  if (r->call_sp)
    top = r->call_sp;
  r->call_sp = 0;
  if (detecting && r->sp_min && r->sp_min >= r->stack_lo && r->sp_min < dead)
    oa_shadow_clear(r->sp_min, dead);
  if (r->nframes < OA_RACE_MAXFRAMES) {
    r->frames[r->nframes].top = dead;  /* its frames end there */
    r->frames[r->nframes].sp_min = r->sp_min;
    r->frames[r->nframes].task = task;
  }
  r->nframes++;
  r->sp_min = top;
  /* the initial task starts lazily, inside the program's first OpenMP call:
   * all of main's stack is its own */
  return implicit == 2 && stack_hi ? stack_hi : top;
}

/* Is task the one whose frames lie just below the innermost task's? */
static int oa_race_task_below(oa_thread *t, const void *task)
{
  oa_race_thread *r = &t->race;
  return r->nframes >= 2 && r->nframes <= OA_RACE_MAXFRAMES
         && r->frames[r->nframes - 2].task == task;
}

/* Its locals are gone: a later task may get the same addresses, and must
 * not be taken for a racing sibling. */
static void oa_race_task_end(oa_thread *t)
{
  oa_race_thread *r = &t->race;
  if (!r->nframes)
    return;
  r->nframes--;
  if (r->nframes >= OA_RACE_MAXFRAMES)
    return;
  uintptr_t top = r->frames[r->nframes].top;
  if (detecting && r->sp_min && r->sp_min >= r->stack_lo && r->sp_min < top)
    oa_shadow_clear(r->sp_min, top);
  r->sp_min = r->frames[r->nframes].sp_min;
}

/* libomp allocates a task's private data and shareds right behind the task
 * structure that holds its OMPT data, and reuses them for later tasks: the
 * block of a new task starts with no history.  The distance between the
 * two is learnt from the first task created through __kmpc_omp_task_alloc
 * (tsan.c), and serves for tasks libomp allocates itself (taskloop). */
static intptr_t block_offset;
static int block_offset_known;

void oa_race_task_block(oa_thread *t, void *block, size_t size)
{
  t->race.task_block = block;
  t->race.task_size = size;
  if (detecting)  /* before the creator writes the task's firstprivate values */
    oa_shadow_clear((uintptr_t)block, (uintptr_t)block + size);
}

int oa_race_block_offset_unknown(void)
{
  return !__atomic_load_n(&block_offset_known, __ATOMIC_ACQUIRE);
}

static uint32_t root_tasks_epoch;  /* the epoch in which the initial task made a task
                                    * (or ran chunks) */

static int oa_race_checks(oa_thread *t)
{
  if (!detecting)
    return 0;
  return !t->cur || t->cur->kind != OA_TASK_INITIAL
         || __atomic_load_n(&root_tasks_epoch, __ATOMIC_RELAXED) == epoch;
}

static void oa_race_root_pieces(oa_thread *t)
{
  if (t->cur && t->cur->kind == OA_TASK_INITIAL)
    __atomic_store_n(&root_tasks_epoch, epoch, __ATOMIC_RELAXED);
}

static void oa_race_task_created(oa_thread *t, void *task_data)
{
  oa_race_root_pieces(t);
  oa_race_thread *r = &t->race;
  char *block = r->task_block;
  if (block) {  /* cleared when allocated */
    intptr_t off = block - (char *)task_data;
    if (!block_offset_known && off > -4096 && off < 4096) {
      block_offset = off;
      __atomic_store_n(&block_offset_known, 1, __ATOMIC_RELEASE);
    }
    r->task_block = NULL;
  } else if (block_offset_known && r->task_size && detecting) {
    block = (char *)task_data + block_offset;  /* a taskloop's copy */
    oa_shadow_clear((uintptr_t)block, (uintptr_t)block + r->task_size);
  }
}

/* The last region of each lock: its first and last fragments, and the
 * thread holding the lock now (id + 1; 0: released). */
#define HANDOVERS 1024
static struct {
  uint64_t id;
  const oa_node *in, *out;
  uint32_t epoch, holder;
} handovers[HANDOVERS];
static pthread_mutex_t handover_lock = PTHREAD_MUTEX_INITIALIZER;

/* libomp reports a release after the lock is free: the next holder's
 * acquisition can be handled first.  It waits for the release to be
 * recorded, a few microseconds, never long (a holder that never reports its
 * release, one killed meanwhile: the order is not taken). */
#define HANDOVER_WAIT 4000

static void handover(oa_thread *t, oa_task *task, oa_node *inside, int acquired, uint64_t id,
                     const oa_node *first)
{
  if (oa_race_detector != OA_DET_PRECISE || !inside)
    return;
  uint32_t h = (uint32_t)((id * UINT64_C(0x9e3779b97f4a7c15)) >> 54);
  const oa_node *in = NULL, *out = NULL;
  pthread_mutex_lock(&handover_lock);
  if (acquired) {
    for (int spin = 0; spin < HANDOVER_WAIT && handovers[h].id == id
                       && handovers[h].epoch == epoch && handovers[h].holder
                       && handovers[h].holder != t->id + 1; spin++) {
      pthread_mutex_unlock(&handover_lock);
      if (spin > 64)
        sched_yield();
      else
        _mm_pause();
      pthread_mutex_lock(&handover_lock);
    }
    if (handovers[h].id == id && handovers[h].epoch == epoch && !handovers[h].holder) {
      in = handovers[h].in;
      out = handovers[h].out;
    }
    if (handovers[h].id != id || handovers[h].epoch != epoch) {
      handovers[h].id = id;
      handovers[h].in = handovers[h].out = NULL;
      handovers[h].epoch = epoch;
    }
    handovers[h].holder = t->id + 1;
  } else if (first) {
    handovers[h].id = id;
    handovers[h].in = first;
    handovers[h].out = inside;
    handovers[h].epoch = epoch;
    handovers[h].holder = 0;
  } else if (handovers[h].id == id && handovers[h].holder == t->id + 1) {
    handovers[h].holder = 0;
  }
  pthread_mutex_unlock(&handover_lock);
  /* the other region began before this one in every schedule (by the graph
   * or by orders forced before): it also ended before */
  if (in && out && oa_node_xr(in)->thread != oa_node_xr(inside)->thread
      && before_or_at(in, inside, 3))
    add_spred(t, task, inside, out);
}

static void oa_race_mutex(oa_thread *t, oa_task *task, oa_node *inside, int acquired, unsigned kind,
                   uint64_t wait_id, const void *ra)
{
  oa_race_thread *r = &t->race;
  if (acquired)
    rule_out_fast(OA_RACE_WHY_MUTEX, (uint64_t)(uintptr_t)ra);
  /* critical names and locks are told apart by their wait ids; the kind
   * keeps an ordered region apart from a lock at the same address.  They
   * exclude only the threads of one contention group (OpenMP 5.2 15.2,
   * 18.9: their binding thread set): each team of a league has its own. */
  uint64_t group = task ? task->cgroup * UINT64_C(0x9e3779b97f4a7c15) : 0;
  uint64_t id = wait_id ^ ((uint64_t)kind << 56) ^ group;
  int sync = detecting && kind != ompt_mutex_ordered;  /* ordered regions: their chain */
  r->sync_held += kind == ompt_mutex_ordered ? 0 : acquired ? 1 : r->sync_held ? -1u : 0;
  if (acquired && r->nlocks < OA_RACE_MAXLOCKS) {
    r->lock_in[r->nlocks] = inside;
    r->locks[r->nlocks++] = id;
    if (sync)
      handover(t, task, inside, 1, id, NULL);
  } else if (!acquired) {
    /* the writes its reads observed precede what this task runs next */
    for (uint32_t i = 0; i < r->nrf; i++)
      add_spred(t, task, inside, r->rf[i].writer);
    r->nrf = 0;
    for (uint32_t i = r->nlocks; i-- > 0;)
      if (r->locks[i] == id) {
        if (sync)
          handover(t, task, inside, 0, id, r->lock_in[i]);
        r->locks[i] = r->locks[--r->nlocks];
        r->lock_in[i] = r->lock_in[r->nlocks];
        break;
      }
  }
  if (detecting)
    r->lockset = intern_lockset(r->locks, r->nlocks);
}

static void oa_race_task_left_children(oa_thread *t, uint64_t where)
{
  rule_out_fast(OA_RACE_WHY_TASKWAIT, where);
}

static void oa_race_finalize(void)
{
  oa_thread *t = oa_me();
  uint64_t checked = 0;
  for (oa_thread *u = __atomic_load_n(&oa_the_run.threads, __ATOMIC_ACQUIRE); u;
       u = u->next_thread)
    checked += u->race.checked;
  if (oa_race_detector == OA_DET_CHECK) {
    oa_record *r = oa_begin_record(t, OA_RACE_CHECK, 0);
    if (r) {
      r->race_check.fast_ok = why == 0;
      r->race_check.why = why;
      r->race_check.why_code = why_where;
      oa_commit(t);
    }
  }
  oa_record *r = oa_begin_record(t, OA_RACE_SUMMARY, 1u << oa_shadow_grain_shift);
  if (!r)
    return;
  r->race_summary.detector = (uint64_t)oa_race_detector;
  r->race_summary.checked = checked;
  r->race_summary.races = races_found;
  r->race_summary.dropped = pairs_dropped;
  r->race_summary.peak_shadow = oa_shadow_mapped() + hist_bytes + arena_used;
  oa_commit(t);
}

const oa_race_hooks oa_race_runtime = {
  .start = oa_race_start,
  .epoch = oa_race_epoch,
  .task_begin = oa_race_task_begin,
  .task_end = oa_race_task_end,
  .task_below = oa_race_task_below,
  .task_created = oa_race_task_created,
  .root_pieces = oa_race_root_pieces,
  .mutex = oa_race_mutex,
  .task_left_children = oa_race_task_left_children,
  .finalize = oa_race_finalize,
  .checks = oa_race_checks,
};
