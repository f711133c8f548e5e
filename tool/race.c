/* Apparent race detection (dissertation ch. 4) over the OSPG the construct
 * handlers build: each access is checked against its location's access
 * history (fast: Alg. 19, precise: Alg. 20) with the OSPG's may-parallel
 * query, and the history is updated.  Histories and the OSPG nodes they name
 * live for one top-level parallel region (an epoch): what came before it is
 * in series with everything in it.  This file holds the runtime's state,
 * node references and access sites packed in cells, calling contexts, and
 * the access path tsan.c calls; the detectors are race-fast.c and
 * race-precise.c, the cells and histories they keep race-cells.c, the
 * orders forced through locks and atomics race-order.c.  The reports are
 * race-report.c's; the hooks the tool calls as the program's OpenMP runtime
 * runs (start, epochs, tasks' frames and reused task memory (4.4.1),
 * mutexes, auto mode's watch (Alg. 17), the summary) are race-omp.c's; what they
 * share is race-int.h. */

#include "race-int.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


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

uint32_t site_at(oa_race_thread *r, uintptr_t pc)
{
  return oa_rs.ctx_on ? site_in_context(r, pc) : site_of(pc);
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

static inline void check_cell(oa_thread *t, oa_cell *c, const oa_access *a, const oa_node *cur)
{
  if (oa_rs.fast)
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

/* --- pairs: 8 bytes in one cell (fast mode) ----------------------------------
 * Most accesses to 8-byte-aligned memory are 8 bytes wide (doubles,
 * pointers, 64-bit integers), and the two 4-byte cells of such a word then
 * hold the same history.  In fast mode the even grain's cell keeps it for
 * both (OA_CELL_PAIR in its f.spare), set when an access covering the pair
 * starts the cell's history in an epoch; the odd grain's cell, in the
 * block's other half (shadow.h), is not touched.  An access covering part
 * of a pair opens it first: the odd cell gets a copy of the history, and
 * from then on, in this epoch, the two are checked apart as before.  An odd
 * cell counts only when its pair is open in the current epoch, so opening
 * a pair whose history is older starts both empty.  Opening holds the even
 * cell (its epoch marked busy, as when a thread fills it); an access that
 * found the pair whole just before updates the even cell only, a loss as
 * rare as fast mode's others. */
static inline int same_history(const oa_cell *c, const oa_cell *h)
{
  return c->f.epoch == h->f.epoch && c->f.w == h->f.w && c->f.r1 == h->f.r1
         && c->f.r2 == h->f.r2;
}

/* c gets from's history (a pair's cell keeps its OA_CELL_PAIR; an older
 * epoch's split goes) */
static inline void copy_history(oa_cell *c, const oa_cell *from)
{
  if (c->f.epoch != oa_rs.epoch)
    c->f.spare &= OA_CELL_PAIR;
  c->f.w = from->f.w;
  c->f.r1 = from->f.r1;
  c->f.r2 = from->f.r2;
  c->f.wpc = from->f.wpc;
  c->f.r1pc = from->f.r1pc;
  c->f.r2pc = from->f.r2pc;
  __atomic_store_n(&c->f.epoch, oa_rs.epoch, __ATOMIC_RELEASE);
}

static void open_pair(oa_cell *c0, uintptr_t odd_addr)
{
  uint32_t e;
  for (;;) {
    e = __atomic_load_n(&c0->f.epoch, __ATOMIC_ACQUIRE);
    if (e == oa_rs.epoch && !(__atomic_load_n(&c0->f.spare, __ATOMIC_ACQUIRE) & OA_CELL_PAIR))
      return;  /* opened meanwhile */
    if (!(e & EPOCH_BUSY) && __atomic_compare_exchange_n(&c0->f.epoch, &e, oa_rs.epoch | EPOCH_BUSY, 0,
                                                         __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      break;
    _mm_pause();
  }
  /* (held now: opened by another thread between the test and the hold, its
   * epoch back as it was, the pair may be open already) */
  if (e != oa_rs.epoch) {
    c0->f.w = c0->f.r1 = c0->f.r2 = 0;
    c0->f.wpc = c0->f.r1pc = c0->f.r2pc = 0;
    c0->f.spare = 0;
  } else if (c0->f.spare & OA_CELL_PAIR) {
    oa_cell *c1 = oa_shadow_cell(odd_addr);
    c1->f.spare = 0;
    copy_history(c1, c0);
    __atomic_store_n(&c0->f.spare, 0, __ATOMIC_RELEASE);
  }
  __atomic_store_n(&c0->f.epoch, oa_rs.epoch, __ATOMIC_RELEASE);
}

/* The cell of the 4-byte grain at addr, its pair open (fast mode).  An odd
 * cell of this epoch is one whose pair is open (its even cell is of this
 * epoch too, and no longer a pair: oa_shadow_clear keeps it so), which
 * saves looking at the other half of the block. */
static inline __attribute__((always_inline)) oa_cell *open_cell(uintptr_t addr)
{
  oa_cell *c = oa_shadow_cell(addr);
  if (!oa_rs.fast || oa_shadow_grain_shift != 2)
    return c;
  if (addr & 4 && __atomic_load_n(&c->f.epoch, __ATOMIC_ACQUIRE) == oa_rs.epoch)
    return c;
  oa_cell *c0 = addr & 4 ? oa_shadow_cell(addr - 4) : c;
  if (__atomic_load_n(&c0->f.epoch, __ATOMIC_ACQUIRE) != oa_rs.epoch
      || __atomic_load_n(&c0->f.spare, __ATOMIC_ACQUIRE) & OA_CELL_PAIR)
    open_pair(c0, (addr & ~(uintptr_t)7) + 4);
  return c;
}

/* An access of whole pairs (8-byte aligned, a multiple of 8 bytes: a
 * double, a vector, a memcpy of doubles), fast mode: a pair kept as one is
 * one check, an open one two (with the outcome of the first for the second
 * when they held one history). */
static void check_pairs(oa_thread *t, oa_access *a, const oa_node *cur)
{
  oa_cell *first = NULL, before_first;  /* the first pair checked as one, and before */
  oa_cell *open = NULL, before_open;    /* the first open pair's even cell checked */
  for (uintptr_t at = a->addr; at < a->addr + a->size; at += 8) {
    oa_cell *c0 = oa_shadow_cell(at);
    uint32_t e;
    while ((e = __atomic_load_n(&c0->f.epoch, __ATOMIC_ACQUIRE)) == (oa_rs.epoch | EPOCH_BUSY))
      _mm_pause();
    if (e != oa_rs.epoch || __atomic_load_n(&c0->f.spare, __ATOMIC_ACQUIRE) & OA_CELL_PAIR) {
      /* the pairs of one wide access usually hold the same history (the
       * same code wrote them): those get the first one's outcome */
      if (first && same_history(c0, &before_first)) {
        if (e != oa_rs.epoch)
          c0->f.spare = OA_CELL_PAIR;
        copy_history(c0, first);
        continue;
      }
      if (!first) {
        first = c0;
        before_first = *c0;
      }
      a->pair = 1;
      check_fast(t, c0, a, cur);
      a->pair = 0;
      if (__atomic_load_n(&c0->f.spare, __ATOMIC_ACQUIRE) & OA_CELL_PAIR)
        continue;
      if (first == c0)
        first = NULL;
      /* opened by another thread meanwhile (or a history of the epoch was
       * there after all): the odd cell too */
      oa_cell *c1 = oa_shadow_cell(at + 4);
      if (split_of(c1))
        check_bytes(t, c1, 0, 4, a, cur);
      else
        check_fast(t, c1, a, cur);
      continue;
    }
    oa_cell before = *c0, *c1 = oa_shadow_cell(at + 4);
    int whole0 = !split_of(c0);
    if (whole0 && open && same_history(c0, &before_open)) {
      copy_history(c0, open);
    } else if (whole0) {
      check_fast(t, c0, a, cur);
      if (!open) {
        open = c0;
        before_open = before;
      }
    } else {
      check_bytes(t, c0, 0, 4, a, cur);
    }
    if (split_of(c1))
      check_bytes(t, c1, 0, 4, a, cur);
    else if (whole0 && same_history(c1, &before))
      copy_history(c1, c0);
    else
      check_fast(t, c1, a, cur);
  }
}


/* A task reduction gives each thread its own copy of the item, which every
 * task the thread runs updates: tasks are logically parallel, but in any
 * schedule each thread has its copy to itself, and the runtime combines
 * them after the taskgroup.  Such copies are not checked. */
void oa_race_owned(oa_thread *t, uintptr_t lo, uintptr_t hi)
{
  oa_race_thread *r = t->race;
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

/* An access below the lowest stack address the running task used: only
 * above this frame is it the program's live stack (its red zone included);
 * below lies no stack but memory mapped into the gap under it, which the
 * initial thread's bounds cover when its stack size is unlimited
 * (DataRaceBench's harness runs with ulimit -s unlimited: a malloc'd block
 * there made every task's end forget terabytes).  Apart from the access
 * path, which would otherwise keep a frame pointer for it. */
static __attribute__((noinline)) void lower_sp_min(oa_race_thread *r, uintptr_t addr)
{
  if (addr >= (uintptr_t)__builtin_frame_address(0))
    r->sp_min = addr;
}

void oa_race_access(oa_thread *t, uintptr_t addr, uint32_t size, int write, uintptr_t pc)
{
  const oa_node *cur = t->race->w;
  if (!oa_rs.detecting || !size || addr + size > (UINT64_C(1) << OA_SHADOW_ADDR_BITS))
    return;
  oa_race_thread *r = t->race;
  if (__builtin_expect(r->simd_depth != 0, 0))
    oa_race_simd_access(t, addr, size, write, pc);  /* before the filter: one fragment */
  if (__builtin_expect(r->ws_on, 0))
    oa_race_ws_access(t, addr, size, write, pc);  /* the same */
  r->checked++;
  if (__builtin_expect(r->pcache_epoch != oa_rs.epoch, 0))
    new_epoch(r);
  if (__builtin_expect(r->nowned, 0) && owned(r, addr))
    return;
  /* the task's own stack below its lowest call seen (alloca, the frame
   * of a function inlined into it): its, and dead when it ends */
  if (__builtin_expect(addr < r->sp_min && addr >= r->stack_lo && r->stack_lo, 0))
    lower_sp_min(r, addr);
  oa_access a = { addr, size, write & 1, 0, pc, 0, 0, 0 };
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
  a.site = oa_rs.ctx_on ? site_in_context(r, pc) : site_of(pc);
  OA_ASSERT(!(a.site & SITE_FLAGS), "a site leaves the flags' bits free");
  a.site |= write & OA_RACE_SYNC ? SITE_SYNC : 0;
  if (r->sync_held || a.site & SITE_SYNC) {
    if (!a.write && r->in_reduce) {
      /* a reduction's combination reads the variable it then writes (x = x
       * + copy, every read instrumented: builtin-cc.c): synchronized among
       * the participants only, it orders nothing (doc/SEMANTICS.md rule
       * 18); it is no read that observed the last combination's write */
    } else if (!a.write) {
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
  if (shift == 2 && oa_rs.fast && !(addr & 7) && !(size & 7)) {
    check_pairs(t, &a, cur);
  } else if (shift == 2 && (addr & 3 || size & 3 || size > 64)) {
    /* some cells partly (split them), or a long range (cells split
     * before): byte by byte where they are split.  A memcpy of a char
     * array visits thousands of byte cells that mostly hold one history
     * (one loop wrote them): fast mode gives those the outcome of the last
     * one checked with that history, as for whole cells below */
    int fast = oa_rs.fast;
    oa_cell before = { 0 }, *prev = NULL;
    for (uintptr_t cell = first; cell <= last; cell++) {
      uintptr_t lo = cell << 2, hi = lo + 4;
      unsigned blo = addr > lo ? (unsigned)(addr - lo) : 0;
      unsigned bhi = addr + size < hi ? (unsigned)(addr + size - lo) : 4;
      oa_cell *c = open_cell(lo), *b = split_of(c);
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
  } else if (!oa_rs.fast) {
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
    oa_cell *c0 = open_cell(first << shift), before = *c0;
    int whole0 = shift != 2 || !split_of(c0);
    if (whole0)
      check_fast(t, c0, &a, cur);
    else
      check_bytes(t, c0, 0, 4, &a, cur);
    for (uintptr_t cell = first + 1; cell <= last; cell++) {
      oa_cell *c = open_cell(cell << shift);
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

