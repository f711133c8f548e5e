/* Apparent race detection (dissertation ch. 4) over the OSPG the construct
 * handlers build: each access is checked against its location's access
 * history (fast: Alg. 19, precise: Alg. 20) with the OSPG's may-parallel
 * query, and the history is updated.  Histories and the OSPG nodes they name
 * live for one top-level parallel region (an epoch): what came before it is
 * in series with everything in it.  This file holds the detectors and their
 * data (node references and access sites packed in cells, calling contexts,
 * the orders forced through locks and atomics, locksets, byte-split cells)
 * and the access path tsan.c calls.  The reports are race-report.c's; the
 * hooks the tool calls as the program's OpenMP runtime runs (start, epochs,
 * tasks' frames and reused task memory (4.4.1), mutexes, check mode (Alg.
 * 17), the summary) are race-omp.c's; what the three share is race-int.h. */

#include "race-int.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <x86intrin.h>

/* The runtime's shared state (race-int.h): no access is checked until
 * race-omp.c starts the runtime; the first epoch is 1, as a cell the
 * kernel has just zeroed (epoch 0) reads as empty. */
struct oa_race_state oa_rs = {
  .epoch = 1,
  .blocks_lock = PTHREAD_MUTEX_INITIALIZER,
};

/* --- node references: 32 bits in a cell ------------------------------------
 * In race mode OSPG nodes come from one reserved range, so a node is its
 * offset in 8-byte units (plus one: 0 is "none"). */

static void *arena_at(uintptr_t off, size_t bytes)
{
  if (off + bytes > ARENA_BYTES) {
    fprintf(stderr, "ompadv: race: more than %llu GiB of OSPG nodes in one parallel region\n",
            (unsigned long long)(ARENA_BYTES >> 30));
    abort();
  }
  return (void *)(oa_rs.arena + off);
}

void *arena_alloc(size_t bytes)
{
  bytes = (bytes + 63) & ~(size_t)63;
  return arena_at(__atomic_fetch_add(&oa_rs.arena_used, bytes, __ATOMIC_RELAXED), bytes);
}

void *arena_slab(size_t bytes)
{
  uintptr_t used = __atomic_load_n(&oa_rs.arena_used, __ATOMIC_RELAXED), off;
  do
    off = ((oa_rs.arena + used + OA_SLAB_BYTES - 1) & ~(uintptr_t)(OA_SLAB_BYTES - 1)) - oa_rs.arena;
  while (!__atomic_compare_exchange_n(&oa_rs.arena_used, &used, off + bytes, 1, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED));
  return arena_at(off, bytes);
}

static inline uint32_t ref_of(const oa_node *n)
{
  return (uint32_t)(((uintptr_t)n - oa_rs.arena) >> 3) + 1;
}

/* --- access sites: 32 bits in a cell ----------------------------------------
 * A code address in the main executable is its offset there; others go
 * through a table (instrumented shared libraries: few sites). */
#define SITE_TABLE 65536
static uint64_t site_pc[SITE_TABLE];  /* open addressing, CAS-inserted */

static inline uint32_t site_of(uintptr_t pc)
{
  uintptr_t off = pc - oa_rs.exe_lo;
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
#define CTX_PROBES 64
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
    uint32_t c = up == CTX_UNKNOWN ? 0 : intern(oa_rs.ctx_pc, oa_rs.ctx_up, r->callers[v], up);
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
  uint32_t ctx = context_of(r), i = ctx == CTX_UNKNOWN ? 0 : intern(oa_rs.cs_pc, oa_rs.cs_ctx, pc, ctx);
  if (i)
    return 0x80000000u | i;
  uint32_t s = site_of(pc);
  return s & 0x80000000u ? 0 : s;
}

uintptr_t pc_of(uint32_t site)
{
  site &= ~SITE_FLAGS;
  if (!site)
    return 0;
  if (site & 0x80000000u)
    return oa_rs.ctx_on ? oa_rs.cs_pc[(site & ~0x80000000u) - 1] : site_pc[site & (SITE_TABLE - 1)];
  return oa_rs.exe_lo + site - 1;
}

/* The context a site names (0: none known). */
uint32_t context_of_site(uint32_t site)
{
  site &= ~SITE_FLAGS;
  return oa_rs.ctx_on && site & 0x80000000u ? oa_rs.cs_ctx[(site & ~0x80000000u) - 1] : 0;
}

