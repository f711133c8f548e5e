/* Race reports, the race runtime's third part (with race.c, the detectors,
 * and race-omp.c, the hooks): a race the detectors found becomes an
 * OA_RACE_REPORT record (contract.h) with the later access's call stack,
 * and the earlier one's with --earlier-stacks, once per pair of sites;
 * unless it is none after all: an implicit task's own frames, a thread's
 * own threadprivate copy, two accesses only the initial thread makes.
 * Also the counts the summary gives (races found, pairs dropped). */

#include "race-int.h"

#include <link.h>
#include <string.h>

/* --- reports ------------------------------------------------------------------ */

#define PAIR_TABLE 65536
static uint64_t pairs[PAIR_TABLE];  /* reported (earlier site, later site) */

/* 1 the first time this pair of sites is seen (other: for a race at other
 * team sizes, OA_RACE_TEAMS, counted apart: the same pair found at this
 * run's team size too is reported again, and the driver keeps that). */
static int new_pair(uint32_t earlier, uint32_t later, int other)
{
  earlier &= ~SITE_FLAGS;
  later &= ~SITE_FLAGS;
  uint64_t key = (uint64_t)earlier << 32 | later;
  if (other && key)
    key ^= UINT64_C(0x5bd1e9955bd1e995);
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
  __atomic_add_fetch(&oa_rs.pairs_dropped, 1, __ATOMIC_RELAXED);
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
  const oa_race_frag *ex = oa_race_frag_of(earlier), *lx = oa_race_frag_of(later);
  uint64_t end = __atomic_load_n(&ex->t1, __ATOMIC_RELAXED);
  return ex->thread != lx->thread && (end == 0 || end > lx->t0);
}

/* Storage of an implicit task's own frames (its private variables, its
 * reduction copies, the loop's bounds) is used by whichever chunks of its
 * worksharing loops its thread runs: chunks are logically parallel, but in
 * any schedule each thread uses its own copy, so two fragments of the same
 * implicit task never race there.  (Explicit tasks it runs are checked.) */
