/* The program at other team sizes: see scale.h and doc/SCALE.md.
 *
 * Names below: a "thread node" is a thread's P-node in a barrier phase of a
 * region (the phase is an S-node under the region's S-node: tool
 * on_parallel.c, on_sync.c); its "own code" is the fragments whose nearest
 * enclosing P-node is the thread node itself (not a share, a piece or a
 * task); a "share" is its static-loop share (doc/SEMANTICS.md rule 4). */
#include "scale.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "contract.h"
#include "idmap.h"
#include "util.h"

typedef struct share {
  uint32_t inst;               /* the loop instance (slot index + 1) */
  uint32_t loc;                /* its location */
  uint16_t t;                  /* the thread that ran it (set by phase_done) */
  double work, span;
} share;

/* What one thread node held, filled as its contents finish. */
typedef struct tnode {
  int t;                       /* team index; -1 until a fragment or share names it */
  double own, chain, masked;   /* own code's work, the node's span, masked work in it */
  double series;               /* its program order: the spans of its children that are
                                * not pieces or tasks (fragments, shares, nested regions,
                                * taskwait groups) */
  double piece_max;            /* the longest piece of no worksharing loop */
  uint32_t piece_loc, loc;
  int asked;                   /* its own code called omp_get_num_threads */
  int has_task;                /* it created tasks: its chain may run through them */
  share *sh;
  uint32_t nsh, capsh;
  struct lpiece {              /* the longest piece (chunk) of each loop instance */
    uint32_t inst, loc;
    double span;
  } *lp;
  uint32_t nlp, caplp;
} tnode;

typedef struct phase {
  tnode *tn;
  uint32_t n, cap;
} phase;

typedef struct region {
  uint64_t id;
  uint32_t team, flags;
  oa_scale_loop *loops;        /* by slot index */
  uint32_t nloops;
  int done_counted;
} region;

struct oa_scale {
  uint32_t threads[OA_SCALE_MAX_POINTS];
  size_t n;
  oa_scale_costs costs;
  oa_idmap regions;            /* region id -> region */
  oa_idmap region_nodes;       /* a region's S-node id -> region id (count unused) */
  oa_idmap tnodes;             /* thread node id -> tnode */
  oa_idmap phases;             /* phase S-node id -> phase */
  /* the sums, per team size */
  double dspan[OA_SCALE_MAX_POINTS], dwork[OA_SCALE_MAX_POINTS];
  double *dattr[OA_SCALE_MAX_POINTS]; /* by location */
  uint32_t nattr;
  uint32_t max_team;
  /* the runtime's events on the critical path, for the burden */
  uint64_t forks, barriers, loops;
  oa_scale_result stats;
  double coarse_work, own_work, loop_work;
};

oa_scale *oa_scale_new(const uint32_t *threads, size_t n, const oa_scale_costs *costs)
{
  oa_scale *s = oa_xcalloc(1, sizeof *s);
  if (n > OA_SCALE_MAX_POINTS)
    n = OA_SCALE_MAX_POINTS;
  for (size_t k = 0; k < n; k++)
    s->threads[k] = threads[k] ? threads[k] : 1;
  s->n = n;
  if (costs)
    s->costs = *costs;
  return s;
}

void oa_scale_set_costs(oa_scale *s, const oa_scale_costs *costs)
{
  s->costs = *costs;
}

static void tnode_free(tnode *t)
{
  free(t->sh);
  free(t->lp);
}

void oa_scale_free(oa_scale *s)
{
  if (!s)
    return;
  for (oa_idmap_slot *x = NULL; (x = oa_idmap_next(&s->regions, x));) {
    free(((region *)x->ptr)->loops);
    free(x->ptr);
  }
  for (oa_idmap_slot *x = NULL; (x = oa_idmap_next(&s->tnodes, x));) {
    tnode_free(x->ptr);
    free(x->ptr);
  }
  for (oa_idmap_slot *x = NULL; (x = oa_idmap_next(&s->phases, x));) {
    phase *ph = x->ptr;
    for (uint32_t i = 0; i < ph->n; i++)
      tnode_free(&ph->tn[i]);
    free(ph->tn);
    free(ph);
  }
  oa_idmap_free(&s->regions);
  oa_idmap_free(&s->region_nodes);
  oa_idmap_free(&s->tnodes);
  oa_idmap_free(&s->phases);
  for (size_t k = 0; k < s->n; k++)
    free(s->dattr[k]);
  free(s);
}

