/* The race runtime's fast detector (Alg. 19): lock-free cells holding one
 * write and two parallel reads. */

#include "race-int.h"


/* --- fast mode (Alg. 19): lock-free, one write and two reads per cell ------- */

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
  OA_ASSERT(w && !(wpc & SITE_WR), "a write stashed comes from the write slot");
  if (load32(&c->f.r1) == w || load32(&c->f.r2) == w)
    return;
  int one = !load32(&c->f.r1) && load32(&c->f.r2);
  __atomic_store_n(one ? &c->f.r1 : &c->f.r2, w, __ATOMIC_RELAXED);
  *(one ? &c->f.r1pc : &c->f.r2pc) = wpc | SITE_WR;
}

void check_fast(oa_thread *t, oa_cell *c, const oa_access *a, const oa_node *cur)
{
  uint32_t me = ref_of(cur);
  OA_ASSERT(oa_rs.epoch && !(oa_rs.epoch & EPOCH_BUSY),
            "an epoch is no empty cell's (0) and leaves the busy bit free");
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
      c->f.spare = a->pair ? OA_CELL_PAIR : 0;  /* (not an older epoch's split) */
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
