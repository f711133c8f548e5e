/* The two-level shadow table (shadow.h).  The first level covers the whole
 * 47-bit user address space (256 MiB reserved, pages touched only where the
 * program has memory); second-level blocks are reserved on first use. */
#include "shadow.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

unsigned oa_shadow_grain_shift = 2;
oa_cell **oa_shadow_l1;
static uint64_t mapped;          /* atomic */

#define L1_ENTRIES (UINT64_C(1) << (OA_SHADOW_ADDR_BITS - OA_SHADOW_BLOCK_SHIFT))
#define BLOCK_BYTES(shift) (((UINT64_C(1) << OA_SHADOW_BLOCK_SHIFT) >> (shift)) * sizeof(oa_cell))

static void *reserve(uint64_t bytes)
{
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                 -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

/* Where accesses go once no block can be mapped (the program's address
 * space is capped): detection has stopped by then (oa_shadow_exhausted),
 * and the accesses under way finish in it. */
static oa_cell *sink;
void (*oa_shadow_exhausted)(uint64_t mapped_bytes);

int oa_shadow_halves;
unsigned oa_shadow_even_shift = 1, oa_shadow_odd_shift;

int oa_shadow_init(unsigned grain_bytes, int halves)
{
  oa_shadow_grain_shift = grain_bytes == 1 ? 0 : 2;
  oa_shadow_halves = halves;
  oa_shadow_even_shift = halves ? 0 : 1;
  oa_shadow_odd_shift = halves ? OA_SHADOW_BLOCK_SHIFT - 1 - oa_shadow_grain_shift : 0;
  oa_shadow_l1 = reserve(L1_ENTRIES * sizeof *oa_shadow_l1);
  sink = reserve(BLOCK_BYTES(oa_shadow_grain_shift));
  return oa_shadow_l1 && sink ? 0 : -1;
}

uint64_t oa_shadow_reserved(void)
{
  return L1_ENTRIES * sizeof *oa_shadow_l1 + BLOCK_BYTES(oa_shadow_grain_shift);
}

/* Blocks are shared anonymous memory: a cell is always read before it is
 * written, and in a private mapping the read maps the kernel's zero page,
 * which the write then copies, interrupting the other cores to flush their
 * TLBs on every page of shadow.  A shared mapping gets its page at the
 * read. */
oa_cell *oa_shadow_block(uintptr_t addr)
{
  oa_cell **slot = &oa_shadow_l1[addr >> OA_SHADOW_BLOCK_SHIFT];
  uint64_t bytes = BLOCK_BYTES(oa_shadow_grain_shift);
  oa_cell *b = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                    MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0), *expected = NULL;
  if (b == MAP_FAILED) {
    if (oa_shadow_exhausted)
      oa_shadow_exhausted(__atomic_load_n(&mapped, __ATOMIC_RELAXED));
    return sink;
  }
  if (__atomic_compare_exchange_n(slot, &expected, b, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    __atomic_add_fetch(&mapped, bytes, __ATOMIC_RELAXED);
    return b;
  }
  munmap(b, bytes);  /* another thread mapped it first */
  return expected;
}

/* Zeroed (an empty history); large ranges give their whole pages back to
 * the kernel instead, which reads them as zeros and costs nothing until
 * they are touched again, but makes it interrupt the other cores (TLB
 * shootdown), which costs more than zeroing a few hundred kilobytes. */
void (*oa_shadow_release)(oa_cell *from, oa_cell *to);

static void clear_cells(oa_cell *from, oa_cell *to)
{
  if (oa_shadow_release)
    oa_shadow_release(from, to);
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  uintptr_t lo = (uintptr_t)from, hi = (uintptr_t)to;
  uintptr_t plo = (lo + page - 1) & ~(page - 1), phi = hi & ~(page - 1);
  if (phi > plo + 256 * page) {
    memset(from, 0, plo - lo);
    /* shared memory: only REMOVE drops the pages' contents */
    if (madvise((void *)plo, phi - plo, MADV_REMOVE) != 0)
      memset((void *)plo, 0, phi - plo);
    memset((void *)phi, 0, hi - phi);
  } else {
    memset(from, 0, hi - lo);
  }
}

void oa_shadow_clear(uintptr_t lo, uintptr_t hi)
{
  const uintptr_t block = UINT64_C(1) << OA_SHADOW_BLOCK_SHIFT;
  const unsigned shift = oa_shadow_grain_shift;
  if (hi > (UINT64_C(1) << OA_SHADOW_ADDR_BITS))
    hi = UINT64_C(1) << OA_SHADOW_ADDR_BITS;
  /* whole cells only: a cell shared with live neighbours keeps its history */
  uintptr_t g = (uintptr_t)1 << shift;
  lo = (lo + g - 1) & ~(g - 1);
  hi &= ~(g - 1);
  while (lo < hi) {
    uintptr_t end = (lo | (block - 1)) + 1;
    if (end > hi)
      end = hi;
    oa_cell *b = __atomic_load_n(&oa_shadow_l1[lo >> OA_SHADOW_BLOCK_SHIFT], __ATOMIC_ACQUIRE);
    if (b) {
      /* grains [i, j) of the block: the even ones' cells, then the odd
       * ones' (oa_shadow_pos) */
      uintptr_t i = (lo & (block - 1)) >> shift, j = ((end - 1) & (block - 1)) >> shift;
      j++;
      if (!oa_shadow_halves) {
        clear_cells(b + i, b + j);
        lo = end;
        continue;
      }
      if (i & 1) {
        /* the range starts at an odd grain: its even one, outside it, may
         * hold the pair's history (fast mode): forgotten too */
        oa_cell *c0 = b + oa_shadow_pos(i - 1);
        if (__atomic_load_n(&c0->f.spare, __ATOMIC_RELAXED) & OA_CELL_PAIR)
          clear_cells(c0, c0 + 1);
      }
      if (j & 1) {
        /* it ends at an even grain: the odd one after it, outside it, is
         * forgotten too (race.c: an odd cell of the epoch has an even one
         * of the epoch beside it) */
        oa_cell *c1 = b + oa_shadow_pos(j);
        clear_cells(c1, c1 + 1);
      }
      if ((i + 1) / 2 < (j + 1) / 2)
        clear_cells(b + oa_shadow_pos(2 * ((i + 1) / 2)), b + oa_shadow_pos(2 * ((j + 1) / 2) - 2) + 1);
      if (i / 2 < j / 2)
        clear_cells(b + oa_shadow_pos(2 * (i / 2) + 1), b + oa_shadow_pos(2 * (j / 2) - 1) + 1);
    }
    lo = end;
  }
}

uint64_t oa_shadow_mapped(void)
{
  return __atomic_load_n(&mapped, __ATOMIC_RELAXED);
}
