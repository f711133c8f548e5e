/* ospg-dump: the test side of issue 4's comparison.  Reads a raw profile
 * (ompadv profile --save-raw) and prints its records as text for the oracle
 * (oracle.py), then rebuilds the OSPG from the NODE/EDGE records with the
 * product's own code and prints what it answers: IsParallel for every pair
 * of fragments, and the program's work and span.
 * usage: ospg-dump FILE */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "ospg.h"
#include "result.h"

typedef struct rec {
  uint64_t id, parent;
  int kind, st_val, undeferred, anythread, share, piece;
  uint32_t any_phase;
  uint64_t work;
  oa_node *node;
} rec;

static rec *recs;
static size_t nrecs;

static rec *find(uint64_t id)
{
  size_t lo = 0, hi = nrecs;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (recs[mid].id < id)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < nrecs && recs[lo].id == id ? &recs[lo] : NULL;
}

static int by_id(const void *a, const void *b)
{
  const rec *x = a, *y = b;
  return (x->id > y->id) - (x->id < y->id);
}

/* The records of one type, in the order of the field at offset key (a
 * WAIT's stamp, an EDGE's successor): they are applied as the nodes join. */
static size_t key_off;

static int by_key(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)((const char *)*(const oa_event *const *)a + key_off);
  uint64_t y = *(const uint64_t *)((const char *)*(const oa_event *const *)b + key_off);
  return (x > y) - (x < y);
}

static const oa_event **records_by(const oa_result *r, unsigned type, size_t key, size_t *n)
{
  const oa_event **v = calloc(r->nevents + 1, sizeof *v);
  *n = 0;
  for (size_t i = 0; i < r->nevents; i++)
    if (r->events[i].type == type)
      v[(*n)++] = &r->events[i];
  key_off = key;
  qsort(v, *n, sizeof *v, by_key);
  return v;
}

/* The ordered regions (OREGION records): the model's lookup of the last
 * fragment of the region before a given one (ospg.h: oa_ospg_host.ord_prev_last). */
typedef struct region {
  uint64_t seq, pred;
  const oa_node *last;
} region;
static region regions[1 << 16];
static size_t nregions;

static const region *region_of(uint64_t seq)
{
  for (size_t i = 0; i < nregions; i++)
    if (regions[i].seq == seq)
      return &regions[i];
  return NULL;
}

static const oa_node *prev_last(uint64_t chain, uint64_t y)
{
  (void)chain;
  const region *r = region_of(y);
  const region *p = r && r->pred ? region_of(r->pred) : NULL;
  return p ? p->last : NULL;
}

static int by_depth(const void *a, const void *b)
{
  const rec *x = *(rec *const *)a, *y = *(rec *const *)b;
  if (x->node->depth != y->node->depth)
    return x->node->depth < y->node->depth ? 1 : -1;  /* deepest first */
  return (x->id < y->id) - (x->id > y->id);
}

