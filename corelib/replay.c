/* Offline analysis of a recording: see replay.h.  The records come from
 * the container (recording.c) in the run's order and are replayed into the
 * same OSPG code the tool runs online. */
#include "replay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idmap.h"
#include "profagg.h"
#include "recording.h"
#include "result.h"
#include "scale.h"
#include "util.h"

#define fail oa_result_fail

/* --- node table ------------------------------------------------------------- */

/* The live nodes by id (idmap.h): ptr the node, count the holds on it,
 * flags 1 once closed. */
typedef oa_idmap_slot entry;

static oa_node *node_of(const entry *x)
{
  return x->ptr;
}

/* A region's aggregate (first: profagg frees it through that pointer) and
 * who uses it: it is freed when its S-node finishes, so that S-node must be
 * its only one and its instances must have finished (fuzzing: double free,
 * use after free). */
typedef struct rregion {
  oa_agg_region agg;
  uint64_t id;
  int owned;                   /* its S-node exists */
  uint64_t users;              /* instance nodes not finished */
} rregion;

typedef struct replay {
  oa_recording *rec;
  const oa_replay_opts *opts;
  oa_replay_out *out;
  char *err;
  size_t errlen;
  oa_node_pool pool;
  oa_ospg_hooks hooks;
  oa_agg agg;
  oa_locs locs;
  oa_idmap nodes;               /* live nodes by id */
  oa_idmap regions;            /* parallel regions by id, ptr their rregion (fuzzing: a
                                * list of many was slow) */
  oa_idmap edges;              /* what-if regions by the ends of a fragment, count the
                                * region's index */
  oa_node *root;
  uint64_t task_cost, task_cost_u;
  uint32_t metric, flags, threads;
  int failed;
  uint64_t slot_bytes;         /* worksharing instances' memory so far */
  uint64_t *last_new;          /* per thread: the node of its last NEW (for ANC) */
  int have_meta;
} replay;

static entry *find(replay *p, uint64_t id)
{
  return oa_idmap_find(&p->nodes, id);
}

static void insert(replay *p, uint64_t id, oa_node *n)
{
  oa_idmap_add(&p->nodes, id)->ptr = n;
  if (p->nodes.live > p->out->peak_nodes)
    p->out->peak_nodes = p->nodes.live;
}

/* The OSPG frees a node: it can no longer be named. */
static void on_free(oa_node_pool *pool, oa_node *n, void *ctx)
{
  (void)pool;
  replay *p = ctx;
  entry *e = find(p, n->id);
  if (e && node_of(e) == n)
    oa_idmap_remove(&p->nodes, e);
}

static oa_agg_region *region_find(replay *p, uint64_t id)
{
  oa_idmap_slot *s = oa_idmap_find(&p->regions, id);
  return s ? s->ptr : NULL;
}

static void region_forget(replay *p, oa_agg_region *r)
{
  oa_idmap_slot *s = oa_idmap_find(&p->regions, ((rregion *)r)->id);
  if (s && s->ptr == r)
    oa_idmap_remove(&p->regions, s);
}

static unsigned kind_of(const replay *p, uint32_t loc)
{
  return loc < p->rec->nlocs ? p->rec->locs[loc].kind : OA_C_MAIN;
}

/* The recording's locations, for the per-directive sums (oa_locs). */
static void describe_loc(void *ctx, uint32_t loc, oa_loc_desc *d)
{
  const oa_recording *r = ctx;
  const oa_rec_loc *l = loc && loc < r->nlocs ? &r->locs[loc] : NULL;
  *d = l ? (oa_loc_desc){ l->where, l->kind, l->flags } : (oa_loc_desc){ 0, OA_C_MAIN, 0 };
}