static int own_private(const oa_thread *t, const oa_access *a, const oa_node *cur,
                       const oa_node *e)
{
  const oa_race_frag *ex = oa_race_frag_of(e), *cx = oa_race_frag_of(cur);
  return ex->itask && ex->itask == cx->itask && a->addr < cx->itop
         && a->addr >= t->race->stack_lo;
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
void learn_tls(oa_race_thread *r)
{
  if (!r->tls_known) {
    dl_iterate_phdr(tls_range, r);
    __atomic_store_n(&r->tls_known, 1, __ATOMIC_RELEASE);
  }
}

static int own_tls(oa_thread *t, const oa_access *a, const oa_node *e)
{
  oa_race_thread *r = t->race;
  if (oa_race_frag_of(e)->thread != t->id)
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
    const oa_race_thread *r = u->race;
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
 * are logically parallel with their creator's continuation (doc/SEMANTICS.md
 * rule 9), but only the initial thread ever runs them, one task region at
 * a time.  Two accesses both made there are never made by two threads, in
 * any execution: no data race (OpenMP 5.2, section 1.4.1: a race is
 * between threads), only an order that may differ, which is the program's
 * business.  An access from inside a parallel region is checked against
 * them as usual: one of that team's other threads may run at the same
 * time as such a task. */
static int initial_thread_only(const oa_node *e, const oa_node *cur)
{
  return oa_race_frag_of(e)->solo && oa_race_frag_of(cur)->solo;
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

/* The record of a race between a and an earlier access (at earlier_site, by
 * earlier_thread), once per pair of sites, with the later access's callers
 * (and the earlier one's, when its site names its context): bits are
 * enum oa_race_bits but the two accesses' kinds. */
static void emit(oa_thread *t, const oa_access *a, unsigned bits, uint32_t earlier_thread,
                 uint32_t earlier_site, int earlier_write, uint64_t later_construct,
                 unsigned later_kind, uint64_t earlier_construct, unsigned earlier_kind,
                 const struct oa_race_iters *iters)
{
  __atomic_add_fetch(&oa_rs.races_found, 1, __ATOMIC_RELAXED);
  if (!new_pair(pair_site(earlier_site), pair_site(a->site), (bits & OA_RACE_TEAMS) != 0))
    return;
  if (iters) {
    oa_record *it = oa_begin_record(t, OA_RACE_ITERS, 0);
    if (!it)
      return;
    it->race_iters.trips = iters->trips;
    it->race_iters.chunk = iters->chunk;
    it->race_iters.earlier_iter = iters->earlier_iter;
    it->race_iters.later_iter = iters->later_iter;
    it->race_iters.team = iters->team;
    it->race_iters.kind = iters->kind;
    oa_commit(t);
  }
  /* the later access's callers (the earlier access's are gone, unless its
   * site names its calling context: --earlier-stacks) */
  oa_race_thread *r = t->race;
  uint32_t depth = r->depth < OA_RACE_CALLS ? r->depth : OA_RACE_CALLS;
  uint64_t fr[15];
  uint32_t n = 0;
  for (; n < depth && n < 15; n++)
    fr[n] = r->callers[depth - 1 - n];
  emit_callers(t, fr, n, 0);
  /* the earlier access's, when its site names its context */
  n = 0;
  for (uint32_t ctx = context_of_site(earlier_site); ctx && n < 15; ctx = oa_rs.ctx_up[ctx - 1])
    fr[n++] = oa_rs.ctx_pc[ctx - 1];
  emit_callers(t, fr, n, OA_RACE_STACK_EARLIER);
  bits |= (a->write ? OA_RACE_LATER_WRITE : 0) | (earlier_write ? OA_RACE_EARLIER_WRITE : 0);
  oa_record *ev = oa_begin_record(t, OA_RACE_REPORT, bits);
  if (!ev)
    return;
  struct oa_race_report *x = &ev->race_report;
  x->earlier_thread = earlier_thread;
  x->size = (uint8_t)a->size;
  x->later_kind = (uint8_t)later_kind;
  x->earlier_kind = (uint8_t)earlier_kind;
  x->memory = (uint8_t)memory_of(a->addr);
  x->address = a->addr;
  x->later_code = a->pc;
  x->earlier_code = pc_of(earlier_site);
  x->later_construct = later_construct;
  x->earlier_construct = earlier_construct;
  oa_commit(t);
}

void report(oa_thread *t, const oa_access *a, const oa_node *cur, uint32_t earlier_ref,
            uint32_t earlier_site, int earlier_write)
{
  if (!__atomic_load_n(&oa_rs.detecting, __ATOMIC_ACQUIRE))
    return;  /* the shadow ran out: the cells may be the sink's */
  const oa_node *e = node_of(earlier_ref);
  if (own_private(t, a, cur, e) || own_tls(t, a, e) || initial_thread_only(e, cur))
    return;
  unsigned kc, kd;
  uint64_t c = construct_of(cur, &kc), d = construct_of(e, &kd);
  emit(t, a, overlapped(e, cur) ? OA_RACE_CONCURRENT : 0, oa_race_frag_of(e)->thread,
       earlier_site, earlier_write, c, kc, d, kd, NULL);
}

/* Two lanes of the simd loop the thread runs (race-simd.c): the loop is
 * both accesses' construct, the thread both accesses'.  Unlike two
 * threads, two lanes of one thread race wherever they run, the initial
 * thread's serial code included (OpenMP 5.2, 1.4.1: SIMD lanes are the
 * units of a data race too). */
void report_simd(oa_thread *t, const oa_access *a, uint32_t earlier_site, int earlier_write)
{
  if (!__atomic_load_n(&oa_rs.detecting, __ATOMIC_ACQUIRE))
    return;
  uintptr_t loop = t->race->simd_where;
  emit(t, a, OA_RACE_SIMD, t->id, earlier_site, earlier_write, loop, OA_C_MAIN, loop, OA_C_MAIN,
       NULL);
}

/* Two iterations of the schedule(static) loop at code address loop that
 * the thread ran, which other team sizes run on two threads (race-ws.c):
 * the loop is both accesses' construct, and the iterations go in an
 * OA_RACE_ITERS record before the report. */
void report_ws(oa_thread *t, const oa_access *a, uint32_t earlier_site, int earlier_write,
               uintptr_t loop, unsigned kind, uint64_t trips, uint64_t chunk,
               uint64_t earlier_iter, uint64_t later_iter, uint32_t team)
{
  if (!__atomic_load_n(&oa_rs.detecting, __ATOMIC_ACQUIRE))
    return;
  struct oa_race_iters it = { .trips = trips, .chunk = chunk, .earlier_iter = earlier_iter,
                              .later_iter = later_iter, .team = team, .kind = kind };
  emit(t, a, OA_RACE_TEAMS, t->id, earlier_site, earlier_write, loop, OA_C_LOOP, loop, OA_C_LOOP,
       &it);
}