/* Reports are deduplicated by code addresses, whatever their contexts. */
uint32_t pair_site(uint32_t site)
{
  return oa_rs.ctx_on ? site_of(pc_of(site)) : site;
}

/* Two synchronized accesses (SITE_SYNC) never race with each other. */
static inline int both_sync(uint32_t earlier_site, const oa_access *a)
{
  return earlier_site & a->site & SITE_SYNC;
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
int before_or_at(const oa_node *e, const oa_node *p, int depth)
{
  if (e == p)
    return 1;
  uint32_t d;
  if (oa_race_frag_of(e)->t0 <= oa_race_frag_of(p)->t0 && !oa_may_parallel_at(e, p, 1, &d))
    return 1;
  return depth > 0 && sync_before(e, p, depth - 1);
}

static int sync_before(const oa_node *e, const oa_node *cur, int depth)
{
  for (const oa_spred *s = oa_race_frag_of(cur)->spreds; s; s = s->next)
    if (before_or_at(e, s->pred, depth))
      return 1;
  return 0;
}

void add_spred(oa_thread *t, oa_task *task, oa_node *w, const oa_node *pred)
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
  oa_race_frag_of(w)->spreds = head;
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
static void rf_pending(oa_race_thread *r, const oa_access *a, const oa_node *w)
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
static void observed(oa_thread *t, const oa_access *a, const oa_node *cur, const oa_node *w)
{
  if (a->poll || a->site & SITE_SYNC)
    add_spred(t, t->cur, (oa_node *)cur, w);
  else
    rf_pending(&t->race, a, w);
}

static int polled(oa_race_thread *r, const oa_access *a)
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
    if (e->par && oa_race_frag_of(cur)->spreds && sync_before(node_of(ref), cur, 3))
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

static void check_fast(oa_thread *t, oa_cell *c, const oa_access *a, const oa_node *cur)
{
  uint32_t me = ref_of(cur);
  uint32_t e = __atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE);
  if (e != oa_rs.epoch) {
    if (e != (oa_rs.epoch | EPOCH_BUSY)
        && __atomic_compare_exchange_n(&c->f.epoch, &e, oa_rs.epoch | EPOCH_BUSY, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE)) {
      c->f.w = a->write ? me : 0;
      c->f.wpc = a->site;
      c->f.r1 = a->write ? 0 : me;
      c->f.r1pc = a->site;
      c->f.r2 = 0;
      c->f.spare = 0;  /* an older epoch's split */
      __atomic_store_n(&c->f.epoch, oa_rs.epoch, __ATOMIC_RELEASE);
      return;
    }
    while ((e = __atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE)) == (oa_rs.epoch | EPOCH_BUSY))
      _mm_pause();
    if (e != oa_rs.epoch)
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
static uint32_t nlocksets = 1;
static pthread_mutex_t lockset_lock = PTHREAD_MUTEX_INITIALIZER;

uint32_t intern_lockset(const uint64_t *locks, uint32_t n)
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
    if (oa_rs.locksets[i].n == n && memcmp(oa_rs.locksets[i].locks, sorted, n * sizeof *sorted) == 0)
      id = i;
  if (!id && nlocksets < MAX_LOCKSETS) {
    id = nlocksets;
    oa_rs.locksets[id].n = n;
    memcpy(oa_rs.locksets[id].locks, sorted, n * sizeof *sorted);
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
  const lockset *x = &oa_rs.locksets[a], *y = &oa_rs.locksets[b];
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
static __thread hist_block *my_block;
static __thread uint32_t my_block_epoch;

static __thread oa_hist *my_free;         /* histories of cleared cells */
static __thread uint32_t my_free_epoch;

/* The lists of cells being cleared come back to this thread (only this
 * epoch's: older ones went with their blocks). */
void release_lists(oa_cell *from, oa_cell *to)
{
  if (my_free_epoch != oa_rs.epoch) {
    my_free = NULL;
    my_free_epoch = oa_rs.epoch;
  }
  for (oa_cell *c = from; c < to; c++) {
    if (c->p.epoch != oa_rs.epoch || !c->p.list)
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
  if (my_free && my_free_epoch == oa_rs.epoch) {
    oa_hist *h = my_free;
    my_free = h->next;
    memset(h, 0, sizeof *h);
    return h;
  }
  if (!my_block || my_block_epoch != oa_rs.epoch || my_block->used + sizeof(oa_hist) > HIST_BLOCK) {
    pthread_mutex_lock(&oa_rs.blocks_lock);
    hist_block *b = oa_rs.blocks_free;
    if (b)
      oa_rs.blocks_free = b->next;
    pthread_mutex_unlock(&oa_rs.blocks_lock);
    if (!b) {
      b = mmap(NULL, HIST_BLOCK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (b == MAP_FAILED) {
        fprintf(stderr, "ompadv: race: out of memory for access histories\n");
        abort();
      }
      __atomic_add_fetch(&oa_rs.hist_bytes, HIST_BLOCK, __ATOMIC_RELAXED);
    }
    b->used = sizeof *b;
    pthread_mutex_lock(&oa_rs.blocks_lock);
    b->next = oa_rs.blocks_used;
    oa_rs.blocks_used = b;
    pthread_mutex_unlock(&oa_rs.blocks_lock);
    my_block = b;
    my_block_epoch = oa_rs.epoch;
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

static void check_precise(oa_thread *t, oa_cell *c, const oa_access *a, const oa_node *cur)
{
  uint32_t me = ref_of(cur), ls = t->race.lockset;
  /* synchronized accesses keep histories apart from plain ones with the
   * same locks: one kind's writes must not push the other's out */
  uint32_t key = ls | (a->site & SITE_SYNC ? HIST_SYNC : 0);
  /* the last access: the same fragment, kind and lockset adds nothing */
  uint64_t last = (uint64_t)me | (uint64_t)ls << 32 | (uint64_t)(a->write != 0) << 63
                  | (uint64_t)(a->site & SITE_SYNC ? 1 : 0) << 62;
  cell_lock(c);
  if (c->p.epoch != oa_rs.epoch) {
    c->p.epoch = oa_rs.epoch;
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
      if (my_free_epoch != oa_rs.epoch) {
        my_free = NULL;
        my_free_epoch = oa_rs.epoch;
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
static uint64_t splits_lost;           /* no room: checked as whole cells */

static inline oa_cell *split_of(const oa_cell *c)
{
  uint32_t s = __atomic_load_n(&c->f.spare, __ATOMIC_ACQUIRE);
  return s && (__atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE) & ~EPOCH_BUSY) == oa_rs.epoch
             ? oa_rs.splits[s - 1] : NULL;
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
  int fast = oa_conf.race_detector == OA_DET_FAST;
  uint32_t e = 0;
  if (fast) {
    e = __atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE);
    while (e & EPOCH_BUSY || !__atomic_compare_exchange_n(&c->f.epoch, &e, oa_rs.epoch | EPOCH_BUSY,
                                                          0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      _mm_pause();
      e = __atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE);
    }
  } else {
    cell_lock(c);
    e = c->p.epoch;
  }
  uint32_t s = c->f.spare;
  oa_cell *b = e == oa_rs.epoch && s ? oa_rs.splits[s - 1] : NULL;  /* split meanwhile */
  uint32_t idx = b ? 0 : __atomic_fetch_add(&oa_rs.splits_used, 1, __ATOMIC_RELAXED);
  if (!b && idx < SPLITS_MAX) {
    b = oa_rs.splits[idx];
    memset(b, 0, 4 * sizeof *b);
    for (int k = 0; k < 4 && e == oa_rs.epoch; k++) {
      if (fast)
        b[k].f = c->f;
      else
        copy_list(&b[k], c);
      b[k].f.epoch = oa_rs.epoch;
      b[k].f.spare = 0;
    }
    if (!fast && e != oa_rs.epoch) {
      c->p.list = NULL;
      c->p.spare[0] = 0;
    }
    if (fast && e != oa_rs.epoch)
      c->f.w = c->f.r1 = c->f.r2 = 0;
    __atomic_store_n(&c->f.spare, idx + 1, __ATOMIC_RELEASE);
  } else if (!b) {
    __atomic_add_fetch(&splits_lost, 1, __ATOMIC_RELAXED);
  }
  if (fast) {
    __atomic_store_n(&c->f.epoch, b || e == oa_rs.epoch ? oa_rs.epoch : e, __ATOMIC_RELEASE);
  } else {
    if (b)
      c->p.epoch = oa_rs.epoch;
    cell_unlock(c);
  }
  return b;
}

static inline void check_cell(oa_thread *t, oa_cell *c, const oa_access *a, const oa_node *cur)
{
  if (oa_conf.race_detector == OA_DET_FAST)
    check_fast(t, c, a, cur);
  else
    check_precise(t, c, a, cur);
}

/* Checks bytes [lo, hi) of the 4-byte cell c (0 <= lo < hi <= 4). */
static void check_bytes(oa_thread *t, oa_cell *c, unsigned lo, unsigned hi, const oa_access *a,
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
  __atomic_store_n(&c->f.epoch, oa_rs.epoch, __ATOMIC_RELEASE);
}

/* A task reduction gives each thread its own copy of the item, which every
 * task the thread runs updates: tasks are logically parallel, but in any
 * schedule each thread has its copy to itself, and the runtime combines
 * them after the taskgroup.  Such copies are not checked. */
void oa_race_owned(oa_thread *t, uintptr_t lo, uintptr_t hi)
{
  oa_race_thread *r = &t->race;
  if (r->owned_epoch != oa_rs.epoch) {
    r->nowned = 0;
    r->owned_epoch = oa_rs.epoch;
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
  if (r->owned_epoch != oa_rs.epoch) {
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
  r->pcache_epoch = oa_rs.epoch;
}

void oa_race_access(oa_thread *t, uintptr_t addr, uint32_t size, int write, uintptr_t pc)
{
  const oa_node *cur = t->race.w;
  if (!oa_rs.detecting || !size || addr + size > (UINT64_C(1) << OA_SHADOW_ADDR_BITS))
    return;
  oa_race_thread *r = &t->race;
  r->checked++;
  if (__builtin_expect(r->pcache_epoch != oa_rs.epoch, 0))
    new_epoch(r);
  if (__builtin_expect(r->nowned, 0) && owned(r, addr))
    return;
  /* the task's own stack below its lowest call seen (alloca, the frame
   * of a function inlined into it): its, and dead when it ends */
  if (addr < r->sp_min && addr >= r->stack_lo && r->stack_lo)
    r->sp_min = addr;
  oa_access a = { addr, size, write & 1, 0, pc, 0, 0 };
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
  __typeof__(r->filter[0]) *f = &r->filter[(key * UINT64_C(0x9e3779b97f4a7c15)) >> (64 - OA_RACE_FILTER_BITS)];
  if (f->key == key && f->stamp == r->stamp && size < 127 && !(write & OA_RACE_SYNC))
    return;  /* (an atomic read again may be a poll) */
  a.site = (oa_rs.ctx_on ? site_in_context(r, pc) : site_of(pc)) | (write & OA_RACE_SYNC ? SITE_SYNC : 0);
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
     * before): byte by byte where they are split.  A memcpy of a char
     * array visits thousands of byte cells that mostly hold one history
     * (one loop wrote them): fast mode gives those the outcome of the last
     * one checked with that history, as for whole cells below */
    int fast = oa_conf.race_detector == OA_DET_FAST;
    oa_cell before = { 0 }, *prev = NULL;
    for (uintptr_t cell = first; cell <= last; cell++) {
      uintptr_t lo = cell << 2, hi = lo + 4;
      unsigned blo = addr > lo ? (unsigned)(addr - lo) : 0;
      unsigned bhi = addr + size < hi ? (unsigned)(addr + size - lo) : 4;
      oa_cell *c = oa_shadow_cell(lo), *b = split_of(c);
      if (!b && (blo || bhi < 4))
        b = split(c);
      oa_cell *x = b ? &b[blo] : c, *end = b ? &b[bhi] : c + 1;
      for (; x < end; x++) {
        if (fast && prev && same_history(x, &before) && prev->f.epoch == oa_rs.epoch) {
          copy_history(x, prev);
          continue;
        }
        before = *x;
        check_cell(t, x, &a, cur);
        prev = x;
      }
    }
  } else if (oa_conf.race_detector != OA_DET_FAST) {
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
      else if (whole0 && same_history(c, &before) && c0->f.epoch == oa_rs.epoch)
        copy_history(c, c0);
      else
        check_fast(t, c, &a, cur);
    }
  }
  f->key = key;
  f->stamp = r->stamp;
}