static void on_finished(void *ctx, oa_node *n)
{
  replay *p = ctx;
  oa_agg_context cx;
  if (n->kind == OA_S && n->user && ((rregion *)n->user)->users) {
    /* an instance outside its region: keep the region (freed with the replay) */
    if (!p->failed)
      fail(p->err, p->errlen, p->rec->path,
           "corrupt recording: worksharing instance outside its parallel region (node %llu)",
           (unsigned long long)n->id);
    p->failed = 1;
    n->user = NULL;
  } else if (n->kind == OA_S && n->user) {
    region_forget(p, n->user);
  } else if (oa_node_inst(n) && n->user && n->kind != OA_W) {
    ((rregion *)n->user)->users--;  /* counted in rec_new (rec_w's are inside their region) */
  }
  oa_agg_context_of(n, &p->locs, &cx);
  oa_agg_finished(&p->agg, n, &cx);
  if (p->opts->scale) {
    int masked = n->kind == OA_W && (kind_of(p, n->own_loc) == OA_C_MASKED
                                     || (!p->opts->by_region && kind_of(p, n->loc) == OA_C_MASKED));
    oa_scale_finished(p->opts->scale, n, masked);
  }
}

/* --- what-if regions ------------------------------------------------------ */

/* A location's name in a region: FILE:LINE, else its stable name (the
 * function and offset: recfile.c), else its file. */
static char *loc_label(const oa_rec_loc *l)
{
  if (l->file && l->line) {
    char *shown = oa_path_display(l->file);
    char *s = oa_xasprintf("%s:%u", shown, l->line);
    free(shown);
    return s;
  }
  return l->func ? oa_xstrdup(l->func) : oa_path_display(l->file);
}

/* The region of a fragment that began at location b and ended at e (0:
 * the event had no code address; the directive dir the fragment runs in
 * stands for it, and in main's own code (dir 0) it is the program's start
 * or end: line 1 of the file, or "end"). */
static uint32_t region_of(replay *p, uint32_t b, uint32_t e, uint32_t dir)
{
  int from_start = !b && !dir, to_end = !e && !dir;
  if (!b)
    b = dir;
  if (!e)
    e = dir;
  if (!b)
    b = e;
  if (!e)
    e = b;
  uint64_t key = (((uint64_t)b | (uint64_t)e << 24) << 2 | (uint64_t)from_start << 1 | to_end) + 1;
  oa_idmap_slot *known = oa_idmap_find(&p->edges, key);
  if (known)
    return known->count;
  oa_recording *r = p->rec;
  const oa_rec_loc *lb = b < r->nlocs ? &r->locs[b] : NULL;
  const oa_rec_loc *le = e < r->nlocs ? &r->locs[e] : NULL;
  uint32_t region;
  if (lb && le && lb->file && le->file && lb->line && le->line && strcmp(lb->file, le->file) == 0) {
    uint32_t first = lb->line < le->line ? lb->line : le->line;
    uint32_t last = lb->line < le->line ? le->line : lb->line;
    if (from_start)
      first = 1;
    if (to_end)
      last = UINT32_MAX;
    char *shown = oa_path_display(lb->file);
    char *name = to_end ? oa_xasprintf("%s:%u-end", shown, first)
                        : oa_xasprintf("%s:%u-%u", shown, first, last);
    region = oa_rec_intern_region(r, lb->file, first, last, name);
    free(shown);
  } else if (lb && le && lb->file && le->file && lb->line && le->line) {
    char *sb = oa_path_display(lb->file), *se = oa_path_display(le->file);
    region = oa_rec_intern_region(r, NULL, 0, 0,
                           oa_xasprintf("%s:%u-%s:%u", sb, lb->line, se, le->line));
    free(sb);
    free(se);
  } else if (b != 0 && lb && le && (lb->func || lb->file) && (le->func || le->file)) {
    /* code without line information: the stable names of the two ends */
    char *nb = loc_label(lb), *ne = loc_label(le);
    region = oa_rec_intern_region(r, NULL, 0, 0, oa_xasprintf("%s-%s", nb, ne));
    free(nb);
    free(ne);
  } else {
    region = oa_rec_intern_region(r, NULL, 0, 0, oa_xstrdup(b == 0 ? "(the whole program)"
                                                              : "(unknown source)"));
  }
  if (from_start)
    r->regions[region].start = 1;
  oa_idmap_add(&p->edges, key)->count = region;
  return region;
}