static region *region_get(oa_scale *s, uint64_t id)
{
  oa_idmap_slot *x = oa_idmap_find(&s->regions, id);
  return x ? x->ptr : NULL;
}

void oa_scale_region(oa_scale *s, uint64_t id, uint32_t team, uint32_t flags)
{
  if (!id || region_get(s, id))
    return;
  region *r = oa_xcalloc(1, sizeof *r);
  r->id = id;
  r->team = team;
  r->flags = flags;
  oa_idmap_add(&s->regions, id)->ptr = r;
}

void oa_scale_slot(oa_scale *s, uint64_t id, uint32_t index, const oa_scale_loop *loop)
{
  region *r = region_get(s, id);
  if (!r || !loop->kind || index >= (1u << 24))
    return;
  if (index >= r->nloops) {
    uint32_t n = index + 1 > 2 * r->nloops ? index + 1 : 2 * r->nloops;
    r->loops = oa_xrealloc(r->loops, n * sizeof *r->loops);
    memset(r->loops + r->nloops, 0, (n - r->nloops) * sizeof *r->loops);
    r->nloops = n;
  }
  r->loops[index] = *loop;
}

void oa_scale_region_node(oa_scale *s, uint64_t node, uint64_t region)
{
  if (node && region && !oa_idmap_find(&s->region_nodes, node))
    oa_idmap_add(&s->region_nodes, node)->ptr = (void *)(uintptr_t)region;
}

/* --- the shape of the graph ------------------------------------------------ */

static int is_region_node(const oa_node *n)
{
  return n && n->kind == OA_S && oa_node_user(n) != NULL;
}

static int is_phase(const oa_node *n)
{
  return n && n->kind == OA_S && !oa_node_user(n) && is_region_node(n->parent);
}

static int is_tnode(const oa_node *n)
{
  return n && n->kind == OA_P && !n->piece && !n->task && is_phase(n->parent);
}

/* The nearest P-node above n (n excluded). */
static const oa_node *p_above(const oa_node *n)
{
  for (n = n->parent; n; n = n->parent)
    if (n->kind == OA_P)
      return n;
  return NULL;
}

static tnode *tnode_of(oa_scale *s, const oa_node *n)
{
  oa_idmap_slot *x = oa_idmap_find(&s->tnodes, n->id);
  if (x)
    return x->ptr;
  tnode *t = oa_xcalloc(1, sizeof *t);
  t->t = -1;
  oa_idmap_add(&s->tnodes, n->id)->ptr = t;
  return t;
}

/* --- static loops at another team size -------------------------------------- */

/* The loop's facts as the model uses them: a static loop whose schedule or
 * trip count the recording lacks is taken as equal blocks (a balanced
 * split of many iterations). */
static oa_scale_loop loop_facts(oa_scale *s, const region *r, uint32_t inst)
{
  oa_scale_loop l = { 0 };
  if (r && inst && inst - 1 < r->nloops)
    l = r->loops[inst - 1];
  if (!l.kind || !l.trip || (l.kind == OA_SLOT_STATIC_CHUNKED && !l.chunk)) {
    s->stats.no_trip++;
    l = (oa_scale_loop){ .trip = UINT64_C(1) << 40, .kind = OA_SLOT_STATIC };
  }
  return l;
}

static uint64_t gcd64(uint64_t a, uint64_t b)
{
  while (b) {
    uint64_t r = a % b;
    a = b;
    b = r;
  }
  return a;
}

/* The slope of the cost per iteration inside each measured block t of an
 * unchunked loop (w: the blocks' measured amounts): the difference of the
 * neighbouring blocks' means over the distance between their middles
 * (one-sided at the ends; none for a single block), limited to what keeps
 * the density at or above zero across the block. */
