/* Races between iterations of a schedule(static) loop that this run's team
 * gave one thread and another team size gives two (doc/SEMANTICS.md rule
 * 21).  libomp splits such a loop by the team size alone, so iterations i
 * and j that one thread ran one after the other here run on two threads,
 * logically parallel, in a team of another size: DataRaceBench's
 * indirect-access kernels race only with 3 or more threads, and a loop of
 * N iterations whose first two conflict only with N.  The runtime learns
 * each loop's bounds, schedule and chunk where the program asks libomp to
 * split it (interpose.c: __kmpc_for_static_init, through the ws_begin
 * hook), its end at __kmpc_for_static_fini (tsan.c), and each iteration's
 * number from the simd-lanes pass (plugin/simd-lanes.cpp:
 * __ompadv_ws_iter).  Beside the detectors (race.c), the accesses the
 * loop's implicit task makes are kept per 8-byte granule in a small table
 * of the thread's own: the last two writes and reads, by different
 * iterations, with their bytes.  Two of them to one byte in two
 * iterations, one a write, not both atomic or under a lock, race at every
 * team size up to --max-threads that splits the two iterations apart
 * (corelib/schedule.c); the report names the iterations and the loop.
 *
 * Not checked: a region whose team size the program chose (num_threads,
 * omp_set_num_threads, an if clause) or that is nested in another; a loop
 * that orders its iterations (doacross, ordered), from its first order; an
 * implicit task that asked its thread's number or its team's size (it may
 * address its data by them: partial[omp_get_thread_num()]), from then on; the
 * implicit task's own storage (its frames, its thread's threadprivate
 * copies, the blocks it allocated in the region: in a team of another
 * size each thread has its own).  A granule whose entry another one took
 * over is forgotten (a race that far back may then be missed).  A loop is
 * checked in its first WS_RUNS executions on each thread. */

#include "race-int.h"

#include <stdlib.h>
#include <string.h>

#include "schedule.h"

#define WS_CELLS_BITS 13
#define WS_CELLS (1u << WS_CELLS_BITS)
/* granules checked of one access (a memcpy in a loop: its first ones only) */
#define WS_MAX_GRANULES 8
/* blocks a thread's implicit task allocated lately (its own scratch) */
#define WS_ALLOCS 32
/* Each loop (by its code address) is checked in its first WS_RUNS
 * executions on a thread: the loop of a time step walks the same pattern
 * every step, and checking every step cost a stencil 1.65 times its time
 * in race mode (BENCHMARKS.md, issue 37).  Loops told apart: WS_LOOPS a
 * thread (more: the rest checked every time). */
#define WS_RUNS 2
#define WS_LOOPS 256

enum { W, W2, R, R2 };  /* a cell's records: the last write, the last write by another
                         * iteration than W's, the same for reads */

struct oa_ws_cell {
  uintptr_t granule;             /* address >> 3 */
  uint32_t instance;             /* the loop instance (0: empty) */
  uint32_t iter[4];              /* iteration + 1 (0: none), truncated */
  uint32_t site[4];
  uint8_t bytes[4];              /* which of the granule's bytes */
  uint8_t sync;                  /* bit x: record x was atomic or made under a lock */
  uint8_t own;                   /* the implicit task's own memory: not checked */
};

struct oa_race_ws {
  uint32_t depth;                /* loops begun (one in a function a loop calls: the
                                  * outer one's iterations) */
  uint32_t instance;             /* loops checked so far on this thread */
  unsigned kind;                 /* enum oa_slot_sched */
  int sections;                  /* a sections construct's split */
  uint64_t trip, chunk;
  int64_t lower, incr;           /* the whole loop's first iteration's counter, its step */
  uint32_t team;                 /* this run's team size */
  const oa_task *task;           /* the implicit task running it (NULL: not checked) */
  uintptr_t itop;                /* ... the top of its frames */
  uintptr_t where;               /* the loop's code address (the call to split it) */
  uint64_t last_pair;            /* (earlier, later) site pair last reported */
  struct { uintptr_t lo, hi; uint64_t task; } allocs[WS_ALLOCS];
  uint32_t nallocs;
  struct oa_ws_cell *cells;      /* [WS_CELLS], at the first loop checked */
  struct { uintptr_t where; uint32_t runs; } loops[WS_LOOPS];  /* open addressing */
};

/* Has this thread checked the loop at where WS_RUNS times?  Counts this
 * one. */
static int run_enough(struct oa_race_ws *ws, uintptr_t where)
{
  uint32_t h = (uint32_t)((where * UINT64_C(0x9e3779b97f4a7c15)) >> 56);
  for (uint32_t i = 0; i < WS_LOOPS; i++, h = (h + 1) % WS_LOOPS) {
    if (ws->loops[h].where == where)
      return ++ws->loops[h].runs > WS_RUNS;
    if (!ws->loops[h].where) {
      ws->loops[h].where = where;
      ws->loops[h].runs = 1;
      return 0;
    }
  }
  return 0;
}