/* Per-region sums of a by-region replay (differential analysis): work,
 * fragments, and those that run straight in an implicit task (SPMD code). */
static void region_stats(replay *p, const oa_node *w, uint32_t g)
{
  oa_replay_out *o = p->out;
  if (g >= o->nregions) {
    uint32_t n = o->nregions ? o->nregions : 64;
    while (n <= g)
      n *= 2;
    o->regions = oa_xrealloc(o->regions, n * sizeof *o->regions);
    memset(o->regions + o->nregions, 0, (n - o->nregions) * sizeof *o->regions);
    o->nregions = n;
  }
  o->regions[g].work += w->work;
  o->regions[g].fragments++;
  if (!w->own_loc && kind_of(p, w->loc) == OA_C_PARALLEL)
    o->regions[g].spmd_fragments++;
  const oa_node *a = w->parent;
  while (a && a->kind != OA_P)
    a = a->parent;
  if (a && a->share)  /* a thread's block of a static loop (doc/SEMANTICS.md rule 4) */
    o->regions[g].static_work += w->work;
}

/* --- records ---------------------------------------------------------------- */

static int bad(replay *p, const oa_event *e, const char *what)
{
  if (!p->failed)
    fail(p->err, p->errlen, p->rec->path, "corrupt recording: %s (record %llu, type %u)", what,
         (unsigned long long)e->seq, e->type);
  p->failed = 1;
  return -1;
}

static int known_loc(replay *p, uint32_t loc)
{
  return loc == 0 || (loc < p->rec->nlocs && loc <= OA_NODE_LOC_MAX);
}

/* A fragment closes: what-if analysis may reduce its serial work (3.7):
 * divided by the factor, but never below the granularity floor, and each
 * hypothetical task adds its creation cost to the tasking overhead. */
static void whatif(replay *p, oa_node *w, uint32_t region)
{
  double f = 0;
  if (p->opts->annotations && w->whatif > 1)
    f = w->whatif;
  if (p->opts->factor) {
    double g = p->opts->factor(p->opts->ctx, region);
    if (g > f)
      f = g;
  }
  if (f <= 1 || w->work == 0)
    return;
  uint64_t floor = p->out->granularity_floor;
  if (w->work <= floor)
    return;
  uint64_t sw = (uint64_t)((double)w->work / f);
  if (sw < floor)
    sw = floor;
  if (sw == 0)  /* at least one unit (fuzzing: a division by zero below) */
    sw = 1;
  if (sw >= w->work)
    return;
  w->has_sw = 1;
  w->sw = sw;
  if (!p->opts->by_region) {  /* the profile: which regions, and their tasks' cost */
    size_t i = 0;
    while (i < p->out->napplied
           && !(p->out->applied[i].region == region && p->out->applied[i].factor == f))
      i++;
    if (i == p->out->napplied) {
      p->out->applied = oa_xrealloc(p->out->applied, (i + 1) * sizeof *p->out->applied);
      p->out->applied[p->out->napplied++] = (struct oa_replay_applied){ region, f };
    }
    w->whatif_cost += (uint64_t)(((double)w->work + (double)sw - 1) / (double)sw) * p->task_cost;
  }
  p->out->whatif_nodes++;
}

