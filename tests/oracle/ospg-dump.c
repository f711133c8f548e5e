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

/* The fields of each raw record kind, by the names of its struct in
 * contract.h (struct oa_raw_KIND), as printed for the oracle:
 * "R seq thread NAME field=value ...". */
typedef struct field {
  const char *name;
  size_t off, size;
  int is_signed;
  unsigned bit;              /* a flag: this bit of the field, printed 0 or 1; 0: all of it */
} field;
#define FIELD(T, f, name, bit) \
  { name, offsetof(T, f), sizeof(((T *)0)->f), (__typeof__(((T *)0)->f))-1 < 0, bit }
#define F(k, f) FIELD(struct oa_raw_##k, f, #f, 0)
#define KIND(type, ...) [type - OA_RAW_NODE] = (const field[]){ __VA_ARGS__, { .name = NULL } }
#define PARALLEL F(parallel, region), F(parallel, task), F(parallel, team)
#define BARRIER F(barrier, region), F(barrier, task), F(barrier, kind)
#define TASK_REF F(task_ref, task)
static const field *const fields[OA_RAW_LAST - OA_RAW_NODE + 1] = {
  KIND(OA_RAW_NODE, F(node, node), F(node, parent), F(node, kind), F(node, any_phase),
       F(node, st_val), F(node, undeferred), F(node, anythread), F(node, share), F(node, piece)),
  KIND(OA_RAW_EDGE, F(edge, succ), F(edge, pred)),
  KIND(OA_RAW_FRAG_BEGIN, F(frag_begin, node), F(frag_begin, task)),
  KIND(OA_RAW_FRAG_END, F(frag_end, node), F(frag_end, work), F(frag_end, task)),
  KIND(OA_RAW_PAR_BEGIN, PARALLEL), KIND(OA_RAW_PAR_END, PARALLEL),
  KIND(OA_RAW_IMPL_BEGIN, F(impl_begin, region), F(impl_begin, task), F(impl_begin, index)),
  KIND(OA_RAW_BAR_BEGIN, BARRIER), KIND(OA_RAW_BAR_END, BARRIER),
  KIND(OA_RAW_TASK_CREATE, F(task_create, parent), F(task_create, task),
       F(task_create, task_flags),
       FIELD(struct oa_raw_task_create, facts, "if0", OA_RAW_TASK_IF0),
       FIELD(struct oa_raw_task_create, facts, "undeferred", OA_RAW_TASK_UNDEFERRED),
       F(task_create, pnode)),
  KIND(OA_RAW_TASK_BEGIN, TASK_REF), KIND(OA_RAW_TASK_END, TASK_REF),
  KIND(OA_RAW_TW_BEGIN, TASK_REF), KIND(OA_RAW_TW_END, TASK_REF),
  KIND(OA_RAW_TG_BEGIN, TASK_REF), KIND(OA_RAW_TG_END, TASK_REF),
  KIND(OA_RAW_IMPL_END, TASK_REF), KIND(OA_RAW_CHUNK_END, TASK_REF),
  KIND(OA_RAW_WS_END, TASK_REF),
  KIND(OA_RAW_DEP, F(dep, task), F(dep, address), F(dep, dep_type)),
  KIND(OA_RAW_CHUNK_BEGIN, F(chunk_begin, task), F(chunk_begin, pnode)),
  KIND(OA_RAW_WS_BEGIN, F(ws_begin, task), F(ws_begin, work)),
  KIND(OA_RAW_MARK, F(mark, node), F(mark, task), F(mark, mark)),
  KIND(OA_RAW_WAIT, F(wait, node), F(wait, root), F(wait, stamp), F(wait, group_end)),
  KIND(OA_RAW_ORD, F(ord, task), F(ord, chain), F(ord, end)),
  KIND(OA_RAW_OSTAMP, F(ostamp, node), FIELD(struct oa_raw_ostamp, sub, "opo", 0),
       F(ostamp, ochain), F(ostamp, obefore), F(ostamp, oafter)),
  KIND(OA_RAW_OREGION, F(oregion, node), F(oregion, region), F(oregion, pred),
       F(oregion, chain)),
  KIND(OA_RAW_CLOCK, F(clock, fs_per_tick)),
  KIND(OA_RAW_SWAIT, F(swait, region), F(swait, task), F(swait, kind),
       FIELD(struct oa_raw_swait, sub, "begin", 0)),
  KIND(OA_RAW_MUTEX, F(mutex, wait_id), F(mutex, kind), F(mutex, task),
       FIELD(struct oa_raw_mutex, sub, "phase", 0)),
  KIND(OA_RAW_PREEMPT, F(preempt, ns)),
};
#undef TASK_REF
#undef BARRIER
#undef PARALLEL
#undef KIND
#undef F
#undef FIELD