static void slopes(const oa_scale_loop *l, uint32_t T, const double *w, double *out)
{
  uint64_t f[3], c[3];
  for (uint32_t t = 0; t < T; t++) {
    out[t] = 0;
    uint32_t lo = t ? t - 1 : t, hi = t + 1 < T ? t + 1 : t;
    oa_scale_block(l->kind, l->trip, T, lo, &f[0], &c[0]);
    oa_scale_block(l->kind, l->trip, T, hi, &f[1], &c[1]);
    oa_scale_block(l->kind, l->trip, T, t, &f[2], &c[2]);
    if (lo == hi || !c[0] || !c[1] || !c[2])
      continue;
    double m0 = w[lo] / (double)c[0], m1 = w[hi] / (double)c[1];
    double d = ((double)f[1] + (double)c[1] / 2) - ((double)f[0] + (double)c[0] / 2);
    double s = d > 0 ? (m1 - m0) / d : 0, mean = w[t] / (double)c[2];
    double lim = 2 * mean / (double)c[2];
    out[t] = s > lim ? lim : s < -lim ? -lim : s;
  }
}

/* Per iteration, the measured work (w) and span (sp) of the thread that ran
 * it at team size T: each thread's share spread over its iterations,
 * linearly in a contiguous block (slopes), evenly in a chunked loop's
 * (exact for iterations of equal cost).  Out: at team size P, block p's
 * estimated work and span. */
static void resplit(const oa_scale_loop *l, uint32_t T, const double *w, const double *sp,
                    uint32_t P, double *bw, double *bs)
{
  memset(bw, 0, P * sizeof *bw);
  memset(bs, 0, P * sizeof *bs);
  if (l->kind != OA_SLOT_STATIC_CHUNKED) {
    /* contiguous blocks at both sizes: sweep them side by side.  Within a
     * measured block the cost per iteration is taken as linear, its mean
     * the block's and its slope that of the neighbouring blocks' means
     * (a loop whose cost grows with i is then right from two blocks),
     * limited so that it never goes below zero in the block */
    double *sw = oa_xcalloc(2 * (size_t)T, sizeof *sw), *ss = sw + T;
    slopes(l, T, w, sw);
    slopes(l, T, sp, ss);
    uint32_t t = 0;
    uint64_t tf, tc;
    oa_scale_block(l->kind, l->trip, T, 0, &tf, &tc);
    for (uint32_t p = 0; p < P; p++) {
      uint64_t a, c;
      oa_scale_block(l->kind, l->trip, P, p, &a, &c);
      uint64_t b = a + c;
      while (c && t < T) {
        uint64_t lo = a > tf ? a : tf, hi = b < tf + tc ? b : tf + tc;
        if (hi > lo && tc) {
          /* the mean of a linear density over [lo, hi): its value at the middle */
          double off = ((double)lo + (double)hi) / 2 - ((double)tf + (double)tc / 2);
          bw[p] += (double)(hi - lo) * (w[t] / (double)tc + sw[t] * off);
          bs[p] += (double)(hi - lo) * (sp[t] / (double)tc + ss[t] * off);
        }
        if (tf + tc > b)
          break;
        if (++t < T)
          oa_scale_block(l->kind, l->trip, T, t, &tf, &tc);
      }
    }
    free(sw);
    return;
  }
  /* chunks k = 0 .. K-1 of l->chunk iterations (the last may be short),
   * chunk k on thread k % T then, on k % P now */
  uint64_t c = l->chunk, K = (l->trip + c - 1) / c, last = l->trip - (K - 1) * c;
  double *iters = oa_xcalloc(T, sizeof *iters);
  uint64_t L = (uint64_t)P / gcd64(P, T) * T;
  for (int pass = 0; pass < 2; pass++) {
    /* pass 0 counts each thread's iterations at T; pass 1 deals them out */
    uint64_t span = K < L ? K : L;
    for (uint64_t r = 0; r < span; r++) {
      double n = (double)(K < L ? 1 : (K - 1 - r) / L + 1) * (double)c;
      uint32_t t = (uint32_t)(r % T), p = (uint32_t)(r % P);
      if (pass == 0)
        iters[t] += n;
      else if (iters[t] > 0) {
        bw[p] += n * w[t] / iters[t];
        bs[p] += n * sp[t] / iters[t];
      }
    }
    uint32_t tl = (uint32_t)((K - 1) % T), pl = (uint32_t)((K - 1) % P);
    double missing = (double)(c - last);
    if (pass == 0) {
      iters[tl] -= missing;
    } else if (iters[tl] > 0) {
      bw[pl] -= missing * w[tl] / iters[tl];
      bs[pl] -= missing * sp[tl] / iters[tl];
      if (bw[pl] < 0)
        bw[pl] = 0;
      if (bs[pl] < 0)
        bs[pl] = 0;
    }
  }
  free(iters);
}