static int rec_new(replay *p, uint64_t *last_new, const oa_event *e)
{
  const struct oa_record_new *x = &oa_record_of(e)->rec_new;
  uint32_t kind = x->sub, loc = x->loc, own_loc = x->own_loc, inst = x->inst, nanc = x->nanc;
  uint64_t region_id = x->region;
  /* a task's first enclosing directives in place of region and instance
   * (format 4); in format 3 those are 0 and an ANC follows, as it does for
   * more than OA_NEW_ANC_IN in either */
  uint32_t anc[OA_ANC_MAX] = { 0 };
  if (nanc != 0xff && nanc != 0 && nanc <= OA_NEW_ANC_IN) {
    oa_record_new_anc(x, anc);
    for (int i = 0; i < OA_NEW_ANC_IN; i++)
      if (!known_loc(p, anc[i]))
        return bad(p, e, "enclosing directive location");
    region_id = 0;
    inst = 0;
  }
  if (find(p, x->node))  /* the kind and the id's range: oa_rec_check */
    return bad(p, e, "node kind or id");
  if (kind == OA_W)
    return bad(p, e, "fragment written as a node");
  if (!known_loc(p, loc) || !known_loc(p, own_loc) || (nanc != 0xff && nanc > OA_ANC_MAX + 1))
    return bad(p, e, "node location");
  entry *pe = NULL;
  if (x->parent) {
    pe = find(p, x->parent);
    if (!pe || pe->flags || node_of(pe)->kind == OA_W)
      return bad(p, e, "node under a parent that is not open");
  } else if (p->root) {
    return bad(p, e, "a second root");
  }
  oa_agg_region *region = NULL;
  if (region_id) {
    region = region_find(p, region_id);
    if (!region || !(kind == OA_S || inst))
      return bad(p, e, "node of an unknown region");
    if (kind == OA_S && (inst || ((rregion *)region)->owned))  /* one S-node, not an instance */
      return bad(p, e, "S-node of a region: not its first, or an instance");
    if (kind == OA_S)
      ((rregion *)region)->owned = 1;
    else
      ((rregion *)region)->users++;
    if (kind == OA_S && p->opts->scale)
      oa_scale_region_node(p->opts->scale, x->node, region_id);
  } else if (inst) {
    return bad(p, e, "worksharing instance without its region");
  }
  if (nanc != 0xff && (region_id || inst))  /* oa_node: one or the other */
    return bad(p, e, "enclosing directives of a region's node");
  if (nanc != 0xff && kind != OA_P)  /* only a task's P-node has them, in place of user */
    return bad(p, e, "enclosing directives of a node that is not a task");
  oa_node *n = oa_node_new(&p->pool, (oa_kind)kind, NULL);
  n->id = x->node;
  n->loc = loc;
  n->own_loc = own_loc;
  if (nanc == 0xff) {
    n->user = region;
    n->inst = inst;
    n->team_index = inst ? x->team_index : 0;
  } else {
    memcpy(n->anc, anc, sizeof n->anc);
  }
  n->task = kind == OA_P && (x->bits & OA_NEW_TASK);
  n->free_order = (x->bits & OA_NEW_FREE_ORDER) != 0;
  n->nanc = (uint8_t)nanc;
  n->st_val = (int8_t)oa_record_new_st_val(x);
  n->undeferred = (x->bits & OA_NEW_UNDEFERRED) != 0;
  n->anythread = (x->bits & OA_NEW_ANYTHREAD) != 0;
  n->share = (x->bits & OA_NEW_SHARE) != 0;
  n->piece = (x->bits & OA_NEW_PIECE) != 0;
  if (x->bits & OA_NEW_TASK)
    p->agg.tasks++;
  p->agg.nodes++;
  if (pe)
    oa_node_attach(node_of(pe), n);
  else
    p->root = n;
  insert(p, n->id, n);
  *last_new = nanc != 0xff && nanc != 0 ? n->id : 0;
  return 0;
}

/* Its owner is done with node id: a CLOSE record, or a fragment's that
 * closes its parent too (OA_W_CLOSES). */
