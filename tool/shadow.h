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
    uint32_t spare;               /* 4-byte cells: their split in byte cells (race.c) */
  } f;
  struct {
    uint32_t epoch;
    uint32_t lock;
    struct oa_hist *list;
    uint64_t spare[2];            /* [0]: the last access; [1]: the split, as f.spare */
  } p;
} oa_cell;                        /* 32 bytes */

#define OA_SHADOW_BLOCK_SHIFT 22  /* 4 MiB of the program's memory per block */
#define OA_SHADOW_ADDR_BITS 47    /* user space on x86-64 */

extern unsigned oa_shadow_grain_shift;   /* 2: 4-byte cells, 0: 1-byte */
extern oa_cell **oa_shadow_l1;

int oa_shadow_init(unsigned grain_bytes);
uint64_t oa_shadow_reserved(void);          /* address space oa_shadow_init takes */
oa_cell *oa_shadow_block(uintptr_t addr);  /* maps the block on first use */
/* Called when a block cannot be mapped (the address space is capped, or
 * exhausted), with the bytes of shadow mapped so far; oa_shadow_block then
 * hands out a block whose contents mean nothing. */
extern void (*oa_shadow_exhausted)(uint64_t mapped_bytes);

/* The cell of addr (addr must be below 2^47). */
static inline oa_cell *oa_shadow_cell(uintptr_t addr)
{
  oa_cell *b = __atomic_load_n(&oa_shadow_l1[addr >> OA_SHADOW_BLOCK_SHIFT], __ATOMIC_ACQUIRE);
  if (__builtin_expect(!b, 0))
    b = oa_shadow_block(addr);
  return b + ((addr & ((UINT64_C(1) << OA_SHADOW_BLOCK_SHIFT) - 1)) >> oa_shadow_grain_shift);
}

/* Forget the history of [lo, hi): freed or reused memory.  Precise mode
 * first gets the cells to take back their lists (oa_shadow_release). */
void oa_shadow_clear(uintptr_t lo, uintptr_t hi);
extern void (*oa_shadow_release)(oa_cell *from, oa_cell *to);
/* Bytes of shadow mapped so far. */
uint64_t oa_shadow_mapped(void);

#endif