/* --- one phase at every team size --------------------------------------------- */

static void attr_add(oa_scale *s, size_t k, uint32_t loc, double amount)
{
  if (loc >= s->nattr) {
    uint32_t n = loc + 1 > 2 * s->nattr ? loc + 1 : 2 * s->nattr;
    for (size_t j = 0; j < s->n; j++) {
      s->dattr[j] = oa_xrealloc(s->dattr[j], n * sizeof *s->dattr[j]);
      memset(s->dattr[j] + s->nattr, 0, (n - s->nattr) * sizeof *s->dattr[j]);
    }
    s->nattr = n;
  }
  s->dattr[k][loc] += amount;
}

static int cmp_share(const void *a, const void *b)
{
  const share *x = a, *y = b;
  return x->inst < y->inst ? -1 : x->inst > y->inst ? 1 : x->t - y->t;
}

typedef struct loopview {
  uint32_t inst, loc;
  oa_scale_loop l;
  double *w, *sp;              /* per thread at T */
} loopview;

/* The phase's longest chain at team size P, and where it lies: the thread
 * chains (every recorded thread's non-loop chain, each loop's block p), or
 * the longest piece.  contrib gets the chain's parts by location. */
typedef struct chainpart {
  double rest, piece;
  uint32_t rest_loc, piece_loc;
  int thread;                  /* -1: the piece */
  double *blocks;              /* per loop: the block on that chain */
} chainpart;

/* libomp's first (largest) chunk of a guided loop of trip iterations, at
 * least chunk, in a team of X (kmp_dispatch.cpp, guided_iterative: a
 * dynamic loop when (2 chunk + 1) X >= trip; else remaining x 0.5 / X; a
 * team of one runs the loop as one block). */
static double guided_first(uint64_t trip, uint32_t chunk, uint32_t X)
{
  uint64_t c = chunk ? chunk : 1;
  if (X <= 1 || !trip)
    return (double)trip;
  if ((2 * c + 1) * X >= trip)
    return (double)(c < trip ? c : trip);
  double f = (double)(uint64_t)((double)trip * 0.5 / X);
  return f > (double)c ? f : (double)c;
}

/* The longest chunk of a loop instance at team size P, from the longest
 * recorded at T: a guided loop's chunks shrink (or grow) with the team
 * (its first chunk is the largest); the other loops' chunks do not
 * change (doc/SEMANTICS.md rule 5). */
static double chunk_at(const region *r, uint32_t inst, double span, uint32_t T, uint32_t P)
{
  const oa_scale_loop *l = r && inst && inst - 1 < r->nloops ? &r->loops[inst - 1] : NULL;
  if (!l || l->kind != OA_SLOT_GUIDED || !l->trip)
    return span;
  double ft = guided_first(l->trip, l->chunk, T);
  return ft > 0 ? span * guided_first(l->trip, l->chunk, P) / ft : span;
}