static int close_node(replay *p, const oa_event *e, uint64_t id, int st_val, int undeferred)
{
  entry *x = find(p, id);
  if (!x || x->flags || node_of(x)->kind == OA_W)
    return bad(p, e, "close of a node that is not open");
  oa_node *n = node_of(x);
  x->flags = 1;
  n->st_val = st_val;
  n->undeferred = undeferred & 1;
  oa_node_close(&p->pool, &p->hooks, n);
  return 0;
}

static int rec_close(replay *p, const oa_event *e)
{
  const struct oa_record_close *r = &oa_record_of(e)->rec_close;
  return close_node(p, e, r->node, r->st_val, r->undeferred);
}

/* A fragment: it joins its parent and ends at once. */
static int rec_w(replay *p, const oa_event *e)
{
  const struct oa_record_w *x = &oa_record_of(e)->rec_w;
  uint32_t loc = oa_record_w_loc(x), own_loc = oa_record_w_own_loc(x);
  uint32_t b = oa_record_w_begin(x), en = x->edge_end, inst = x->inst;
  if (find(p, x->node))  /* the id's range: oa_rec_check */
    return bad(p, e, "fragment id");
  if (!known_loc(p, loc) || !known_loc(p, own_loc) || !known_loc(p, b) || !known_loc(p, en))
    return bad(p, e, "fragment location");
  entry *pe = find(p, x->parent);
  if (!pe || pe->flags || node_of(pe)->kind == OA_W)
    return bad(p, e, "fragment under a parent that is not open");
  oa_agg_region *region = NULL;
  if (inst) {  /* a worksharing instance: of the region it runs in */
    for (oa_node *a = node_of(pe); a && !region; a = a->parent)
      if (a->kind == OA_S && a->user)
        region = a->user;
    if (!region)
      return bad(p, e, "worksharing fragment outside a parallel region");
  }
  oa_node *n = oa_node_new(&p->pool, OA_W, NULL);
  n->id = x->node;
  n->loc = loc;
  n->own_loc = own_loc;
  n->inst = inst;
  n->user = region;
  n->team_index = x->team_index;
  n->work = x->work;
  n->edge_begin = b;
  n->edge_end = en;
  n->cont = (uint8_t)oa_record_w_cont(x);
  n->busy = (x->sub & OA_W_BUSY) != 0;
  n->asked = (x->sub & OA_W_ASKED_TEAM) != 0;
  n->whatif = x->whatif;
  if (!(n->whatif >= 0 && n->whatif < 1e9))
    n->whatif = 0;
  p->agg.nodes++;
  const oa_node *par = node_of(pe);
  if (par->kind == OA_P && par->nkids == 0)  /* the first piece of a task or chunk */
    n->work += par->task ? p->opts->burden_task
               : par->piece && par->anythread ? p->opts->burden_chunk : 0;
  oa_node_attach(node_of(pe), n);
  if (p->opts->by_region || p->opts->factor || (p->opts->annotations && n->whatif > 1)) {
    uint32_t g = region_of(p, b, en, n->loc);
    if (p->opts->by_region)
      region_stats(p, n, g);
    whatif(p, n, g);
    if (p->opts->by_region)
      n->loc = g;
  }
  oa_node_close(&p->pool, &p->hooks, n);  /* frees it once folded: never in the table */
  if (x->sub & OA_W_CLOSES)
    return close_node(p, e, x->parent, oa_record_w_parent_st(x->sub),
                      (x->sub & OA_W_PARENT_UNDEFERRED) != 0);
  return 0;
}

/* The callbacks of the record visitor (recording.h), one per kind; the
 * checks of a record on its own are the visitor's (oa_rec_check), those
 * against the graph so far are here.  A fold in on_finished may fail too:
 * done() stops the visit then. */
static int done(replay *p, int rc)
{
  return rc || p->failed ? -1 : 0;
}

