/* The race runtime's precise detector (Alg. 20): a list of histories per
 * cell, one per (ST-node or root, lockset), under the cell's spin lock. */

#include "race-int.h"


#define PRECISE_STS 2
#define PRECISE_PER_CELL 4      /* histories one location keeps at most */
_Static_assert(PRECISE_STS + 1 == OA_RACE_HIST_AT, "a thread keeps the nodes with histories");

/* The nodes whose histories an access of cur goes to: the innermost
 * PRECISE_STS ST-nodes above it and the root (see below).  A fragment's
 * ancestors never change, and its node is not used again in the epoch
 * (nodes are kept until it is over): once per fragment and epoch. */
static const oa_node *const *hist_nodes(oa_race_thread *r, const oa_node *cur, uint32_t *n)
{
  if (r->hist_cur != cur || r->hist_epoch != oa_rs.epoch) {
    uint32_t k = 0, sts = 0;
    for (const oa_node *a = cur->parent; a; a = a->parent) {
      if (a->parent && (a->kind != OA_ST || sts >= PRECISE_STS))
        continue;
      sts += a->parent != NULL;
      r->hist_at[k++] = a;
    }
    r->nhist_at = k;
    r->hist_cur = cur;
    r->hist_epoch = oa_rs.epoch;
  }
  *n = r->nhist_at;
  return r->hist_at;
}

void check_precise(oa_thread *t, oa_cell *c, const oa_access *a, const oa_node *cur)
{
  uint32_t me = ref_of(cur), ls = t->race->lockset;
  /* synchronized accesses keep histories apart from plain ones with the
   * same locks: one kind's writes must not push the other's out */
  uint32_t key = ls | (a->site & SITE_SYNC ? HIST_SYNC : 0);
  /* the last access: the same fragment, kind and lockset adds nothing */
  uint64_t last = (uint64_t)me | (uint64_t)ls << 32 | (uint64_t)(a->write != 0) << 63
                  | (uint64_t)(a->site & SITE_SYNC ? 1 : 0) << 62;
  cell_lock(c);
  if (c->p.epoch != oa_rs.epoch) {
    c->p.epoch = oa_rs.epoch;
    c->p.list = NULL;
    c->p.spare[0] = 0;
    c->p.spare[1] = 0;  /* an older epoch's split */
  } else if (c->p.spare[0] == last) {
    cell_unlock(c);
    return;
  }
  c->p.spare[0] = last;
  int rf = a->rf;
  for (oa_hist *h = c->p.list; h; h = h->next) {
    if (share_a_lock(h->lockset & ~HIST_SYNC, ls)) {
      /* a read of what another fragment wrote under the lock */
      for (int i = 0; i < 2 && rf; i++)
        if (h->wr[i] && h->wr[i] != me && par(h->wr[i], cur, 0))
          observed(t, a, cur, node_of(h->wr[i]));
      continue;
    }
    for (int i = 0; i < 2; i++) {
      if (rf && h->wr[i] && h->wr[i] != me && both_sync(h->wrpc[i], a)
          && par(h->wr[i], cur, 0))  /* an atomic read of an atomic flag */
        observed(t, a, cur, node_of(h->wr[i]));
      if (h->wr[i] && h->wr[i] != me && !both_sync(h->wrpc[i], a) && par(h->wr[i], cur, 0))
        report(t, a, cur, h->wr[i], h->wrpc[i], 1);
      if (a->write && h->rd[i] && h->rd[i] != me && !both_sync(h->rdpc[i], a)
          && par(h->rd[i], cur, 0))
        report(t, a, cur, h->rd[i], h->rdpc[i], 0);
    }
  }
  /* Alg. 20 keeps a history per ST-node on the way to the root: in deep
   * task trees (every level of a recursion) that is a history per level
   * per location, gigabytes where the program has megabytes.  The root and
   * the innermost PRECISE_STS ST-nodes keep theirs; the outer levels are
   * covered by the root's, which can lose a race only when it needs the
   * outer levels' own pair of parallel accesses. */
  uint32_t nat;
  const oa_node *const *at = hist_nodes(t->race, cur, &nat);
  for (uint32_t j = 0; j < nat; j++) {
    uint32_t nref = ref_of(at[j]);
    oa_hist *h = c->p.list, *last = NULL;
    unsigned n_in_list = 0;
    while (h && (h->node != nref || h->lockset != key)) {
      n_in_list++;
      last = h;
      h = h->next;
    }
    if (!h && n_in_list >= PRECISE_PER_CELL && last) {
      /* the least recently started history makes room (its accesses
       * are the oldest this location keeps) */
      oa_hist *p = c->p.list;
      while (p->next != last)
        p = p->next;
      p->next = NULL;
      hist_free(last);
    }
    if (!h) {
      h = hist_new();
      h->node = nref;
      h->lockset = key;
      h->next = c->p.list;
      c->p.list = h;
    }
    if (a->write)
      keep_pair(&h->wr[0], &h->wrpc[0], &h->wr[1], &h->wrpc[1], cur, a->site, 0);
    else
      keep_pair(&h->rd[0], &h->rdpc[0], &h->rd[1], &h->rdpc[1], cur, a->site, 0);
  }
  cell_unlock(c);
}
