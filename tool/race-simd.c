/* Races between the lanes of one simd loop (doc/SEMANTICS.md rule 20).
 * The simd-lanes pass (plugin/simd-lanes.cpp) marks a simd loop's entry,
 * each iteration's start and its exit; the thread runs the lanes one after
 * another, so two iterations fewer than `lanes` apart (safelen, or
 * SIMD_WIDEST without it) may have run at once, and two of their accesses
 * to one byte, one a write and not both atomic, race.  The other threads'
 * accesses are the detectors' business as always (race.c): this is a
 * second check beside them, on a small table of the thread's own, per byte
 * accessed lately in the loop. */

#include "race-int.h"

#include <string.h>

/* The most lanes a simd loop without safelen may run at once: 64, a 512-bit
 * vector of bytes, the widest x86-64 has. */
#define SIMD_WIDEST 64
/* Bytes remembered: only the last `lanes` iterations' matter.  A byte whose
 * entry another byte took over is forgotten (a race with a lane that far
 * back may then be missed). */
#define SIMD_CELLS_BITS 12
#define SIMD_CELLS (1u << SIMD_CELLS_BITS)
/* Bytes checked of one access (a memcpy in a loop: its first ones only). */
#define SIMD_MAX_BYTES 64

struct oa_simd_cell {
  uintptr_t addr;
  uint64_t instance;           /* the loop instance (0: empty) */
  uint64_t w, r, r2;           /* iterations of the last write, the last read, and the
                                * last read by another iteration than r's (0: none) */
  uint32_t wsite, rsite, r2site;
  uint8_t wsync, rsync, r2sync;  /* atomic (never races with another atomic) */
};

void oa_race_simd_begin(oa_thread *t, uint32_t lanes, uintptr_t where)
{
  oa_race_thread *r = t->race;
  if (r->simd_depth++)
    return;  /* a simd loop in a function called from one: the outer loop's lanes */
  /* a construct ran (the run is not idle, though libomp may see none) */
  if (oa_the_run.header && !__atomic_load_n(&oa_the_run.header->constructs, __ATOMIC_RELAXED))
    __atomic_store_n(&oa_the_run.header->constructs, 1, __ATOMIC_RELAXED);
  if (!r->simd_cells)
    r->simd_cells = oa_xcalloc(SIMD_CELLS, sizeof *r->simd_cells);
  r->simd_lanes = lanes ? lanes : SIMD_WIDEST;
  r->simd_iter = 0;
  r->simd_instance++;
  r->simd_where = where;
}

void oa_race_simd_iter(oa_thread *t)
{
  if (t->race->simd_depth == 1)
    t->race->simd_iter++;
}

void oa_race_simd_end(oa_thread *t)
{
  t->race->simd_depth--;
}

/* Did iteration j (0: none) possibly run at once with the current one? */
static inline int other_lane(const oa_race_thread *r, uint64_t j)
{
  return j && j != r->simd_iter && r->simd_iter - j < r->simd_lanes;
}

void oa_race_simd_access(oa_thread *t, uintptr_t addr, uint32_t size, int write, uintptr_t pc)
{
  oa_race_thread *r = t->race;
  if (!r->simd_iter || !oa_rs.detecting || (r->ignore && r->ignore_task == t->cur))
    return;
  if (!r->w)
    r->checked++;  /* (else the access path counts it) */
  int sync = (write & OA_RACE_SYNC) != 0, wr = write & 1;
  uint32_t site = 0;
  int found = 0;
  for (uint32_t i = 0; i < size && i < SIMD_MAX_BYTES; i++) {
    uintptr_t b = addr + i;
    struct oa_simd_cell *c =
        &r->simd_cells[(b * UINT64_C(0x9e3779b97f4a7c15)) >> (64 - SIMD_CELLS_BITS)];
    if (c->instance != r->simd_instance || c->addr != b)
      memset(c, 0, sizeof *c);  /* empty, or another byte's (forgotten) */
    c->addr = b;
    c->instance = r->simd_instance;
    if (!site)
      site = site_at(r, pc);
    /* the conflicting access of another lane: a write for a read, a write
     * or a read for a write */
    uint64_t rj = c->r != r->simd_iter ? c->r : c->r2;
    uint32_t esite = 0;
    int ewrite = 0;
    if (other_lane(r, c->w) && !(sync && c->wsync)) {
      esite = c->wsite;
      ewrite = 1;
    } else if (wr && other_lane(r, rj)) {
      int rsync = rj == c->r ? c->rsync : c->r2sync;
      if (!(sync && rsync))
        esite = rj == c->r ? c->rsite : c->r2site;
    }
    if (esite && !found) {
      oa_access a = { addr, size, wr, site, pc, 0, 0, 0 };
      report_simd(t, &a, esite, ewrite);
      found = 1;
    }
    if (wr) {
      c->w = r->simd_iter;
      c->wsite = site;
      c->wsync = (uint8_t)sync;
    } else if (c->r != r->simd_iter) {
      c->r2 = c->r;
      c->r2site = c->rsite;
      c->r2sync = c->rsync;
      c->r = r->simd_iter;
      c->rsite = site;
      c->rsync = (uint8_t)sync;
    }
  }
}