static int on_meta(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  if (!p->have_meta) {  /* the granularity floor needs the task cost: META comes first */
    p->have_meta = 1;
    p->out->granularity_floor = 10 * x->rec_meta.task_cost;
  }
  p->metric = (uint32_t)x->rec_meta.metric;
  p->agg.task_cost = p->task_cost = x->rec_meta.task_cost;
  p->agg.task_cost_undeferred = p->task_cost_u = x->rec_meta.task_cost_undeferred;
  return 0;
}

static int on_loc(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  return oa_rec_take_loc(p->rec, &x->rec_loc) != 0 ? bad(p, &x->ev, "location") : 0;
}

static int on_region(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  uint64_t id = x->rec_region.region, team = x->rec_region.team;
  if (region_find(p, id))
    return bad(p, &x->ev, "region");
  rregion *rg = oa_xcalloc(1, sizeof *rg);
  oa_agg_region *g = &rg->agg;
  oa_agg_region_init(g, (uint32_t)team);
  rg->id = id;
  oa_idmap_add(&p->regions, id)->ptr = g;
  if (p->opts->scale)
    oa_scale_region(p->opts->scale, id, (uint32_t)team, (uint32_t)x->rec_region.region_flags);
  return 0;
}

static int on_slot(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  uint64_t index = x->rec_slot.index;
  oa_agg_region *g = region_find(p, x->rec_slot.region);
  if (!g || !known_loc(p, x->rec_slot.loc))
    return bad(p, &x->ev, "worksharing instance");
  /* a new instance takes memory per thread of the team: in proportion to
   * the file (fuzzing: a team of 65536 times many instances was slow) */
  if (index >= g->cap_slots || !g->slots[index].thread_serial) {
    p->slot_bytes += (uint64_t)g->team * sizeof(uint64_t)
                     + (index >= g->cap_slots ? 2 * (index + 1) * sizeof(oa_ws_slot) : 0);
    if (p->slot_bytes > 16 * p->rec->size + (64u << 20))
      return bad(p, &x->ev, "more worksharing instances than the recording holds");
  }
  oa_agg_region_slot(g, (uint32_t)index, x->rec_slot.loc, &p->locs);
  if (p->opts->scale) {
    oa_scale_loop l = { oa_record_slot_trip(&x->rec_slot), x->rec_slot.chunk,
                        (uint8_t)oa_record_slot_sched(&x->rec_slot) };
    oa_scale_slot(p->opts->scale, x->rec_slot.region, (uint32_t)index, &l);
  }
  return 0;
}

static int on_new(void *ctx, const oa_record *x, size_t thread)
{
  replay *p = ctx;
  return done(p, rec_new(p, &p->last_new[thread], &x->ev));
}

static int on_anc(void *ctx, const oa_record *x, size_t thread)
{
  replay *p = ctx;
  entry *n = find(p, p->last_new[thread]);
  if (!n)
    return bad(p, &x->ev, "enclosing directives of no task");
  const uint64_t *v = x->rec_anc.anc;
  for (int i = 0; i < OA_ANC_MAX; i++) {
    if (v[i] > UINT32_MAX || !known_loc(p, (uint32_t)v[i]))
      return bad(p, &x->ev, "enclosing directive location");
    node_of(n)->anc[i] = (uint32_t)v[i];
  }
  p->last_new[thread] = 0;
  return 0;
}

static int on_close(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  return done(p, rec_close(p, &x->ev));
}

static int on_w(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  return done(p, rec_w(p, &x->ev));
}

static int on_pred(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  entry *s = find(p, x->rec_pred.succ), *d = find(p, x->rec_pred.pred);
  oa_node *sn = s ? node_of(s) : NULL, *dn = d ? node_of(d) : NULL;
  if (!s || !d || s == d || s->flags || sn->kind != OA_P || dn->kind != OA_P
      || dn->id > sn->id || sn->free_order || dn->free_order)
    return bad(p, &x->ev, "dependence between nodes that are not tasks of one task");
  oa_node_add_pred(sn, dn);
  return done(p, 0);
}