static double phase_span(const tnode *tn, uint32_t T, loopview *lv, uint32_t nl, uint32_t P,
                         int split, double own_total, const region *r, chainpart *cp)
{
  double best = -1;
  double *bw = oa_xmalloc(P * sizeof *bw), *bs = oa_xmalloc(P * sizeof *bs);
  double *chain = oa_xcalloc(P, sizeof *chain);
  double **blk = oa_xcalloc(nl ? nl : 1, sizeof *blk);
  for (uint32_t i = 0; i < nl; i++) {
    resplit(&lv[i].l, T, lv[i].w, lv[i].sp, P, bw, bs);
    blk[i] = oa_xmalloc(P * sizeof **blk);
    memcpy(blk[i], bs, P * sizeof *bs);
    for (uint32_t p = 0; p < P; p++)
      chain[p] += bs[p];
  }
  for (uint32_t p = 0; p < P; p++) {
    /* thread p runs what recorded thread tau ran outside the loops; new
     * threads take after thread 1 on (thread 0 alone runs masked bodies) */
    uint32_t tau = p < T ? p : T > 1 ? 1 + (p - T) % (T - 1) : 0;
    const tnode *x = &tn[tau];
    double loops_sp = 0;
    for (uint32_t i = 0; i < nl; i++)
      loops_sp += lv[i].sp[tau];
    double rest = x->series - loops_sp;
    if (split)
      rest = rest - x->own + own_total / P;
    if (rest < 0)
      rest = 0;
    if (p >= T)  /* a new thread runs no masked body */
      rest = rest > x->masked ? rest - x->masked : 0;
    double c = rest + chain[p];
    if (c > best) {
      best = c;
      cp->rest = rest;
      cp->rest_loc = x->loc;
      cp->thread = (int)p;
      for (uint32_t i = 0; i < nl; i++)
        cp->blocks[i] = blk[i][p];
    }
  }
  /* the pieces any thread may run, and the chains through tasks, as they
   * ran (a task's chain starts on the thread that made it) */
  for (uint32_t t = 0; t < T; t++) {
    double c[2] = { tn[t].piece_max, tn[t].has_task ? tn[t].chain : 0 };
    for (int k = 0; k < 2; k++)
      if (c[k] > best) {
        best = c[k];
        cp->thread = -1;
        cp->piece = c[k];
        cp->piece_loc = k ? tn[t].loc : tn[t].piece_loc;
      }
    for (uint32_t i = 0; i < tn[t].nlp; i++) {
      double v = chunk_at(r, tn[t].lp[i].inst, tn[t].lp[i].span, T, P);
      if (v > best) {
        best = v;
        cp->thread = -1;
        cp->piece = v;
        cp->piece_loc = tn[t].lp[i].loc;
      }
    }
  }
  for (uint32_t i = 0; i < nl; i++)
    free(blk[i]);
  free(blk);
  free(chain);
  free(bw);
  free(bs);
  return best < 0 ? 0 : best;
}

static void chain_attr(oa_scale *s, size_t k, const chainpart *cp, const loopview *lv,
                       uint32_t nl, double sign)
{
  if (cp->thread < 0) {
    attr_add(s, k, cp->piece_loc, sign * cp->piece);
    return;
  }
  attr_add(s, k, cp->rest_loc, sign * cp->rest);
  for (uint32_t i = 0; i < nl; i++)
    attr_add(s, k, lv[i].loc, sign * cp->blocks[i]);
}

/* Is the region at the top of the program: in the initial task's program
 * order, not nested in another region or inside an explicit task? */
static int top_level(const oa_node *region_node)
{
  for (const oa_node *a = region_node->parent; a; a = a->parent) {
    if (a->kind == OA_P && a->task)
      return 0;
    if (is_region_node(a) && a->parent)
      return 0;
  }
  return 1;
}

