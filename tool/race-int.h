/* Private to the race runtime: what its files share.  race.c holds the
 * state, node references, access sites and the access path; race-fast.c
 * and race-precise.c the two detectors; race-cells.c the cells and
 * histories they keep (the pair of parallel accesses, locksets, precise
 * mode's history lists, byte-split cells); race-order.c the orders forced
 * through locks and atomics; race-report.c the reports; race-omp.c the
 * hooks (race.h) the tool calls as the program's OpenMP runtime runs.  The
 * rest of the tool sees race.h only.  Each item says which file defines it
 * and who else uses it; the data they share is one state, oa_rs. */
#ifndef OMPADV_RACE_INT_H
#define OMPADV_RACE_INT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <x86intrin.h>

#include "prof.h"
#include "race.h"
#include "shadow.h"

/* race.c, node references: OSPG nodes come from one reserved range
 * (race-omp.c reserves it at the start: oa_rs.arena), so a node is its
 * offset in 8-byte units (plus one: 0 is "none"); arena_slab is the OSPG's
 * slab allocator in race mode (ospg.h: oa_ospg_host), arena_alloc the same
 * range's for other small things */
#define ARENA_BYTES (UINT64_C(32) << 30)
void *arena_alloc(size_t bytes);
void *arena_slab(size_t bytes);

/* race.c, access sites: the flags a site carries in a cell (the report
 * strips them) */
/* A site's access was synchronized with the others so marked (an atomic
 * construct, a reduction's combination): two of them never race, one of
 * them with a plain access does. */
#define SITE_SYNC 0x40000000u
/* In a fast-mode reader slot: a write kept there (see stash()). */
#define SITE_WR 0x20000000u
#define SITE_FLAGS (SITE_SYNC | SITE_WR)

/* race.c, calling contexts (--earlier-stacks): the tables (oa_rs.ctx_pc
 * ...), which race-omp.c maps at the start (oa_rs.ctx_on then) and the
 * report walks back */
#define CTX_TABLE (1u << 22)
/* race.c, for the report: a site's code address, the context it names (0:
 * none known), and the site reports are deduplicated by */
uintptr_t pc_of(uint32_t site);
uint32_t context_of_site(uint32_t site);
uint32_t pair_site(uint32_t site);

/* The access being checked: made by race.c's access path, read by the
 * detectors and the report. */
typedef struct oa_access {
  uintptr_t addr;
  uint32_t size;
  int write;
  uint32_t site;
  uintptr_t pc;
  int poll;                       /* a synchronized read this thread made just before */
  int rf;                         /* a synchronized read: it may observe a write (rule 16b, 17) */
  int pair;                       /* fast mode: it covers the pair of the cell checked, which
                                   * a new history keeps as one (race.c: pairs) */
} oa_access;

/* race-report.c: the detectors found access a of fragment cur logically
 * parallel with an earlier one (earlier_ref's, at earlier_site;
 * earlier_write: a write): an OA_RACE_REPORT record, once per pair of
 * sites, unless the accesses cannot race after all */
void report(oa_thread *t, const oa_access *a, const oa_node *cur, uint32_t earlier_ref,
            uint32_t earlier_site, int earlier_write);
/* race-report.c: race-simd.c found access a in a lane of the thread's simd
 * loop conflicting with another lane's (at earlier_site) */
void report_simd(oa_thread *t, const oa_access *a, uint32_t earlier_site, int earlier_write);
/* race-report.c: race-ws.c found access a in iteration later_iter of the
 * schedule(static) loop at code address loop (kind: its split, enum
 * oa_slot_sched; trips iterations, chunk: its chunk size; team: this run's
 * team size) conflicting with one of
 * iteration earlier_iter (at earlier_site), which another team size runs
 * on another thread */
void report_ws(oa_thread *t, const oa_access *a, uint32_t earlier_site, int earlier_write,
               uintptr_t loop, unsigned kind, uint64_t trips, uint64_t chunk,
               uint64_t earlier_iter, uint64_t later_iter, uint32_t team);
/* race.c, for race-simd.c: the site of an access at pc (as the access path
 * makes it) */
uint32_t site_at(oa_race_thread *r, uintptr_t pc);
/* race-report.c: learns the thread's copies of thread-local storage once
 * (race-omp.c: when the thread begins an implicit task) */