static int on_wait(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  entry *in = find(p, x->rec_wait.node), *root = find(p, x->rec_wait.root);
  if (!in || !root || in->flags || root->flags || node_of(in)->kind == OA_W)
    return bad(p, &x->ev, "nested taskwait in a node that is not open");
  if (x->rec_wait.sub)
    oa_node_group_end(node_of(in), node_of(root));
  else
    oa_node_waited(node_of(in), node_of(root));
  return done(p, 0);
}

static int on_hold(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  entry *n = find(p, x->rec_hold.node);
  if (!n)
    return bad(p, &x->ev, "hold of an unknown node");
  n->count++;
  oa_node_hold(node_of(n));
  return 0;
}

static int on_release(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  entry *n = find(p, x->rec_release.node);
  if (!n || !n->count)
    return bad(p, &x->ev, "release of a node not held");
  n->count--;
  oa_node_release(&p->pool, node_of(n));
  return done(p, 0);
}

static int on_team(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  if (x->rec_team.value > p->threads && x->rec_team.value <= 65536)
    p->threads = (uint32_t)x->rec_team.value;
  return 0;
}

static int on_flag(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  p->flags |= (uint32_t)x->rec_flag.value & (OA_PROF_APPROX_TARGET | OA_PROF_APPROX_CANCEL
                                | OA_PROF_APPROX_DETACH | OA_PROF_LOC_OVERFLOW
                                | OA_PROF_METRIC_FALLBACK | OA_PROF_APPROX_SPAN
                                | OA_PROF_APPROX_ORDERED | OA_PROF_SECTIONS_MERGED);
  return 0;
}

/* Any other kind: the --save-raw records (for the oracle) pass; nothing
 * else belongs in a recording. */
static int on_other(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  if (x->h.type >= OA_RAW_NODE && x->h.type <= OA_RAW_LAST)
    return 0;
  return bad(p, &x->ev, "unknown record type");
}

/* Every record: counted, and the span of time the records cover. */
static int on_each(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  replay *p = ctx;
  oa_replay_out *out = p->out;
  if (x->h.type != OA_REC_W) {  /* W records have no time (contract.h) */
    if (!out->time_first || x->ev.time < out->time_first)
      out->time_first = x->ev.time;
    if (x->ev.time > out->time_last)
      out->time_last = x->ev.time;
  }
  out->records++;
  return 0;
}

static const oa_rec_visitor replayer = {
  .each = on_each,
  .on = {
    [OA_REC_META] = on_meta, [OA_REC_LOC] = on_loc, [OA_REC_REGION] = on_region,
    [OA_REC_SLOT] = on_slot, [OA_REC_NEW] = on_new, [OA_REC_ANC] = on_anc,
    [OA_REC_CLOSE] = on_close, [OA_REC_W] = on_w, [OA_REC_PRED] = on_pred,
    [OA_REC_WAIT] = on_wait, [OA_REC_HOLD] = on_hold, [OA_REC_RELEASE] = on_release,
    [OA_REC_TEAM] = on_team, [OA_REC_FLAG] = on_flag,
  },
  .other = on_other,
};

/* The run ended without closing everything (a crash, a signal, _exit): close
 * what is open, deepest first, as it stood. */
static int cmp_depth(const void *a, const void *b)
{
  const oa_node *x = *(oa_node *const *)a, *y = *(oa_node *const *)b;
  if (x->depth != y->depth)
    return x->depth < y->depth ? 1 : -1;
  return x->id < y->id ? 1 : x->id > y->id ? -1 : 0;
}

static void close_open(replay *p)
{
  size_t n = 0;
  oa_node **open_nodes = oa_xmalloc((p->nodes.live + 1) * sizeof *open_nodes);
  for (entry *x = NULL; (x = oa_idmap_next(&p->nodes, x));)
    if (!x->flags)
      open_nodes[n++] = node_of(x);
  qsort(open_nodes, n, sizeof *open_nodes, cmp_depth);
  for (size_t i = 0; i < n; i++) {
    find(p, open_nodes[i]->id)->flags = 1;
    oa_node_close(&p->pool, &p->hooks, open_nodes[i]);
  }
  free(open_nodes);
}

