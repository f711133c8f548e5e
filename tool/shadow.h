/* Shadow memory for race mode: one cell per grain (4 bytes, or 1 with
 * OMPADV_RACE_GRAIN=1) of the program's address space, in a two-level table
 * whose second-level blocks are mapped on first use and filled by the kernel
 * with zeros as they are touched.  A cell holds a location's access history;
 * its epoch tells whether it belongs to the current top-level parallel
 * region (anything older reads as empty). */
#ifndef OMPADV_SHADOW_H
#define OMPADV_SHADOW_H

#include <stddef.h>
#include <stdint.h>

/* Fast mode (Alg. 19): the last write and up to two parallel reads, as node
 * references (race.c), each with the site of the access.  Precise mode
 * (Alg. 20): a list of histories per lockset and ST-node, under a spin lock. */
typedef union oa_cell {
  struct {
    uint32_t epoch;
    uint32_t w, r1, r2;
    uint32_t wpc, r1pc, r2pc;
    uint32_t spare;               /* 4-byte cells: their split in byte cells (race-cells.c),
                                   * or OA_CELL_PAIR (race.c) */
  } f;
  struct {
    uint32_t epoch;
    uint32_t lock;
    struct oa_hist *list;
    uint64_t spare[2];            /* [0]: the last access; [1]: the split, as f.spare */
  } p;
} oa_cell;                        /* 32 bytes */

/* f.spare of an even grain's cell (fast mode): its history is that of both
 * grains of the pair, and the odd one's cell means nothing (race.c). */
#define OA_CELL_PAIR 0x80000000u

#define OA_SHADOW_BLOCK_SHIFT 22  /* 4 MiB of the program's memory per block */
#define OA_SHADOW_ADDR_BITS 47    /* user space on x86-64 */

extern unsigned oa_shadow_grain_shift;   /* 2: 4-byte cells, 0: 1-byte */
extern oa_cell **oa_shadow_l1;

/* halves: the layout of oa_shadow_pos (fast mode) */
int oa_shadow_init(unsigned grain_bytes, int halves);
uint64_t oa_shadow_reserved(void);          /* address space oa_shadow_init takes */
oa_cell *oa_shadow_block(uintptr_t addr);  /* maps the block on first use */
/* Called when a block cannot be mapped (the address space is capped, or
 * exhausted), with the bytes of shadow mapped so far; oa_shadow_block then
 * hands out a block whose contents mean nothing. */
extern void (*oa_shadow_exhausted)(uint64_t mapped_bytes);

/* Where the cell of grain i of a block lies.  In fast mode the even grains'
 * cells fill the block's first half, the odd ones' its second: it keeps the
 * history of 8 bytes accessed as a whole (a double, a pointer) in the
 * first cell of their pair alone (race.c: pairs), so the second half of a
 * block under an array of doubles is never touched: it costs no memory,
 * and the cells read are 32 bytes a double, not 64. */
extern int oa_shadow_halves;      /* that layout (fast mode); else grain i's cell is i-th */
extern unsigned oa_shadow_even_shift, oa_shadow_odd_shift;  /* (the layout's shifts) */

static inline uintptr_t oa_shadow_pos(uintptr_t i)
{
  return (i >> 1) << oa_shadow_even_shift | (i & 1) << oa_shadow_odd_shift;
}

/* The cell of addr (addr must be below 2^47). */
static inline oa_cell *oa_shadow_cell(uintptr_t addr)
{
  oa_cell *b = __atomic_load_n(&oa_shadow_l1[addr >> OA_SHADOW_BLOCK_SHIFT], __ATOMIC_ACQUIRE);
  if (__builtin_expect(!b, 0))
    b = oa_shadow_block(addr);
  return b + oa_shadow_pos((addr & ((UINT64_C(1) << OA_SHADOW_BLOCK_SHIFT) - 1)) >> oa_shadow_grain_shift);
}

/* Forget the history of [lo, hi): freed or reused memory (and that of the
 * other grain of a pair kept as one that the range covers half of).
 * Precise mode first gets the cells to take back their lists
 * (oa_shadow_release). */
void oa_shadow_clear(uintptr_t lo, uintptr_t hi);
extern void (*oa_shadow_release)(oa_cell *from, oa_cell *to);
/* Bytes of shadow mapped so far. */
uint64_t oa_shadow_mapped(void);

#endif