static void phase_done(oa_scale *s, const oa_node *phn, phase *ph)
{
  const oa_node *rn = phn->parent;
  oa_idmap_slot *rs = oa_idmap_find(&s->region_nodes, rn->id);
  region *r = rs ? region_get(s, (uint64_t)(uintptr_t)rs->ptr) : NULL;
  if (!rn->parent || !ph->n)
    return;  /* the program's implicit region (the root) */
  if (!top_level(rn)) {
    if (r && !r->done_counted) {
      r->done_counted = 1;
      s->stats.nested_regions++;
    }
    return;
  }
  s->stats.phases++;
  s->barriers++;
  if (r && !r->done_counted) {
    r->done_counted = 1;
    s->forks++;
    s->stats.regions++;
    if (r->flags & OA_REGION_FIXED)
      s->stats.fixed_regions++;
  }
  /* order the thread nodes by team index; one whose index is unknown
   * (it ran nothing) takes a free one */
  uint32_t T = ph->n;
  tnode *tn = oa_xcalloc(T, sizeof *tn);
  uint8_t *used = oa_xcalloc(T, 1);
  for (uint32_t i = 0; i < ph->n; i++)
    if (ph->tn[i].t >= 0 && (uint32_t)ph->tn[i].t < T && !used[ph->tn[i].t]) {
      tn[ph->tn[i].t] = ph->tn[i];
      used[ph->tn[i].t] = 1;
      ph->tn[i].t = -2;
    }
  for (uint32_t i = 0, j = 0; i < ph->n; i++)
    if (ph->tn[i].t != -2) {
      while (used[j])
        j++;
      tn[j] = ph->tn[i];
      used[j] = 1;
    }
  free(used);
  if (T > s->max_team)
    s->max_team = T;
  /* the loops of the phase: every share, grouped by instance */
  uint32_t nsh = 0;
  for (uint32_t t = 0; t < T; t++)
    nsh += tn[t].nsh;
  share *all = oa_xmalloc((nsh ? nsh : 1) * sizeof *all);
  nsh = 0;
  for (uint32_t t = 0; t < T; t++)
    for (uint32_t i = 0; i < tn[t].nsh; i++) {
      all[nsh] = tn[t].sh[i];
      all[nsh++].t = (uint16_t)t;
    }
  qsort(all, nsh, sizeof *all, cmp_share);
  uint32_t nl = 0;
  for (uint32_t i = 0; i < nsh; i++)
    nl += i == 0 || all[i].inst != all[i - 1].inst;
  loopview *lv = oa_xcalloc(nl ? nl : 1, sizeof *lv);
  double *wbuf = oa_xcalloc((size_t)2 * T * (nl ? nl : 1), sizeof *wbuf);
  for (uint32_t i = 0, k = (uint32_t)-1; i < nsh; i++) {
    if (i == 0 || all[i].inst != all[i - 1].inst) {
      k++;
      lv[k].inst = all[i].inst;
      lv[k].w = wbuf + (size_t)2 * T * k;
      lv[k].sp = lv[k].w + T;
      lv[k].l = loop_facts(s, r, all[i].inst);
      lv[k].loc = all[i].loc;
    }
    lv[k].w[all[i].t] += all[i].work;
    lv[k].sp[all[i].t] += all[i].span;
  }
  int split = 0;
  double own_total = 0, own_rep = 0;
  for (uint32_t t = 0; t < T; t++) {
    own_total += tn[t].own;
    split |= tn[t].asked;
    if (t >= 1 || T == 1)
      own_rep += tn[t].own;  /* thread 0 alone may run masked code */
  }
  double own_mean = T > 1 ? own_rep / (T - 1) : own_rep;
  s->loops += nl;
  s->stats.static_loops += nl;
  for (uint32_t i = 0; i < nl; i++) {
    double lw = 0, dmin = -1, dmax = 0;
    uint64_t f, c;
    for (uint32_t t = 0; t < T; t++) {
      lw += lv[i].w[t];
      oa_scale_block(lv[i].l.kind == OA_SLOT_STATIC_CHUNKED ? OA_SLOT_STATIC : lv[i].l.kind,
                     lv[i].l.trip, T, t, &f, &c);
      if (c && lv[i].l.kind != OA_SLOT_STATIC_CHUNKED) {
        double d = lv[i].w[t] / (double)c;
        dmin = dmin < 0 || d < dmin ? d : dmin;
        dmax = d > dmax ? d : dmax;
      }
    }
    s->loop_work += lw;
    /* few measured blocks of unequal cost: the blocks at a larger team
     * size are guesses inside each measured one */
    if (s->n && s->threads[s->n - 1] > T && dmin >= 0 && dmax > 1.5 * dmin) {
      s->stats.coarse_loops++;
      s->coarse_work += lw;
    }
  }
  int fixed = r && (r->flags & OA_REGION_FIXED);
  if (!fixed) {
    s->own_work += own_total;
    if (split && own_total > 0)
      s->stats.split_regions++;
  }
  chainpart at_t = { 0 }, at_p = { 0 };
  at_t.blocks = oa_xcalloc(nl ? nl : 1, sizeof(double));
  at_p.blocks = oa_xcalloc(nl ? nl : 1, sizeof(double));
  double span_t = phase_span(tn, T, lv, nl, T, 0, own_total, r, &at_t);
  for (size_t k = 0; k < s->n && !fixed; k++) {
    uint32_t P = s->threads[k];
    if (P == T)
      continue;
    double span_p = phase_span(tn, T, lv, nl, P, split, own_total, r, &at_p);
    s->dspan[k] += span_p - span_t;
    if (!split)
      s->dwork[k] += ((double)P - (double)T) * own_mean;
    chain_attr(s, k, &at_p, lv, nl, 1);
    chain_attr(s, k, &at_t, lv, nl, -1);
  }
  free(at_t.blocks);
  free(at_p.blocks);
  free(wbuf);
  free(lv);
  free(all);
  free(tn);  /* (copies: the thread nodes' arrays are the phase's, freed with it) */
}

