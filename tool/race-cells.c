/* The cells and histories the race runtime's detectors keep: the pair of
 * parallel accesses of one kind (both detectors), locksets, precise mode's
 * history lists and the blocks they come from, and cells split in bytes. */

#include "race-int.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

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

int keep_pair(uint32_t *p1, uint32_t *s1, uint32_t *p2, uint32_t *s2, const oa_node *cur,
              uint32_t site, int nested)
{
  /* read once: in fast mode other threads update the cell meanwhile */
  uint32_t me = ref_of(cur), v1 = __atomic_load_n(p1, __ATOMIC_RELAXED),
           v2 = __atomic_load_n(p2, __ATOMIC_RELAXED), o1 = v1, o2 = v2;
  keep_pair_of(&v1, s1, &v2, s2, me, cur, site, nested);
  OA_ASSERT(v1, "a pair's first slot is filled first");
  OA_ASSERT(v1 == me || v2 == me || (v1 == o1 && v2 == o2),
            "an access joins the pair it is checked against, or leaves it as it was (Alg. 19)");
  if (v1 == o1 && v2 == o2)
    return 0;
  __atomic_store_n(p1, v1, __ATOMIC_RELAXED);
  __atomic_store_n(p2, v2, __ATOMIC_RELAXED);
  return 1;
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

int share_a_lock(uint32_t a, uint32_t b)
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

oa_hist *hist_new(void)
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
  OA_ASSERT(my_block->used <= HIST_BLOCK, "a history lies inside its block");
  memset(h, 0, sizeof *h);
  return h;
}

/* A history a cell lets go of comes back to this thread. */
void hist_free(oa_hist *h)
{
  if (my_free_epoch != oa_rs.epoch) {
    my_free = NULL;
    my_free_epoch = oa_rs.epoch;
  }
  h->next = my_free;
  my_free = h;
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
oa_cell *split(oa_cell *c)
{
  int fast = oa_rs.fast;
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
  uint32_t s = c->f.spare & ~OA_CELL_PAIR;
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