int oa_replay(oa_recording *r, const oa_replay_opts *opts, oa_replay_out *out, char *err,
              size_t errlen)
{
  static const oa_replay_opts none = { 0 };
  replay p = { .rec = r, .opts = opts ? opts : &none, .out = out, .err = err, .errlen = errlen };
  memset(out, 0, sizeof *out);
  p.hooks.finished = on_finished;
  p.hooks.ctx = &p;
  p.pool.on_free = on_free;
  p.pool.free_ctx = &p;
  p.locs = (oa_locs){ describe_loc, r };
  r->nlocs = r->nlocs ? r->nlocs : 1;
  oa_rec_loc_slot(r, 0);
  p.last_new = oa_xcalloc(oa_rec_threads(r) + 1, sizeof *p.last_new);
  int ret = -1;
  oa_rec_visitor v = replayer;
  v.ctx = &p;
  if (oa_rec_visit2(r, &v, p.opts->also, err, errlen) != 0)
    goto out;
  if (!p.root) {
    fail(err, errlen, r->path, "no OSPG in this recording (the program ended before its first "
                               "OpenMP construct?)");
    goto out;
  }
  if (p.root->refs != 0) {
    out->partial = 1;
    close_open(&p);
    if (p.failed)  /* in on_finished */
      goto out;
    if (p.root->refs != 0) {
      fail(err, errlen, r->path, "corrupt recording: the OSPG does not complete");
      goto out;
    }
  }
  /* the root completes when its last child folds */
  const oa_chain *best = oa_ends_best(oa_node_ends(p.root));
  if (best)
    oa_chain_copy(&out->cp, best);
  uint32_t nlocs = r->nlocs;
  out->locs = oa_xcalloc(nlocs, sizeof *out->locs);
  out->nested = oa_xcalloc(p.agg.nnested + 1, sizeof *out->nested);
  oa_agg_fill(&p.agg, &out->cp, p.root->work, p.root->span, nlocs, &p.locs, &out->h, out->locs,
              out->nested, p.agg.nnested);
  out->h.metric = p.metric ? p.metric : OA_METRIC_TSC;
  out->h.flags = p.flags | (out->partial ? OA_PROF_PARTIAL : 0);
  out->h.task_cost = p.task_cost;
  out->h.task_cost_undeferred = p.task_cost_u;
  out->h.threads = p.threads;
  ret = 0;
out:
  free(p.last_new);
  /* what is still alive goes with the pool */
  p.pool.on_free = NULL;
  for (entry *x = NULL; (x = oa_idmap_next(&p.nodes, x));)
    oa_node_free(&p.pool, node_of(x));
  for (oa_idmap_slot *s = NULL; (s = oa_idmap_next(&p.regions, s));) {
    oa_agg_region *g = s->ptr;
    for (uint32_t k = 0; k < g->nslots; k++)
      free(g->slots[k].thread_serial);
    free(g->slots);
    free(g);
  }
  oa_idmap_free(&p.regions);
  oa_idmap_free(&p.nodes);
  oa_idmap_free(&p.edges);
  oa_node_pool_destroy(&p.pool);
  oa_agg_free(&p.agg);
  if (ret)
    oa_replay_out_free(out);
  return ret;
}

void oa_replay_out_free(oa_replay_out *out)
{
  free(out->regions);
  out->regions = NULL;
  out->nregions = 0;
  free(out->applied);
  out->applied = NULL;
  out->napplied = 0;
  free(out->locs);
  free(out->nested);
  oa_chain_free(&out->cp);
  out->locs = NULL;
  out->nested = NULL;
}