/* --- the replay's nodes --------------------------------------------------------- */

void oa_scale_finished(oa_scale *s, const oa_node *n, int masked)
{
  /* a child of a thread node: its program order, unless a piece or task */
  if (n->parent && is_tnode(n->parent) && !(n->kind == OA_P && (n->task || (n->piece && !n->share)))) {
    tnode *t = tnode_of(s, n->parent);
    t->series += n->kind == OA_W ? (double)n->work : (double)n->span;
  }
  if (n->kind == OA_W) {
    const oa_node *p = p_above(n);
    if (!is_tnode(p))
      return;
    tnode *t = tnode_of(s, p);
    t->own += masked ? 0 : (double)n->work;
    t->masked += masked ? (double)n->work : 0;
    t->asked |= n->asked;
    if (t->t < 0)
      t->t = n->team_index;
    return;
  }
  if (n->kind == OA_P && is_tnode(n)) {
    oa_idmap_slot *x = oa_idmap_find(&s->tnodes, n->id);
    tnode t0 = { .t = -1 }, *t = x ? x->ptr : &t0;
    t->chain = (double)n->span;
    t->loc = n->loc;
    oa_idmap_slot *ps = oa_idmap_find(&s->phases, n->parent->id);
    if (!ps) {
      ps = oa_idmap_add(&s->phases, n->parent->id);
      ps->ptr = oa_xcalloc(1, sizeof(phase));
    }
    phase *ph = ps->ptr;
    if (ph->n == ph->cap) {
      ph->cap = ph->cap ? 2 * ph->cap : 4;
      ph->tn = oa_xrealloc(ph->tn, ph->cap * sizeof *ph->tn);
    }
    ph->tn[ph->n++] = *t;
    if (x) {
      free(x->ptr);
      oa_idmap_remove(&s->tnodes, x);
    }
    return;
  }
  if (n->kind == OA_P) {  /* a share, a piece or a task */
    const oa_node *p = p_above(n);
    if (!is_tnode(p))
      return;
    tnode *t = tnode_of(s, p);
    if (n->share && oa_node_inst(n)) {
      if (t->nsh == t->capsh) {
        t->capsh = t->capsh ? 2 * t->capsh : 4;
        t->sh = oa_xrealloc(t->sh, t->capsh * sizeof *t->sh);
      }
      t->sh[t->nsh++] = (share){ oa_node_inst(n), n->loc, 0, (double)n->work, (double)n->span };
      if (t->t < 0)
        t->t = n->team_index;
    } else if (n->task) {
      t->has_task = 1;
    } else if (oa_node_inst(n)) {  /* a chunk of a loop, or the pieces of a team of one */
      uint32_t i = 0, inst = oa_node_inst(n);
      while (i < t->nlp && t->lp[i].inst != inst)
        i++;
      if (i == t->nlp) {
        if (t->nlp == t->caplp) {
          t->caplp = t->caplp ? 2 * t->caplp : 2;
          t->lp = oa_xrealloc(t->lp, t->caplp * sizeof *t->lp);
        }
        t->lp[t->nlp++] = (struct lpiece){ inst, n->loc, 0 };
      }
      if ((double)n->span > t->lp[i].span)
        t->lp[i].span = (double)n->span;
    } else if ((double)n->span > t->piece_max) {
      t->piece_max = (double)n->span;
      t->piece_loc = n->loc;
    }
    return;
  }
  if (is_region_node(n)) {  /* the region is over: forget it */
    oa_idmap_slot *x = oa_idmap_find(&s->region_nodes, n->id);
    if (x) {
      oa_idmap_slot *y = oa_idmap_find(&s->regions, (uint64_t)(uintptr_t)x->ptr);
      oa_idmap_remove(&s->region_nodes, x);
      if (y) {
        free(((region *)y->ptr)->loops);
        free(y->ptr);
        oa_idmap_remove(&s->regions, y);
      }
    }
    return;
  }
  if (is_phase(n)) {
    oa_idmap_slot *ps = oa_idmap_find(&s->phases, n->id);
    if (!ps)
      return;
    phase *ph = ps->ptr;
    oa_idmap_remove(&s->phases, ps);
    phase_done(s, n, ph);
    for (uint32_t i = 0; i < ph->n; i++)
      tnode_free(&ph->tn[i]);
    free(ph->tn);
    free(ph);
  }
}