void learn_tls(oa_race_thread *r);

/* race-order.c, orders forced through locks and atomics (precise mode), used by
 * race-omp.c for a lock's regions and the writes read under a lock: e
 * precedes p (or is p), by the graph or through forced predecessors; pred
 * becomes a forced predecessor of w and of what task runs next */
int before_or_at(const oa_node *e, const oa_node *p, int depth);
void add_spred(oa_thread *t, oa_task *task, oa_node *w, const oa_node *pred);

/* race-cells.c, locksets: interned sets of held locks (id: the index, 0: no
 * lock); race-omp.c allocates the table (oa_rs.locksets) at the start and
 * interns the thread's set at each acquisition and release */
#define MAX_LOCKSETS 4096
typedef struct lockset {
  uint32_t n;
  uint64_t locks[OA_RACE_MAXLOCKS];
} lockset;
uint32_t intern_lockset(const uint64_t *locks, uint32_t n);

/* race-cells.c, precise mode's histories: the blocks they come from, which
 * race-omp.c hands back at the end of each epoch (oa_rs.blocks_used);
 * release_lists: the histories of the cells [from, to) go back
 * (oa_shadow_release, set by race-omp.c in precise mode) */
typedef struct hist_block {
  struct hist_block *next;
  size_t used;
} hist_block;
void release_lists(oa_cell *from, oa_cell *to);

/* race-cells.c, byte-split cells: race-omp.c reserves them at the start
 * (oa_rs.splits) and hands them all back at each epoch */
#define SPLITS_MAX (UINT32_C(1) << 25)   /* 32M splits, 4 GiB reserved */

/* The race runtime's shared state: one, defined in race.c.  Each field
 * says which file sets it and who else uses it. */
struct oa_race_state {
  /* race.c: fast or precise: accesses are checked; race-omp.c sets it at
   * the start and clears it in a forked child and when the shadow runs out */
  int detecting;
  /* race-omp.c, at the start: the cells are fast mode's (the fast detector,
   * or auto's run of it); precise mode's otherwise.  race.c and
   * race-cells.c choose by it */
  int fast;
  /* race.c: cells of older epochs read as empty; race-omp.c moves it on at
   * the start and end of each top-level parallel region */
  uint32_t epoch;
  /* race.c: the reserved range OSPG nodes come from, and how much of it is
   * handed out (atomic) */
  uintptr_t arena, arena_used;
  /* race.c: where the main executable starts (its sites are offsets from
   * there); race-omp.c finds it at the start */
  uintptr_t exe_lo;
  /* race.c: calling contexts (--earlier-stacks) kept */
  int ctx_on;
  uint64_t *ctx_pc, *cs_pc;      /* [CTX_TABLE]: call site / access's code address */
  uint32_t *ctx_up, *cs_ctx;     /* ... the context it is in (0: a thread's bottom) */
  /* race-report.c: races found, and pairs of sites the table had no room
   * for (race-omp.c: the summary) */
  uint64_t races_found, pairs_dropped;
  lockset *locksets;             /* [MAX_LOCKSETS] */
  /* precise mode's history blocks: in use, and handed back (under
   * blocks_lock); hist_bytes: mapped, for the summary */
  hist_block *blocks_used, *blocks_free;
  pthread_mutex_t blocks_lock;
  uint64_t hist_bytes;
  oa_cell (*splits)[4];          /* [SPLITS_MAX] */
  uint32_t splits_used;          /* atomic */
};
extern struct oa_race_state oa_rs;

static inline oa_node *node_of(uint32_t ref)
{
  OA_ASSERT(ref, "reference 0 names no node");
  return (oa_node *)(oa_rs.arena + ((uintptr_t)(ref - 1) << 3));
}

/* race.c, node references: the reference of a node (node_of's inverse) */
static inline uint32_t ref_of(const oa_node *n)
{
  OA_ASSERT((uintptr_t)n >= oa_rs.arena && (uintptr_t)n - oa_rs.arena < ARENA_BYTES
                && !(((uintptr_t)n - oa_rs.arena) & 7),
            "a node a cell names comes from the arena, on 8 bytes");
  return (uint32_t)(((uintptr_t)n - oa_rs.arena) >> 3) + 1;
}