/* The thread's state, made at its first loop or block (NULL: no memory
 * left, a program that capped its address space: not checked; the
 * detectors go on). */
static struct oa_race_ws *ws_of(oa_race_thread *r)
{
  if (!r->ws)
    r->ws = calloc(1, sizeof *r->ws);
  return r->ws;
}

void oa_race_ws_begin(oa_thread *t, unsigned kind, uint64_t chunk, uint64_t trip, int64_t lower,
                      int64_t incr, const void *where)
{
  oa_race_thread *r = t->race;
  struct oa_race_ws *ws = ws_of(r);
  if (!ws || ws->depth++)
    return;
  const oa_task *task = t->cur;
  ws->task = NULL;
  r->ws_on = 0;
  if (!oa_rs.detecting || !(kind & ~OA_RACE_ITERS_SECTIONS) || !incr || trip < 2
      || oa_conf.race_max_threads < 2 || !task
      || task->kind != OA_TASK_IMPLICIT || !task->region || !task->region->other_teams
      || t->team_asked == task->uid || run_enough(ws, (uintptr_t)where))
    return;
  if (!ws->cells && !(ws->cells = calloc(WS_CELLS, sizeof *ws->cells)))
    return;
  ws->kind = kind & ~OA_RACE_ITERS_SECTIONS;
  ws->sections = (kind & OA_RACE_ITERS_SECTIONS) != 0;
  ws->trip = trip;
  ws->chunk = chunk;
  ws->lower = lower;
  ws->incr = incr;
  ws->team = task->team;
  ws->task = task;
  ws->itop = oa_race_task_of(task)->top;
  ws->where = (uintptr_t)where;
  ws->last_pair = 0;
  if (!++ws->instance)
    ws->instance = 1;
  r->ws_iter = 0;
  r->ws_on = 1;
}

void oa_race_ws_iter(oa_thread *t, int64_t counter)
{
  oa_race_thread *r = t->race;
  struct oa_race_ws *ws = r->ws;
  if (!ws || ws->depth != 1 || !ws->task || ws->task != t->cur)
    return;
  uint64_t k = ws->incr > 0 ? (uint64_t)(counter - ws->lower) / (uint64_t)ws->incr
                            : (uint64_t)(ws->lower - counter) / (uint64_t)-ws->incr;
  r->ws_iter = k + 1;
}

void oa_race_ws_end(oa_thread *t)
{
  oa_race_thread *r = t->race;
  if (!r->ws || !r->ws->depth || --r->ws->depth)
    return;
  r->ws->task = NULL;
  r->ws_on = 0;
  r->ws_iter = 0;
}

/* The loop orders some of its iterations (ordered depend(sink/source), an
 * ordered region), or its task asked its thread's number: what that means
 * at another team size is not followed, so its iterations are not checked
 * against each other from here on (this run's team is the detectors'
 * business as always). */
void oa_race_ws_ordered(oa_thread *t)
{
  oa_race_thread *r = t->race;
  if (r->ws && r->ws->depth && r->ws->task == t->cur) {
    r->ws->task = NULL;
    r->ws_on = 0;
    r->ws_iter = 0;
  }
}

/* A block the thread's implicit task allocated (tsan.c's malloc and
 * friends): each thread of a team of any size allocates its own. */
void oa_race_ws_alloc(oa_thread *t, void *p, size_t n)
{
  const oa_task *task = t->cur;
  if (!p || !task || task->kind != OA_TASK_IMPLICIT || !task->region
      || !task->region->other_teams)
    return;
  struct oa_race_ws *ws = ws_of(t->race);
  if (!ws)
    return;
  uint32_t k = ws->nallocs++ % WS_ALLOCS;
  ws->allocs[k].lo = (uintptr_t)p;
  ws->allocs[k].hi = (uintptr_t)p + n;
  ws->allocs[k].task = task->uid;
}

/* Is addr the loop's implicit task's own, in a team of any size? */
static int own(oa_thread *t, struct oa_race_ws *ws, uintptr_t addr)
{
  oa_race_thread *r = t->race;
  learn_tls(r);
  for (uint32_t i = 0; i < r->ntls; i++)
    if (addr >= r->tls[i].lo && addr < r->tls[i].hi)
      return 1;
  uint32_t n = ws->nallocs < WS_ALLOCS ? ws->nallocs : WS_ALLOCS;
  for (uint32_t i = 0; i < n; i++)
    if (addr >= ws->allocs[i].lo && addr < ws->allocs[i].hi && ws->allocs[i].task == ws->task->uid)
      return 1;
  return 0;
}