/* --- the figures ------------------------------------------------------------------ */

/* libomp's barriers and forks go through a tree of the team: their cost on
 * the critical path grows with its depth, log2 P (the costs were measured
 * with two threads, a tree of depth 1). */
static double tree_depth(uint32_t P)
{
  double d = 1;
  for (uint32_t v = 1; v < P; v *= 2)
    d++;
  return d / 2;
}

/* The runtime's costs on the critical path at team size P: every fork and
 * barrier of the top-level regions, every static loop's start, and the
 * tasks and dynamic chunks on the path. */
static double burden(const oa_scale *s, uint32_t P)
{
  return tree_depth(P) * ((double)s->forks * s->costs.fork
                          + (double)s->barriers * s->costs.barrier)
         + (double)s->loops * s->costs.loop + s->costs.pieces;
}

void oa_scale_compute(oa_scale *s, double work, double span, const oa_chain *cp,
                      oa_scale_result *out)
{
  *out = s->stats;
  out->recorded_threads = s->max_team ? s->max_team : 1;
  out->npoints = s->n;
  out->coarse_work = work > 0 ? s->coarse_work / work : 0;
  out->own_work = work > 0 ? s->own_work / work : 0;
  /* one thread's time: its work, and the runtime's costs at a team of one */
  double w1 = work;
  for (size_t k = 0; k < s->n; k++)
    if (s->threads[k] == 1)
      w1 = work + s->dwork[k];
  double t1 = w1 + burden(s, 1);
  const oa_attr_item *items = cp ? (cp->cap ? cp->u.heap : cp->u.in) : NULL;
  for (size_t k = 0; k < s->n; k++) {
    oa_scale_point *pt = &out->points[k];
    uint32_t P = s->threads[k];
    double wp = work + s->dwork[k], sp = span + s->dspan[k];
    if (wp < 0)
      wp = 0;
    if (sp > wp)
      sp = wp;
    if (sp < 0)
      sp = 0;
    double b = burden(s, P);
    pt->threads = P;
    pt->work = wp;
    pt->span = sp;
    pt->burdened_span = sp + b;
    pt->parallelism = sp > 0 ? wp / sp : 0;
    pt->burdened_parallelism = pt->burdened_span > 0 ? wp / pt->burdened_span : 0;
    /* the work and span laws: no schedule does better (nor costs less
     * than the runtime's events on the path) */
    double t_laws = wp / P > sp ? wp / P : sp;
    /* a greedy schedule's bound (Brent): the work off the span shared by
     * the P threads, then the span */
    double t_greedy = (wp - sp) / P + sp + b;
    double t_pred = t_laws + b;
    pt->speedup_high = t_laws > 0 ? w1 / t_laws : 0;
    pt->speedup = t_pred > 0 ? t1 / t_pred : 0;
    pt->speedup_low = t_greedy > 0 ? t1 / t_greedy : 0;
    if (pt->speedup > pt->speedup_high)
      pt->speedup = pt->speedup_high;
    if (pt->speedup_low > pt->speedup)
      pt->speedup_low = pt->speedup;
    pt->measured_speedup = -1;
    /* the location with the most of the span at P */
    double best = -1;
    for (uint32_t i = 0; cp && i < cp->n; i++) {
      double a = (double)items[i].amount
                 + (items[i].loc < s->nattr && s->dattr[k] ? s->dattr[k][items[i].loc] : 0);
      if (a > best) {
        best = a;
        pt->limit_loc = items[i].loc;
      }
    }
    for (uint32_t l = 0; l < s->nattr && s->dattr[k]; l++) {
      if (cp && oa_chain_attr(cp, l))
        continue;  /* counted above */
      if (s->dattr[k][l] > best) {
        best = s->dattr[k][l];
        pt->limit_loc = l;
      }
    }
    pt->limit_share = sp > 0 && best > 0 ? (best > sp ? 1 : best / sp) : 0;
  }
}