static void print_raw(const oa_event *e)
{
  printf("R %llu %u %s", (unsigned long long)e->seq, e->thread, oa_event_type_name(e->type));
  for (const field *f = fields[e->type - OA_RAW_NODE]; f && f->name; f++) {
    uint64_t u = 0;
    memcpy(&u, (const char *)e + f->off, f->size);  /* little-endian */
    if (f->bit)
      printf(" %s=%d", f->name, (u & f->bit) != 0);
    else if (f->is_signed && f->size < 8 && u >> (f->size * 8 - 1) & 1)
      printf(" %s=%lld", f->name, (long long)(u | ~UINT64_C(0) << f->size * 8));
    else
      printf(" %s=%llu", f->name, (unsigned long long)u);
  }
  putchar('\n');
}

/* The records of one type, in the order of the field at offset key (a
 * WAIT's stamp, an EDGE's successor): they are applied as the nodes join. */
static size_t key_off;

static int by_key(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)((const char *)*(const oa_record *const *)a + key_off);
  uint64_t y = *(const uint64_t *)((const char *)*(const oa_record *const *)b + key_off);
  return (x > y) - (x < y);
}

static const oa_record **records_by(const oa_result *r, unsigned type, size_t key, size_t *n)
{
  const oa_record **v = calloc(r->nevents + 1, sizeof *v);
  *n = 0;
  for (size_t i = 0; i < r->nevents; i++)
    if (r->events[i].type == type)
      v[(*n)++] = oa_record_of(&r->events[i]);
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
    print_raw(e);
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
      const struct oa_raw_frag_end *f = &oa_record_of(&r.events[i])->raw_frag_end;
      rec *w = find(f->node);
      if (w)
        w->work = f->work;
    }
  /* Nested taskwaits, in the order of their ids among the nodes'; dependence
   * edges, by successor: each joins when its successor does */
  size_t nwaits, wi = 0, nedges, ei = 0;
  const oa_record **waits = records_by(&r, OA_RAW_WAIT, offsetof(struct oa_raw_wait, stamp),
                                      &nwaits);
  const oa_record **edges = records_by(&r, OA_RAW_EDGE, offsetof(struct oa_raw_edge, succ),
                                      &nedges);
  /* Nodes in creation (id) order, so children are attached left to right. */
  static oa_ospg_host host;  /* ordered chains: prev_last, below */
  oa_node_pool pool = { .host = &host };
  oa_node *root = NULL;
  for (size_t i = 0; i <= nrecs; i++) {
    for (; wi < nwaits && (i == nrecs || waits[wi]->raw_wait.stamp < recs[i].id); wi++) {
      const struct oa_raw_wait *wt = &waits[wi]->raw_wait;
      rec *in = find(wt->node), *top = find(wt->root);
      if (in && top && in->node && top->node && wt->group_end)
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
    for (; ei < nedges && edges[ei]->raw_edge.succ <= x->id; ei++) {
      const struct oa_raw_edge *ed = &edges[ei]->raw_edge;
      rec *d = ed->succ == x->id ? find(ed->pred) : NULL;
      if (d && d->node)
        oa_node_add_pred(x->node, d->node);
    }
  }
  /* the stamps of rule 7's chain, the last one of each fragment standing,
   * and the ordered regions' last fragments */
  for (size_t i = 0; i < r.nevents; i++) {
    const oa_record *e = oa_record_of(&r.events[i]);
    rec *x = e->h.type == OA_RAW_OSTAMP   ? find(e->raw_ostamp.node)
             : e->h.type == OA_RAW_OREGION ? find(e->raw_oregion.node)
                                           : NULL;
    if (!x || !x->node)
      continue;
    if (e->h.type == OA_RAW_OSTAMP) {
      const struct oa_raw_ostamp *o = &e->raw_ostamp;
      oa_node_x *nx = oa_node_x_of(x->node);
      nx->ochain = o->ochain;
      nx->opo = o->sub;
      nx->obefore = o->obefore;
      nx->oafter = o->oafter;
    } else if (nregions < sizeof regions / sizeof *regions) {
      regions[nregions++] = (region){ .seq = e->raw_oregion.region,
                                      .pred = e->raw_oregion.pred, .last = x->node };
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