int main(int argc, char **argv)
{
  oa_result r;
  char err[512];
  if (argc != 2 || oa_result_read(argv[1], &r, err, sizeof err) != 0) {
    fprintf(stderr, "ospg-dump: %s\n", argc == 2 ? err : "usage: ospg-dump FILE");
    return 2;
  }
  recs = calloc(r.nevents + 1, sizeof *recs);
  for (size_t i = 0; i < r.nevents; i++) {
    const oa_event *e = &r.events[i];
    if (e->type < OA_RAW_NODE || e->type > OA_RAW_LAST)
      continue;
    printf("R %llu %u %s %llu %llu %llu %llu\n", (unsigned long long)e->seq, e->thread,
           oa_event_type_name(e->type), (unsigned long long)e->a, (unsigned long long)e->b,
           (unsigned long long)e->c, (unsigned long long)e->d);
    const struct oa_raw_node *x = &oa_record_of(e)->raw_node;
    if (e->type == OA_RAW_NODE)
      recs[nrecs++] = (rec){ .id = x->node, .parent = x->parent, .kind = (int)x->kind,
                             .st_val = x->st_val, .undeferred = x->undeferred,
                             .anythread = x->anythread, .share = x->share, .piece = x->piece,
                             .any_phase = x->any_phase };
  }
  qsort(recs, nrecs, sizeof *recs, by_id);
  for (size_t i = 0; i < r.nevents; i++)
    if (r.events[i].type == OA_RAW_FRAG_END) {
      rec *w = find(r.events[i].a);
      if (w)
        w->work = r.events[i].b;
    }
  /* Nested taskwaits, in the order of their ids among the nodes'; dependence
   * edges, by successor: each joins when its successor does */
  size_t nwaits, wi = 0, nedges, ei = 0;
  const oa_event **waits = records_by(&r, OA_RAW_WAIT, offsetof(oa_event, c), &nwaits);
  const oa_event **edges = records_by(&r, OA_RAW_EDGE, offsetof(oa_event, a), &nedges);
  /* Nodes in creation (id) order, so children are attached left to right. */
  static oa_ospg_host host;  /* ordered chains: prev_last, below */
  oa_node_pool pool = { .host = &host };
  oa_node *root = NULL;
  for (size_t i = 0; i <= nrecs; i++) {
    for (; wi < nwaits && (i == nrecs || waits[wi]->c < recs[i].id); wi++) {
      rec *in = find(waits[wi]->a), *top = find(waits[wi]->b);
      if (in && top && in->node && top->node && waits[wi]->d)
        oa_node_group_end(in->node, top->node);
      else if (in && top && in->node && top->node)
        oa_node_waited(in->node, top->node);
    }
    if (i == nrecs)
      break;
    rec *x = &recs[i];
    x->node = oa_node_new(&pool, (oa_kind)x->kind, NULL);
    x->node->st_val = (int8_t)x->st_val;
    x->node->undeferred = (uint8_t)x->undeferred;
    x->node->anythread = (uint8_t)x->anythread;
    x->node->share = (uint8_t)x->share;
    x->node->piece = (uint8_t)x->piece;
    x->node->any_phase = x->any_phase;
    x->node->work = x->work;
    x->node->id = x->id;
    rec *p = x->parent ? find(x->parent) : NULL;
    if (p)
      oa_node_attach(p->node, x->node);
    else if (!root)
      root = x->node;
    /* its dependences, as the tool added them when it was created */
    for (; ei < nedges && edges[ei]->a <= x->id; ei++) {
      rec *d = edges[ei]->a == x->id ? find(edges[ei]->b) : NULL;
      if (d && d->node)
        oa_node_add_pred(x->node, d->node);
    }
  }
  /* the stamps of rule 7's chain, the last one of each fragment standing,
   * and the ordered regions' last fragments */
  for (size_t i = 0; i < r.nevents; i++) {
    const oa_event *e = &r.events[i];
    rec *x = e->type == OA_RAW_OSTAMP || e->type == OA_RAW_OREGION ? find(e->a) : NULL;
    if (!x || !x->node)
      continue;
    if (e->type == OA_RAW_OSTAMP) {
      const struct oa_raw_ostamp *o = &oa_record_of(e)->raw_ostamp;
      oa_node_x *nx = oa_node_x_of(x->node);
      nx->ochain = o->ochain;
      nx->opo = o->sub;
      nx->obefore = o->obefore;
      nx->oafter = o->oafter;
    } else if (nregions < sizeof regions / sizeof *regions) {
      regions[nregions++] = (region){ .seq = e->b, .pred = e->c, .last = x->node };
    }
  }
  host.ord_prev_last = prev_last;
  /* IsParallel wants its left fragment first in the graph's left-to-right
   * (depth-first) order, which is not creation order across subtrees. */
  oa_node **w = calloc(nrecs + 1, sizeof *w), **stack = calloc(nrecs + 1, sizeof *stack);
  size_t nw = 0, top = 0;
  if (root)
    stack[top++] = root;
  while (top > 0) {
    oa_node *n = stack[--top];
    if (n->kind == OA_W) {
      w[nw++] = n;
      printf("OSPG_W %llu %llu\n", (unsigned long long)n->id, (unsigned long long)n->work);
      continue;
    }
    size_t first = top;
    for (oa_node *c = n->first; c; c = c->next)
      stack[top++] = c;
    for (size_t a = first, b = top - 1; a < b && top > first; a++, b--) {
      oa_node *tmp = stack[a];
      stack[a] = stack[b];
      stack[b] = tmp;
    }
  }
  for (size_t i = 0; i < nw; i++)
    for (size_t j = i + 1; j < nw; j++)
      if (oa_is_parallel(w[i], w[j])) {
        uint64_t a = w[i]->id, b = w[j]->id;
        printf("OSPG_PAR %llu %llu\n", (unsigned long long)(a < b ? a : b),
               (unsigned long long)(a < b ? b : a));
      }
  free(stack);
  /* Work and span: close every node, deepest first; folding does the rest. */
  rec **order = calloc(nrecs + 1, sizeof *order);
  for (size_t i = 0; i < nrecs; i++)
    order[i] = &recs[i];
  qsort(order, nrecs, sizeof *order, by_depth);
  uint64_t work = 0, span = 0;
  if (root) {
    for (size_t i = 0; i < nrecs; i++)
      if (order[i]->node != root)
        oa_node_close(&pool, NULL, order[i]->node);
    oa_node_close(&pool, NULL, root);
    work = root->work;
    span = root->span;
  }
  printf("OSPG_WORK %llu\nOSPG_SPAN %llu\n", (unsigned long long)work, (unsigned long long)span);
  printf("OSPG_FLAGS %u\n", r.profile ? r.profile->flags : 0);
  free(order);
  free(waits);
  free(edges);
  free(w);
  free(recs);
  oa_result_free(&r);
  return 0;
}
