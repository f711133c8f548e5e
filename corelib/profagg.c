/* Per-directive sums of a profile: see profagg.h. */
#include "profagg.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

static oa_loc_stats *stats_of(oa_agg *a, uint32_t loc)
{
  if (loc >= a->nstats) {
    uint32_t n = a->nstats ? a->nstats : 64;
    while (n <= loc)
      n *= 2;
    a->stats = oa_xrealloc(a->stats, n * sizeof *a->stats);
    memset(a->stats + a->nstats, 0, (n - a->nstats) * sizeof *a->stats);
    a->nstats = n;
  }
  return &a->stats[loc];
}

static oa_profile_nested *nested_of(oa_agg *a, uint32_t loc, const uint32_t *anc, uint32_t nanc)
{
  uint32_t k = nanc > OA_ANC_MAX ? OA_ANC_MAX : nanc;
  for (uint32_t i = 0; i < a->nnested; i++) {
    oa_profile_nested *e = &a->nested[i];
    if (e->loc == loc && e->nanc == nanc && memcmp(e->anc, anc, k * sizeof *anc) == 0)
      return e;
  }
  if (a->nnested == a->cap_nested) {
    a->cap_nested = a->cap_nested ? a->cap_nested * 2 : 8;
    a->nested = oa_xrealloc(a->nested, a->cap_nested * sizeof *a->nested);
  }
  oa_profile_nested *e = &a->nested[a->nnested++];
  memset(e, 0, sizeof *e);
  e->loc = loc;
  e->nanc = nanc;
  memcpy(e->anc, anc, k * sizeof *anc);
  return e;
}

void oa_agg_region_init(oa_agg_region *r, uint32_t team)
{
  memset(r, 0, sizeof *r);
  r->team = team ? team : 1;
}

static uint64_t where_of(const oa_locs *locs, uint32_t loc)
{
  oa_loc_desc d;
  locs->describe(locs->ctx, loc, &d);
  return d.where;
}

static unsigned kind_of(const oa_locs *locs, uint32_t loc)
{
  oa_loc_desc d;
  locs->describe(locs->ctx, loc, &d);
  return d.kind;
}

oa_ws_slot *oa_agg_region_slot(oa_agg_region *r, uint32_t index, uint32_t loc,
                               const oa_locs *locs)
{
  oa_spin_lock(&r->lock);
  if (index >= r->cap_slots) {
    uint32_t cap = r->cap_slots ? r->cap_slots * 2 : 4;
    while (cap <= index)
      cap *= 2;
    r->slots = oa_xrealloc(r->slots, cap * sizeof *r->slots);
    memset(r->slots + r->cap_slots, 0, (cap - r->cap_slots) * sizeof *r->slots);
    r->cap_slots = cap;
  }
  oa_ws_slot *s = &r->slots[index];
  /* A thread whose event came without a usable code address (gcc's combined
   * constructs on workers) registers an unknown location: the others name it. */
  if (s->thread_serial && locs && !where_of(locs, s->loc) && where_of(locs, loc))
    s->loc = loc;
  if (!s->thread_serial) {
    s->loc = loc;
    s->thread_serial = oa_xcalloc(r->team, sizeof *s->thread_serial);
  }
  if (index >= r->nslots)
    r->nslots = index + 1;
  oa_spin_unlock(&r->lock);
  return s;
}

/* The region's instances are complete: each counts once, its serial work the
 * longest of one thread's fragments and any single chunk. */
static void flush_region(oa_agg *a, oa_agg_region *r)
{
  for (uint32_t i = 0; i < r->nslots; i++) {
    oa_ws_slot *w = &r->slots[i];
    if (!w->thread_serial)
      continue;
    uint64_t serial = w->max_chunk;
    for (uint32_t k = 0; k < r->team; k++)
      if (w->thread_serial[k] > serial)
        serial = w->thread_serial[k];
    oa_loc_stats *ls = stats_of(a, w->loc);
    ls->work += w->work;
    ls->serial += serial;
    ls->count++;
    free(w->thread_serial);
  }
  free(r->slots);
  free(r);
}

/* The directives of n's kind enclosing it (distinct, sorted).  Task nodes
 * carry the set of their enclosing task directives from creation; other
 * nodes, much rarer, walk up. */
void oa_agg_context_of(const oa_node *n, const oa_locs *locs, oa_agg_context *cx)
{
  memset(cx, 0, sizeof *cx);
  if (!n->own_loc)
    return;
  if (oa_node_inst(n)) {
    cx->has_same_loc_ancestor = oa_node_has_ancestor_loc(n, n->own_loc);
    return;
  }
  unsigned kind = kind_of(locs, n->own_loc);
  uint32_t k = 0;
  if (n->nanc != 0xff) {
    for (uint32_t i = 0; i < n->nanc && i < OA_ANC_MAX; i++)
      if (kind_of(locs, n->anc[i]) == kind)
        cx->anc[k++] = n->anc[i];
    cx->nanc = n->nanc > OA_ANC_MAX ? OA_ANC_MAX + 1 : k;
    return;
  }
  for (const oa_node *p = n->parent; p; p = p->parent) {
    if (!p->own_loc || kind_of(locs, p->own_loc) != kind)
      continue;
    if (oa_anc_add(cx->anc, &k, p->own_loc) != 0)
      break;
  }
  cx->nanc = k;
}