/* Two synchronized accesses (SITE_SYNC) never race with each other. */
static inline int both_sync(uint32_t earlier_site, const oa_access *a)
{
  return earlier_site & a->site & SITE_SYNC;
}

/* race-order.c, orders forced through locks and atomics: e precedes cur
 * through cur's forced predecessors; the access path's polls (polled: the
 * thread read the location at the site just before; polled_addr: a
 * location some thread polled, added when add) and reads under a lock
 * written back (unpoll, rf_written); observed: a read saw w's write, which
 * the reader's fragment now follows (at once, or when the lock is released) */
int sync_before(const oa_node *e, const oa_node *cur, int depth);
int polled(oa_race_thread *r, const oa_access *a);
int polled_addr(uintptr_t addr, int add);
void unpoll(oa_race_thread *r, uintptr_t addr);
void rf_written(oa_race_thread *r, uintptr_t addr);
void observed(oa_thread *t, const oa_access *a, const oa_node *cur, const oa_node *w);

/* A fragment meets the same earlier fragments again and again (the
 * neighbours of its loop chunk, the task before it): the answers for the
 * running fragment are remembered per thread. */
static inline int par_at(uint32_t ref, const oa_node *cur, int nested, uint32_t *depth)
{
  oa_thread *t = oa_self;
  uint32_t me = ref_of(cur);
  uint32_t k = (ref * 0x9e3779b1u) >> (32 - 9);
  __typeof__(t->race->pcache[0]) *e = &t->race->pcache[k & (OA_RACE_PCACHE - 1)];
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

/* race-cells.c: the two parallel accesses of one kind a history keeps
 * (both detectors): 1 when they changed */
int keep_pair(uint32_t *p1, uint32_t *s1, uint32_t *p2, uint32_t *s2, const oa_node *cur,
              uint32_t site, int nested);

/* race-cells.c, locksets: two interned sets share a lock */
#define HIST_SYNC 0x80000000u     /* a history's lockset: its accesses are synchronized */
int share_a_lock(uint32_t a, uint32_t b);

/* race-cells.c, precise mode (Alg. 20): histories per (ST-node or root,
 * lockset), a list per cell under the cell's spin lock; hist_new: a fresh
 * one (this epoch's), hist_free: one a cell lets go of */
typedef struct oa_hist {
  struct oa_hist *next;
  uint32_t node;                  /* the ST-node or root it summarizes */
  uint32_t lockset;
  uint32_t wr[2], wrpc[2];        /* two parallel writes */
  uint32_t rd[2], rdpc[2];        /* two parallel reads */
} oa_hist;
oa_hist *hist_new(void);
void hist_free(oa_hist *h);

static inline void cell_lock(oa_cell *c)
{
  while (__atomic_exchange_n(&c->p.lock, 1, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(&c->p.lock, __ATOMIC_RELAXED))
      _mm_pause();
}

static inline void cell_unlock(oa_cell *c)
{
  __atomic_store_n(&c->p.lock, 0, __ATOMIC_RELEASE);
}

/* race-cells.c, fast mode's cells: a thread is filling the cell for this
 * epoch (fast: c->f.epoch | EPOCH_BUSY) */
#define EPOCH_BUSY 0x80000000u

/* race-cells.c, byte-split cells: the byte cells of c (NULL: whole);
 * split: split now if they are not yet (NULL: no room) */
static inline oa_cell *split_of(const oa_cell *c)
{
  uint32_t s = __atomic_load_n(&c->f.spare, __ATOMIC_ACQUIRE) & ~OA_CELL_PAIR;
  OA_ASSERT(s <= SPLITS_MAX, "a cell names a split split() handed out, or none");
  return s && (__atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE) & ~EPOCH_BUSY) == oa_rs.epoch
             ? oa_rs.splits[s - 1] : NULL;
}

oa_cell *split(oa_cell *c);

/* race-fast.c, race-precise.c: the detectors (Alg. 19, Alg. 20): access a
 * of fragment cur checked against cell c's history, which it joins */
void check_fast(oa_thread *t, oa_cell *c, const oa_access *a, const oa_node *cur);
void check_precise(oa_thread *t, oa_cell *c, const oa_access *a, const oa_node *cur);

#endif