/* Access a of iteration cur (+ 1) conflicts with record x of cell c: a
 * report, unless no team size up to --max-threads runs the two
 * iterations on two threads. */
static void conflict(oa_thread *t, struct oa_race_ws *ws, const oa_access *a,
                     const struct oa_ws_cell *c, int x, uint64_t cur)
{
  uint64_t pair = (uint64_t)c->site[x] << 32 | a->site;
  if (pair == ws->last_pair)
    return;  /* reported (the pair table would say so too, at a higher cost) */
  /* the earlier iteration (a thread runs its iterations in ascending
   * order); the cell keeps the low 32 bits of its number + 1 */
  uint64_t earlier = c->iter[x] - 1;
  if (ws->trip > UINT32_MAX) {
    earlier |= (cur - 1) & ~(uint64_t)UINT32_MAX;
    if (earlier >= cur - 1 && earlier >= UINT64_C(1) << 32)
      earlier -= UINT64_C(1) << 32;
  }
  /* (this pair of iterations may be one no team size splits, where the
   * next pair of the same accesses is split: the first has no report) */
  uint32_t range[1][2];
  if (!oa_static_apart(ws->kind, ws->trip, ws->chunk, earlier, cur - 1,
                       oa_conf.race_max_threads, range, 1))
    return;
  ws->last_pair = pair;
  report_ws(t, a, c->site[x], x == W || x == W2, ws->where,
            ws->kind | (ws->sections ? OA_RACE_ITERS_SECTIONS : 0), ws->trip, ws->chunk,
            earlier, cur - 1, ws->team);
}

void oa_race_ws_access(oa_thread *t, uintptr_t addr, uint32_t size, int write, uintptr_t pc)
{
  oa_race_thread *r = t->race;
  struct oa_race_ws *ws = r->ws;
  uint64_t cur = r->ws_iter;
  if (!cur || ws->task != t->cur || !size)
    return;
  if (t->team_asked == ws->task->uid) {  /* its addresses may depend on the team */
    oa_race_ws_ordered(t);
    return;
  }
  if (addr < ws->itop && addr >= r->stack_lo)
    return;  /* the task's own frames */
  uint32_t it = (uint32_t)cur ? (uint32_t)cur : 1;
  int wr = write & 1;
  uint8_t sync = (write & OA_RACE_SYNC) || r->sync_held;
  oa_access a = { addr, size, wr, 0, pc, 0, 0, 0 };
  uintptr_t first = addr >> 3, last = (addr + size - 1) >> 3;
  if (last - first >= WS_MAX_GRANULES)
    last = first + WS_MAX_GRANULES - 1;
  int found = 0;
  for (uintptr_t g = first; g <= last; g++) {
    uintptr_t lo = g << 3;
    unsigned blo = addr > lo ? (unsigned)(addr - lo) : 0;
    unsigned bhi = addr + size < lo + 8 ? (unsigned)(addr + size - lo) : 8;
    uint8_t m = (uint8_t)(((1u << bhi) - 1) & ~((1u << blo) - 1));
    /* by address, not hashed: a loop that walks memory walks the table */
    struct oa_ws_cell *c = &ws->cells[(g ^ g >> WS_CELLS_BITS) & (WS_CELLS - 1)];
    if (c->instance != ws->instance || c->granule != g) {
      memset(c, 0, sizeof *c);
      c->granule = g;
      c->instance = ws->instance;
    }
    if (c->own)
      continue;
    if (!a.site)
      a.site = site_at(r, pc);
    /* another iteration's write, or for a write its read too */
    for (int x = W; x <= R2 && !found; x++) {
      if ((x >= R && !wr) || !c->iter[x] || c->iter[x] == it || !(c->bytes[x] & m)
          || (sync && (c->sync >> x & 1)))
        continue;
      if (own(t, ws, addr)) {
        c->own = 1;
        break;
      }
      conflict(t, ws, &a, c, x, cur);
      found = 1;
    }
    if (c->own)
      continue;
    int x = wr ? W : R;
    if (c->iter[x] == it) {  /* the same iteration again: more of its bytes */
      c->bytes[x] |= m;
      c->site[x] = a.site;
      c->sync = (uint8_t)((c->sync & ~(1u << x)) | (unsigned)sync << x);
      continue;
    }
    if (c->iter[x]) {
      c->iter[x + 1] = c->iter[x];
      c->site[x + 1] = c->site[x];
      c->bytes[x + 1] = c->bytes[x];
      c->sync = (uint8_t)((c->sync & ~(2u << x)) | (c->sync >> x & 1u) << (x + 1));
    }
    c->iter[x] = it;
    c->site[x] = a.site;
    c->bytes[x] = m;
    c->sync = (uint8_t)((c->sync & ~(1u << x)) | (unsigned)sync << x);
  }
}