int oa_anc_add(uint32_t *anc, uint32_t *n, uint32_t loc)
{
  uint32_t i = 0, k = *n;
  if (k > OA_ANC_MAX)
    return -1;
  while (i < k && anc[i] < loc)
    i++;
  if (i < k && anc[i] == loc)
    return 0;
  if (k == OA_ANC_MAX) {
    *n = OA_ANC_MAX + 1;
    return -1;
  }
  memmove(anc + i + 1, anc + i, (k - i) * sizeof *anc);
  anc[i] = loc;
  *n = k + 1;
  return 0;
}

void oa_agg_finished(oa_agg *a, oa_node *n, const oa_agg_context *cx)
{
  uint64_t cost = oa_agg_cost(a, n);  /* a task's creation, or what-if tasks of a fragment */
  if (cost)
    stats_of(a, n->loc)->cost += cost;  /* a task's loc is its directive's, or its taskloop's */
  if (n->kind == OA_W && n->busy)
    a->busy_work += n->work;
  if (n->kind == OA_S && n->user) {
    flush_region(a, n->user);  /* its worksharing instances are complete */
    n->user = NULL;
  }
  if (!n->own_loc)
    return;
  uint32_t inst = oa_node_inst(n);
  if (inst) {
    if (cx->has_same_loc_ancestor)
      return;
    oa_agg_region *r = n->user;
    oa_spin_lock(&r->lock);
    if (inst <= r->nslots && r->slots[inst - 1].thread_serial) {
      oa_ws_slot *s = &r->slots[inst - 1];
      s->work += n->work;
      if (n->kind == OA_W || n->share) {  /* a thread's pieces in program order */
        if (n->team_index < r->team)
          s->thread_serial[n->team_index] += n->span;
      } else if (n->span > s->max_chunk) {
        s->max_chunk = n->span;
      }
    }
    oa_spin_unlock(&r->lock);
    return;
  }
  if (cx->nanc == 0) {
    oa_loc_stats *s = stats_of(a, n->own_loc);
    s->work += n->work;
    s->serial += n->span;
    s->count += !(n->kind == OA_W && n->cont);  /* cont: a W-node's */
  } else {
    oa_profile_nested *e = nested_of(a, n->own_loc, cx->anc, cx->nanc);
    e->work += n->work;
    e->serial += n->span;
    e->count += !(n->kind == OA_W && n->cont);
  }
}

uint32_t oa_agg_count_nested(const oa_agg *list)
{
  uint32_t n = 0;
  for (const oa_agg *a = list; a; a = a->next)
    n += a->nnested;
  return n;
}

uint32_t oa_agg_fill(const oa_agg *list, const oa_chain *cp, uint64_t work, uint64_t span,
                     uint32_t nlocs, const oa_locs *locs, oa_profile_header *h,
                     oa_profile_loc *l, oa_profile_nested *nest, uint32_t room_nested)
{
  uint32_t nnested = 0;
  uint64_t tasks = 0, nodes = 0, cost = 0;
  for (const oa_agg *a = list; a; a = a->next)
    for (uint32_t i = 0; i < a->nnested && nnested < room_nested; i++)
      if (a->nested[i].loc < nlocs)
        nest[nnested++] = a->nested[i];
  memset(l, 0, nlocs * sizeof *l);
  uint64_t busy = 0;
  for (const oa_agg *a = list; a; a = a->next) {
    tasks += a->tasks;
    nodes += a->nodes;
    busy += a->busy_work;
    for (uint32_t i = 0; i < a->nstats && i < nlocs; i++) {
      l[i].work += a->stats[i].work;
      l[i].serial += a->stats[i].serial;
      l[i].cost += a->stats[i].cost;
      l[i].count += a->stats[i].count;
    }
  }
  for (uint32_t i = 0; i < nlocs; i++) {
    l[i].id = i;
    l[i].kind = OA_C_MAIN;
    if (i) {
      oa_loc_desc d;
      locs->describe(locs->ctx, i, &d);
      l[i].where = d.where;
      l[i].kind = d.kind;
      l[i].flags = d.flags;
    }
    l[i].critical = cp ? oa_chain_attr(cp, i) : 0;
    cost += l[i].cost;
  }
  l[0].work = work;
  l[0].serial = span;
  l[0].count = 1;
  h->work = work;
  h->span = span;
  h->tasks = tasks;
  h->nodes = nodes;
  h->busy_bp = work ? (uint32_t)((busy >= work ? 1.0 : (double)busy / (double)work) * 10000.0) : 0;
  h->cost = cost;
  h->nlocs = nlocs;
  h->nnested = nnested;
  return nnested;
}

void oa_agg_free(oa_agg *a)
{
  free(a->stats);
  free(a->nested);
  a->stats = NULL;
  a->nested = NULL;
  a->nstats = a->nnested = a->cap_nested = 0;
}
