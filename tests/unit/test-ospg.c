/* Unit test of the OSPG (corelib/ospg.c): graphs built by hand after the
 * dissertation's worked examples (ch. 2, 3.6) and a few plain OpenMP shapes,
 * checked against answers derived BY HAND from OpenMP semantics (never from
 * the code under test):
 *   - oa_is_parallel for every pair of W-nodes, against a hand-written list of
 *     the parallel pairs (every pair not listed is series);
 *   - oa_lca and oa_directed_path spot checks;
 *   - work and span of the root, span/work of selected internal nodes (via
 *     the `finished` hook), and the critical path's attribution per location;
 *   - the same answers whatever order the nodes are closed in (post-order,
 *     reverse creation order, pre-order i.e. parents first, 5 random orders);
 *   - memory: after the root completes only the root is alive.
 *
 * Conventions: every graph is built top-down in left-to-right (program)
 * order, so creation order of the W-nodes is their left-to-right order.  Task
 * P-nodes have st_val 1, thread / loop-chunk P-nodes 0; an ST-node gets -1
 * when its task reaches the taskwait (set after its children are built, as
 * the tool would).  A fragment after a taskwait is the ST-node's right
 * sibling; a task's continuation after creating a child is a W-node inside
 * the ST-node, right of the child's P-node (dissertation 2.4.6).
 *
 * Prints "FAIL: ..." per failed check and "ok" at the end when all passed;
 * exits non-zero on failure. */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ospg.h"
#include "check.h"

static int nested_cases;  /* graphs Alg. 18 was checked on */

/* --- graph under construction ------------------------------------------- */

#define MAXN 1024
#define MAXLOC 8

static struct {
  oa_node_pool pool;
  int n;
  oa_node *node[MAXN];
  const char *label[MAXN];
  int parent[MAXN];
  int kind[MAXN];
  /* filled by the hook */
  int fin_count[MAXN];
  uint64_t fin_span[MAXN], fin_work[MAXN];
  int fin_anc[MAXN];
} G;

static int idx_of(const oa_node *n)
{
  for (int i = 0; i < G.n; i++)
    if (G.node[i] == n)
      return i;
  return -1;
}

static int idx_label(const char *label)
{
  for (int i = 0; i < G.n; i++)
    if (strcmp(G.label[i], label) == 0)
      return i;
  return -1;
}

static oa_node *N(const char *label)
{
  int i = idx_label(label);
  if (i < 0) {
    printf("FAIL: test bug: no node %s\n", label);
    failures++;
    exit(2);
  }
  return G.node[i];
}

static oa_ospg_host host;  /* the graph's settings: ordered chains (ord_chain) */

static void reset(void)
{
  memset(&G, 0, sizeof G);
  G.pool.host = &host;
}

/* undeferred: set before the node joins its parent, as the tool does (its
 * right siblings then find it as their ubar) */
static oa_node *add_u(oa_node *parent, oa_kind k, const char *label, int undeferred)
{
  if (G.n >= MAXN) {
    printf("FAIL: test bug: too many nodes\n");
    exit(2);
  }
  oa_node *n = oa_node_new(&G.pool, k, NULL);
  n->undeferred = (uint8_t)undeferred;
  if (parent)
    oa_node_attach(parent, n);
  n->user = (void *)label;
  G.node[G.n] = n;
  G.label[G.n] = label;
  G.parent[G.n] = parent ? idx_of(parent) : -1;
  G.kind[G.n] = k;
  G.n++;
  return n;
}

static oa_node *add(oa_node *parent, oa_kind k, const char *label)
{
  return add_u(parent, k, label, 0);
}

static oa_node *S(oa_node *p, const char *l) { return add(p, OA_S, l); }
static oa_node *ST(oa_node *p, const char *l) { return add(p, OA_ST, l); }
static void taskwait(oa_node *st) { st->st_val = -1; }
/* task P-node */
static oa_node *PT(oa_node *p, const char *l, uint32_t own_loc)
{
  oa_node *n = add(p, OA_P, l);
  n->st_val = 1;
  n->own_loc = own_loc;
  return n;
}
/* thread / loop chunk P-node */
static oa_node *PP(oa_node *p, const char *l)
{
  oa_node *n = add(p, OA_P, l);
  n->st_val = 0;
  return n;
}
static oa_node *W(oa_node *p, const char *l, uint64_t work, uint32_t loc)
{
  oa_node *n = add(p, OA_W, l);
  n->work = work;
  n->loc = loc;
  return n;
}

static void hook_finished(void *ctx, oa_node *n)
{
  (void)ctx;
  int i = -1;
  for (int j = 0; j < G.n; j++)
    if (G.label[j] == (const char *)n->user)
      i = j;
  if (i < 0) {
    printf("FAIL: hook: unknown node\n");
    failures++;
    return;
  }
  G.fin_count[i]++;
  G.fin_span[i] = n->span;
  G.fin_work[i] = n->work;
  G.fin_anc[i] = n->own_loc ? oa_node_has_ancestor_loc(n, n->own_loc) : -1;
}

static const oa_ospg_hooks hooks = { hook_finished, NULL };

/* Free what the pool holds (the test's own cleanup). */
static void drain_pool(void)
{
  oa_node_pool_destroy(&G.pool);
}

/* --- close orders --------------------------------------------------------- */

enum { ORD_POST, ORD_REVERSE, ORD_PRE, ORD_RANDOM0, NORDERS = ORD_RANDOM0 + 5 };
static const char *order_name(int o)
{
  static const char *names[] = { "post-order", "reverse creation", "pre-order (parents first)" };
  static char buf[32];
  if (o < ORD_RANDOM0)
    return names[o];
  snprintf(buf, sizeof buf, "random seed %d", o - ORD_RANDOM0 + 1);
  return buf;
}

static void post(int i, int *out, int *k)
{
  for (int j = i + 1; j < G.n; j++)
    if (G.parent[j] == i)
      post(j, out, k);
  out[(*k)++] = i;
}

static uint32_t rng;
static uint32_t xorshift(void)
{
  rng ^= rng << 13;
  rng ^= rng >> 17;
  rng ^= rng << 5;
  return rng;
}

static void make_order(int o, int *out)
{
  int k = 0;
  switch (o) {
  case ORD_POST:
    post(0, out, &k);
    break;
  case ORD_REVERSE:
    for (int i = 0; i < G.n; i++)
      out[i] = G.n - 1 - i;
    break;
  case ORD_PRE:
    for (int i = 0; i < G.n; i++)
      out[i] = i;
    break;
  default:
    rng = 0x9e3779b9u * (uint32_t)(o - ORD_RANDOM0 + 1);
    for (int i = 0; i < G.n; i++)
      out[i] = i;
    for (int i = G.n - 1; i > 0; i--) {
      int j = (int)(xorshift() % (uint32_t)(i + 1));
      int t = out[i];
      out[i] = out[j];
      out[j] = t;
    }
  }
}

/* --- cases ---------------------------------------------------------------- */

typedef struct {
  const char *label;
  uint64_t span, work;
  int anc;   /* expected oa_node_has_ancestor_loc(n, n->own_loc): 0/1, or -1: don't check */
} inner_exp;

typedef struct {
  const char *name;
  void (*build)(int variant);
  int variant;
  /* the parallel pairs "A:B A:C ..." (l:r); every other pair is series */
  const char *parallel;
  uint64_t work, span;
  uint64_t attr[MAXLOC];          /* critical path's work per location */
  inner_exp inner[8];             /* terminated by a NULL label */
  void (*extra)(void);            /* lca / directed-path spot checks (graph live) */
} case_t;

static int listed(const char *list, const char *a, const char *b)
{
  size_t la = strlen(a), lb = strlen(b);
  const char *p = list;
  while (*p) {
    while (*p == ' ')
      p++;
    const char *colon = strchr(p, ':');
    if (!colon)
      break;
    const char *end = colon + 1;
    while (*end && *end != ' ')
      end++;
    size_t l1 = (size_t)(colon - p), l2 = (size_t)(end - colon - 1);
    if ((l1 == la && l2 == lb && !strncmp(p, a, la) && !strncmp(colon + 1, b, lb)) ||
        (l1 == lb && l2 == la && !strncmp(p, b, lb) && !strncmp(colon + 1, a, la)))
      return 1;
    p = end;
  }
  return 0;
}

/* Every label in the truth list must be a W-node of the graph (typo guard). */
static void check_list_labels(const char *name, const char *list)
{
  const char *p = list;
  char buf[64];
  while (*p) {
    while (*p == ' ' || *p == ':')
      p++;
    if (!*p)
      break;
    size_t l = strcspn(p, " :");
    snprintf(buf, sizeof buf, "%.*s", (int)l, p);
    int i = idx_label(buf);
    CHECK(i >= 0 && G.kind[i] == OA_W, "%s: truth table names %s, not a W-node of the graph", name, buf);
    p += l;
  }
}

static void check_parallel(const case_t *c)
{
  check_list_labels(c->name, c->parallel);
  /* A graph whose every ST-node was waited for (st_val -1) is what the
   * fast detector serves: Alg. 18, which takes ST-nodes for S-nodes, must
   * give the same answers (the hand-written table). */
  int nested = 1;
  for (int i = 0; i < G.n; i++)
    if (G.kind[i] == OA_ST && G.node[i]->st_val != -1)
      nested = 0;
  if (nested)
    nested_cases++;
  for (int i = 0; i < G.n; i++) {
    if (G.kind[i] != OA_W)
      continue;
    for (int j = i + 1; j < G.n; j++) {
      if (G.kind[j] != OA_W)
        continue;
      int exp = listed(c->parallel, G.label[i], G.label[j]);
      int got = oa_is_parallel(G.node[i], G.node[j]);
      CHECK(got == exp, "%s: IsParallel(%s, %s) = %d, expected %d", c->name, G.label[i],
            G.label[j], got, exp);
      /* race detection asks in either order: the sibling order decides */
      CHECK(oa_may_parallel(G.node[i], G.node[j], 0) == exp
                && oa_may_parallel(G.node[j], G.node[i], 0) == exp,
            "%s: may_parallel(%s, %s) either way, expected %d", c->name, G.label[i],
            G.label[j], exp);
      CHECK(!nested || (oa_may_parallel(G.node[i], G.node[j], 1) == exp
                        && oa_may_parallel(G.node[j], G.node[i], 1) == exp),
            "%s: fully nested: Alg. 18 may_parallel(%s, %s) either way, expected %d", c->name,
            G.label[i], G.label[j], exp);
    }
  }
}

static void run_case(const case_t *c)
{
  uint64_t ref_span[MAXN], ref_work[MAXN], ref_attr[MAXLOC];
  int ref_n = 0;
  for (int o = 0; o < NORDERS; o++) {
    reset();
    c->build(c->variant);
    oa_node *root = G.node[0];
    if (o == 0) {
      check_parallel(c);
      if (c->extra)
        c->extra();
    }
    int order[MAXN];
    make_order(o, order);
    for (int k = 0; k < G.n; k++)
      oa_node_close(&G.pool, &hooks, G.node[order[k]]);
    const char *on = order_name(o);

    /* every node finished exactly once */
    for (int i = 0; i < G.n; i++)
      CHECK(G.fin_count[i] == 1, "%s [%s]: %s finished %d times", c->name, on, G.label[i],
            G.fin_count[i]);
    CHECK(root->work == c->work, "%s [%s]: root work %lu, expected %lu", c->name, on,
          (unsigned long)root->work, (unsigned long)c->work);
    CHECK(root->span == c->span, "%s [%s]: root span %lu, expected %lu", c->name, on,
          (unsigned long)root->span, (unsigned long)c->span);
    const oa_chain *best = oa_ends_best(oa_node_ends(root));
    CHECK(best != NULL, "%s [%s]: no critical path", c->name, on);
    uint64_t attr[MAXLOC] = { 0 };
    if (best) {
      CHECK(best->len == c->span, "%s [%s]: best chain %lu != span %lu", c->name, on,
            (unsigned long)best->len, (unsigned long)c->span);
      for (uint32_t l = 0; l < MAXLOC; l++) {
        attr[l] = oa_chain_attr(best, l);
        CHECK(attr[l] == c->attr[l], "%s [%s]: critical path at loc %u: %lu, expected %lu",
              c->name, on, l, (unsigned long)attr[l], (unsigned long)c->attr[l]);
      }
    }
    for (const inner_exp *e = c->inner; e->label; e++) {
      int i = idx_label(e->label);
      CHECK(i >= 0, "%s: no node %s", c->name, e->label);
      if (i < 0)
        continue;
      CHECK(G.fin_span[i] == e->span, "%s [%s]: span(%s) = %lu, expected %lu", c->name, on,
            e->label, (unsigned long)G.fin_span[i], (unsigned long)e->span);
      CHECK(G.fin_work[i] == e->work, "%s [%s]: work(%s) = %lu, expected %lu", c->name, on,
            e->label, (unsigned long)G.fin_work[i], (unsigned long)e->work);
      if (e->anc >= 0)
        CHECK(G.fin_anc[i] == e->anc, "%s [%s]: has_ancestor_loc(%s) = %d, expected %d",
              c->name, on, e->label, G.fin_anc[i], e->anc);
    }
    /* identical results whatever the close order, for every node */
    if (o == 0) {
      ref_n = G.n;
      memcpy(ref_span, G.fin_span, sizeof ref_span);
      memcpy(ref_work, G.fin_work, sizeof ref_work);
      memcpy(ref_attr, attr, sizeof ref_attr);
    } else {
      CHECK(ref_n == G.n, "%s: graph size differs", c->name);
      for (int i = 0; i < G.n; i++)
        CHECK(G.fin_span[i] == ref_span[i] && G.fin_work[i] == ref_work[i],
              "%s [%s]: %s span/work %lu/%lu, post-order gave %lu/%lu", c->name, on,
              G.label[i], (unsigned long)G.fin_span[i], (unsigned long)G.fin_work[i],
              (unsigned long)ref_span[i], (unsigned long)ref_work[i]);
      CHECK(!memcmp(ref_attr, attr, sizeof attr), "%s [%s]: attribution differs from post-order",
            c->name, on);
    }
    /* memory: only the root is alive (dependency holds are all released,
     * since every successor has been folded) */
    CHECK(G.pool.allocated - G.pool.nfree == 1, "%s [%s]: %lu nodes alive after the root, expected 1",
          c->name, on, (unsigned long)(G.pool.allocated - G.pool.nfree));
    oa_node_free(&G.pool, root);
    drain_pool();
  }
}

/* ==========================================================================
 * Fig. 2.10(a)/(b): perfectly nested taskwaits.
 *
 *   W0                          // main, before            (work 1, loc 0)
 *   #pragma omp task            // T1 (line 3)
 *   { A();                      //                         (2, loc 1)
 *     #pragma omp task          // T2 (line 6)
 *       B();                    //                         (10, loc 2)
 *     k2                        // T1's continuation      (1, loc 1)
 *     #pragma omp taskwait      // line 10
 *     C(); }                    //                         (3, loc 1)
 *   k1                          // main's continuation     (4, loc 0)
 *   #pragma omp taskwait        // line 13
 *   D();                        //                         (2, loc 0)
 *
 * OSPG: root S [W0, ST1(-1) [P1 [W_A, ST2(-1) [P2 [W_B], W_k2], W_C], W_k1], W_D]
 *
 * Relations: W0 precedes everything, W_D follows everything (line 13 waits T1,
 * which waited T2 at line 10).  Inside T1: A < B (creation), A < k2 < C
 * (program order), B < C (taskwait 10), B || k2 (child vs continuation).
 * k1 (main after creating T1) || all of T1 and T2: A, B, k2, C.
 * Parallel pairs: B:k2, A:k1, B:k1, k2:k1, C:k1.
 *
 * Longest chain: W0 A B C D = 1+2+10+3+2 = 18 (others: W0 A k2 C D = 9,
 * W0 k1 D = 7).  Work = 1+2+10+1+3+4+2 = 23.  Critical path per location:
 * loc0 = W0+D = 3, loc1 = A+C = 5, loc2 = B = 10.
 * Inner: P2 = 10/10; ST2: max(B, k2) = 10, work 11; P1: A B C = 15, work 16;
 * ST1: max(15, k1 4) = 15, work 20.
 * ========================================================================== */
static void build_fig210(int nested)
{
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *st1 = ST(r, "ST1");
  oa_node *p1 = PT(st1, "P1", 3);
  W(p1, "W_A", 2, 1);
  oa_node *st2 = ST(p1, "ST2");
  oa_node *p2 = PT(st2, "P2", 6);
  W(p2, "W_B", 10, 2);
  if (nested) {
    W(st2, "W_k2", 1, 1);
    taskwait(st2);
    W(p1, "W_C", 3, 1);
  } else {
    /* Fig. 2.10(c): the taskwait at line 10 is commented out, so C is T1's
     * continuation right after creating T2, inside ST2. */
    W(st2, "W_C", 3, 1);
  }
  W(st1, "W_k1", 4, 0);
  taskwait(st1);
  W(r, "W_D", 2, 0);
}

static void extra_fig210a(void)
{
  CHECK(oa_lca(N("W_B"), N("W_C")) == N("P1"), "fig2.10a: lca(B, C) != P1");
  CHECK(oa_lca(N("W_B"), N("W_D")) == N("root"), "fig2.10a: lca(B, D) != root");
  CHECK(oa_lca(N("W_B"), N("W_k2")) == N("ST2"), "fig2.10a: lca(B, k2) != ST2");
  CHECK(oa_lca(N("W_A"), N("W_k1")) == N("ST1"), "fig2.10a: lca(A, k1) != ST1");
  CHECK(oa_lca(N("W_B"), N("W_B")) == N("W_B"), "fig2.10a: lca(B, B) != B");
  CHECK(oa_lca(N("P1"), N("W_B")) == N("P1"), "fig2.10a: lca(P1, B) != P1");
  CHECK(oa_lca(N("W_k1"), N("W_A")) == N("ST1"), "fig2.10a: lca(k1, A) != ST1 (argument order)");
}

/* ==========================================================================
 * Fig. 2.10(c)/(e): same program without the taskwait at line 10.
 *
 * OSPG: root S [W0, ST1(-1) [P1 [W_A, ST2(0) [P2 [W_B], W_C]], W_k1], W_D]
 *
 * Relations: T2 (B) is a grandchild of main: line 13 waits T1 only, so B || D
 * (the dissertation: st_val sum from W_B to ST1 is 1), and B || C (nothing in
 * T1 waits T2).  A < D and C < D (T1's own fragments).  k1 || A, B, C.
 * Parallel pairs: B:C, A:k1, B:k1, C:k1, B:D.
 *
 * Longest chain: W0 A B = 13 (B has nothing after it); W0 A C D = 8;
 * W0 k1 D = 7.  Span 13.  Work 1+2+10+3+4+2 = 22.  Per location: loc0 1,
 * loc1 2, loc2 10.  Inner: P1 = A B = 12 (work 15); ST2 = 10 (work 13);
 * ST1 = 12 (work 19).
 * ========================================================================== */

/* ==========================================================================
 * Fig. 2.11: nesting level 3, the 8 ways of placing taskwaits (the figure
 * shows four of them).  Inside a parallel region with one thread:
 *
 *   W0                                          (1, loc 0)   main
 *   #pragma omp parallel                        S_par [S_bar [P_thr ...]]
 *   { #pragma omp task                          T1  (P1, own loc 2)
 *     { A();                                    (2, loc 2)
 *       #pragma omp task                        T2  (P2, own loc 3)
 *       { B();                                  (3, loc 3)
 *         #pragma omp task                      T3  (P3, own loc 4)
 *           C();                                (20, loc 4)
 *         k3                                    (1, loc 3)
 *         [#pragma omp taskwait   tw3           ST3 -> -1]
 *         [D3();                  if tw3        (4, loc 3)] }
 *       k2                                      (5, loc 2)
 *       [#pragma omp taskwait     tw2           ST2 -> -1]
 *       [D2();                    if tw2        (2, loc 2)] }
 *     k1                                        (6, loc 1)   implicit task
 *     [#pragma omp taskwait       tw1           ST1 -> -1]
 *     [D1();                      if tw1        (3, loc 1)] }
 *   end                                         (1, loc 0)
 *
 * Relations (any variant): W0 precedes all, end follows all (region barrier).
 * Creation: A < T2..., B < T3.  Child vs creator's continuation: C || k3;
 * all of T2 (B, C, k3, D3) || k2; all of T1 (A, B, C, k3, D3, k2, D2) || k1.
 * Taskwaits: D3 follows C; D2 follows T2's completion = B, k3, D3, and C only
 * if tw3; D1 follows T1's completion = A, k2, D2 and, only if tw2, T2's
 * completion (B, k3, D3, and C only if tw3 too).
 * The variant bits are tw1 tw2 tw3 (4 = tw1, 2 = tw2, 1 = tw3).
 *
 * Longest chains ending at each fragment (L): W0 1, A 3, k1 7, B 6, k2 8,
 * C 26, k3 7; D3 = max(C 26, k3 7) + 4 = 30; D2 = tw3 ? max(k2 8, D3 30) + 2
 * = 32 : max(k2 8, k3 7) + 2 = 10; D1 = tw2&&tw3 ? 32+3 = 35 : tw2 ?
 * max(k1 7, D2 10) + 3 = 13 : max(k1 7, k2 8, A 3) + 3 = 11; end = max + 1.
 * ========================================================================== */
static void build_fig211(int v)
{
  int tw1 = v & 4, tw2 = v & 2, tw3 = v & 1;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *spar = S(r, "S_par");
  spar->own_loc = 1;
  oa_node *sbar = S(spar, "S_bar");
  oa_node *thr = PP(sbar, "P_thr");
  oa_node *st1 = ST(thr, "ST1");
  oa_node *p1 = PT(st1, "P1", 2);
  W(p1, "W_A", 2, 2);
  oa_node *st2 = ST(p1, "ST2");
  oa_node *p2 = PT(st2, "P2", 3);
  W(p2, "W_B", 3, 3);
  oa_node *st3 = ST(p2, "ST3");
  oa_node *p3 = PT(st3, "P3", 4);
  W(p3, "W_C", 20, 4);
  W(st3, "W_k3", 1, 3);
  if (tw3) {
    taskwait(st3);
    W(p2, "W_D3", 4, 3);
  }
  W(st2, "W_k2", 5, 2);
  if (tw2) {
    taskwait(st2);
    W(p1, "W_D2", 2, 2);
  }
  W(st1, "W_k1", 6, 1);
  if (tw1) {
    taskwait(st1);
    W(thr, "W_D1", 3, 1);
  }
  W(r, "W_end", 1, 0);
}

/* The base parallel pairs (no D fragment involved), then per variant. */
#define FIG211_BASE                                                           \
  "W_C:W_k3 W_B:W_k2 W_C:W_k2 W_k3:W_k2 W_A:W_k1 W_B:W_k1 W_C:W_k1 W_k3:W_k1 W_k2:W_k1 "

/* ==========================================================================
 * Fig. 2.12: task dependencies, perfectly nested taskwaits.
 *
 *   A();                                   (1, loc 0)
 *   #pragma omp task depend(out: x)        T_l = P_l (line 4, own loc 1)
 *   { B();                                 (2, loc 1)
 *     #pragma omp task                     P_c (own loc 2)
 *       C();                               (10, loc 2)
 *     kl                                   (1, loc 1)
 *     #pragma omp taskwait                 (line 11)
 *     D(); }                               (3, loc 1)
 *   k1                                     (1, loc 0)
 *   #pragma omp task depend(in: x)         T_r = P_r (line 14, own loc 3)
 *   { E();                                 (2, loc 3)
 *     #pragma omp task                     P_f (own loc 4)
 *       F();                               (4, loc 4)
 *     kr                                   (1, loc 3)
 *     #pragma omp taskwait
 *     G(); }                               (2, loc 3)
 *   k2                                     (1, loc 0)
 *   #pragma omp taskwait
 *   H();                                   (1, loc 0)
 *
 * OSPG: root S [W_A, ST0(-1) [P_l [W_B, ST_l(-1) [P_c [W_C], W_kl], W_D],
 *               W_k1, P_r [W_E, ST_r(-1) [P_f [W_F], W_kr], W_G], W_k2], W_H]
 * with the dependency edge P_l -> P_r.
 *
 * Relations: T_r starts after T_l completes; T_l's completion includes C
 * (waited at line 11), so every fragment of T_l (B, C, kl, D) precedes every
 * fragment of T_r (E, F, kr, G).  k1 (main after creating T_l) || all of T_l,
 * but k1 < T_r (T_r is created after k1).  k2 || all of T_l and T_r.  Inside
 * the tasks: C || kl, F || kr.  H follows everything.
 *
 * Span: L(D) = A B C D = 16; E waits D: 18; F 22; G 24; H 25 = the span.
 * Work = 1+2+10+1+3+1+2+4+1+2+1+1 = 29.  Per location: loc0 A+H = 2,
 * loc1 B+D = 5, loc2 C = 10, loc3 E+G = 4, loc4 F = 4.
 * Inner: P_l = B C D = 15 (work 16); P_r = E F G = 8 (work 9);
 * ST0 = B C D E F G = 23 (work 27).
 *
 * Fig. 2.13: the same with the taskwait at line 11 commented out: C is T_l's
 * unwaited child, D is T_l's continuation inside ST_l(0) (there is no kl).
 * T_l's completion is now B and D only: the dependency orders B, D before
 * T_r, but C || E, F, kr, G; nobody waits C so C || H too; C || D.
 * With C = 10: L(D) = A B D = 6; E = 8, F 12, G 14, H 15; C = A B C = 13;
 * span 15, work 28; per location loc0 2, loc1 5, loc3 4, loc4 4.
 * Inner: P_l = max(B C 12, B D 5) = 12 (work 15); ST0 = max(B C 12,
 * B D E F G 13) = 13 (work 26).
 * With C = 20 (variant 2): span = A B C = 23 (H = 15); work 38; per location
 * loc0 1, loc1 2, loc2 20.  (Ordering C before E would give 32.)
 * Inner: P_l = 22 (work 25), ST0 = 22 (work 36).
 * ========================================================================== */
static void build_fig212(int v)
{
  int nested = v == 0;
  oa_node *r = S(NULL, "root");
  W(r, "W_A", 1, 0);
  oa_node *st0 = ST(r, "ST0");
  oa_node *pl = PT(st0, "P_l", 1);
  W(pl, "W_B", 2, 1);
  oa_node *stl = ST(pl, "ST_l");
  oa_node *pc = PT(stl, "P_c", 2);
  W(pc, "W_C", v == 2 ? 20 : 10, 2);
  if (nested) {
    W(stl, "W_kl", 1, 1);
    taskwait(stl);
    W(pl, "W_D", 3, 1);
  } else {
    W(stl, "W_D", 3, 1);
  }
  W(st0, "W_k1", 1, 0);
  oa_node *pr = PT(st0, "P_r", 3);
  oa_node_add_pred(pr, pl);
  W(pr, "W_E", 2, 3);
  oa_node *str = ST(pr, "ST_r");
  oa_node *pf = PT(str, "P_f", 4);
  W(pf, "W_F", 4, 4);
  W(str, "W_kr", 1, 3);
  taskwait(str);
  W(pr, "W_G", 2, 3);
  W(st0, "W_k2", 1, 0);
  taskwait(st0);
  W(r, "W_H", 1, 0);
}

static void extra_fig212(void)
{
  CHECK(oa_directed_path(N("P_l"), N("P_r")) == 1, "fig2.12: no path P_l -> P_r");
  CHECK(oa_directed_path(N("P_c"), N("P_f")) == 0, "fig2.12: path P_c -> P_f");
  CHECK(oa_lca(N("W_C"), N("W_E")) == N("ST0"), "fig2.12: lca(C, E) != ST0");
  CHECK(oa_lca(N("W_B"), N("W_D")) == N("P_l"), "fig2.12: lca(B, D) != P_l");
  CHECK(oa_lca(N("W_F"), N("W_H")) == N("root"), "fig2.12: lca(F, H) != root");
}

/* ==========================================================================
 * Fig. 3.6: ProcessNode on the subtree of P3 in Fig. 3.2(b) (treeProcess:
 * two recursive tasks, a taskwait, then processNode).  The text gives no
 * numbers; mine:
 *
 *   W0                                      (1, loc 0)
 *   #pragma omp task       P3 (own loc 9, "line 9")
 *   { W4 (before the tasks)                 (2, loc 1)
 *     #pragma omp task     P4 (own loc 9: the same directive, recursively)
 *       W6                                  (5, loc 2)
 *     W5 (between the two creations)        (1, loc 1)
 *     #pragma omp task     P5 (own loc 12)
 *       W7                                  (6, loc 2)
 *     W8 (before the taskwait)              (1, loc 1)
 *     #pragma omp taskwait                  ST3 -> -1
 *     W9 (processNode)                      (3, loc 1) }
 *   Wc (main's continuation)                (1, loc 0)
 *   #pragma omp taskwait                    ST_top -> -1
 *   W_end                                   (1, loc 0)
 *
 * The text: after P4, ST3.S = {W6}; W5 || P4 so it doesn't replace it; P5
 * with W5 (1+6 = 7 > 5) does.  So ST3's span is 7 (work 13).  P3: W4 W5 W7
 * W9 = 12 (W4 W6 W9 = 10, W4 W5 W8 W9 = 7), work 18.  Root: W0 + 12 + W_end
 * = 14 (W0 Wc W_end = 3), work 21.  Per location: loc0 2, loc1 W4+W5+W9 = 6,
 * loc2 W7 = 6.
 * Parallel pairs: W6 || W5, W7, W8 (sibling task / continuation); W7 || W8;
 * Wc || all of P3.  W5 < W7 (creation), everything < W9 (taskwait).
 * has_ancestor_loc: P4 sits under P3 with the same location -> 1; P3 and P5
 * -> 0.
 * ========================================================================== */
static void build_fig36(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *top = ST(r, "ST_top");
  oa_node *p3 = PT(top, "P3", 9);
  W(p3, "W4", 2, 1);
  oa_node *st3 = ST(p3, "ST3");
  oa_node *p4 = PT(st3, "P4", 9);
  W(p4, "W6", 5, 2);
  W(st3, "W5", 1, 1);
  oa_node *p5 = PT(st3, "P5", 12);
  W(p5, "W7", 6, 2);
  W(st3, "W8", 1, 1);
  taskwait(st3);
  W(p3, "W9", 3, 1);
  W(top, "Wc", 1, 0);
  taskwait(top);
  W(r, "W_end", 1, 0);
}

/* ==========================================================================
 * Fig. 3.7: the example where folding ST1 too early would give P1 the
 * critical path {W1, W2, W3, W5} (8 units) instead of {W1, W2, W5} (5 units):
 * W3 is part of ST1's critical path {W2, W3} but is parallel to W5.  The text
 * fixes W1+W2+W5 = 5 and W3 = 3 (8 - 5); as the text's "{W1,W2,W5}" must be
 * strictly longer than W1 W2 W3, W5 > 3; mine: W1 0, W2 1, W3 3, W5 4.
 *
 *   Wr                                      (1, loc 0)
 *   #pragma omp task              P1 (own loc 1)
 *   { W1                                    (0, loc 1)
 *     #pragma omp task            P2 (own loc 2)
 *     { W2                                  (1, loc 2)
 *       #pragma omp task          P3 (own loc 3)
 *         W3                                (3, loc 3)
 *       W4 (T2 ends without waiting T3)     (0, loc 2) }
 *     Wk1                                   (0, loc 1)
 *     #pragma omp taskwait        ST1 -> -1 (waits T2, not T3)
 *     W5 }                                  (4, loc 1)
 *   Wk                                      (1, loc 0)
 *   #pragma omp taskwait          ST0 -> -1
 *   W_end                                   (1, loc 0)
 *
 * P1: chains W1 W2 W3 = 4, W1 W2 W4 W5 = 5, W1 Wk1 W5 = 4 -> span 5, work 8
 * (the wrong answer would be 8 as well -- a coincidence of the text's numbers).
 * ST1: W2 W3 = 4 (work 4).  Root: W3 is a grandchild nobody waited (ST2 is
 * 0), so W3 || W_end: Wr W1 W2 W4 W5 W_end = 7 (Wr W1 W2 W3 = 5), work 11.
 * Per location: loc0 Wr+W_end 2, loc1 W1+W5 4, loc2 W2+W4 1.
 * Parallel pairs: W3 || W4 (T3 vs T2's continuation); W2, W3, W4 || Wk1;
 * W3 || W5; Wk || all of P1; W3 || W_end.
 * ========================================================================== */
static void build_fig37(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "Wr", 1, 0);
  oa_node *st0 = ST(r, "ST0");
  oa_node *p1 = PT(st0, "P1", 1);
  W(p1, "W1", 0, 1);
  oa_node *st1 = ST(p1, "ST1");
  oa_node *p2 = PT(st1, "P2", 2);
  W(p2, "W2", 1, 2);
  oa_node *st2 = ST(p2, "ST2");
  oa_node *p3 = PT(st2, "P3", 3);
  W(p3, "W3", 3, 3);
  W(st2, "W4", 0, 2);
  W(st1, "Wk1", 0, 1);
  taskwait(st1);
  W(p1, "W5", 4, 1);
  W(st0, "Wk", 1, 0);
  taskwait(st0);
  W(r, "W_end", 1, 0);
}

/* ==========================================================================
 * Fig. 3.8: the on-the-fly example: root S [W1, P1 [W2], P2 [W3], S2 [W4]];
 * P1 and P2 complete after S2; the root's critical path is {W1, W2} = 200,
 * replacing {W1, W4} = 150.  So W1 + W2 = 200, W1 + W4 = 150; mine:
 * W1 50, W2 150, W3 120, W4 100.  Span 200, work 420, loc0 50, loc1 150.
 * Parallel pairs: W2 || W3, W2 || W4, W3 || W4.  (The reverse-creation and
 * random close orders complete S2 before P1.)
 * ========================================================================== */
static void build_fig38(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W1", 50, 0);
  oa_node *p1 = PT(r, "P1", 1);
  W(p1, "W2", 150, 1);
  oa_node *p2 = PT(r, "P2", 2);
  W(p2, "W3", 120, 2);
  oa_node *s2 = S(r, "S2");
  W(s2, "W4", 100, 3);
}

/* ==========================================================================
 * Parallel region, 3 threads, one explicit barrier (Fig. 2.4's shape):
 *   root S [W0, S_par [S_bar1 [P_t0 [W_a0], P_t1 [W_a1], P_t2 [W_a2]],
 *                      S_bar2 [P_u0 [W_b0], P_u1 [W_b1], P_u2 [W_b2]]], W_end]
 * Threads' fragments in the same phase are parallel, across the barrier
 * series.  a = 5, 9, 3 (loc 1); b = 7, 1, 4 (loc 2); W0 2, W_end 1 (loc 0).
 * Span 2 + 9 + 7 + 1 = 19, work 32, loc0 3, loc1 9, loc2 7.
 * Inner: S_bar1 9/17, S_bar2 7/12, S_par 16/29.
 * ========================================================================== */
static void build_barrier(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 2, 0);
  oa_node *spar = S(r, "S_par");
  oa_node *b1 = S(spar, "S_bar1");
  W(PP(b1, "P_t0"), "W_a0", 5, 1);
  W(PP(b1, "P_t1"), "W_a1", 9, 1);
  W(PP(b1, "P_t2"), "W_a2", 3, 1);
  oa_node *b2 = S(spar, "S_bar2");
  W(PP(b2, "P_u0"), "W_b0", 7, 2);
  W(PP(b2, "P_u1"), "W_b1", 1, 2);
  W(PP(b2, "P_u2"), "W_b2", 4, 2);
  W(r, "W_end", 1, 0);
}

/* ==========================================================================
 * Dynamic loop with nowait, 2 threads, then a barrier (Fig. 2.7: a P-node per
 * chunk under the executing thread's P-node):
 *   root S [W0, S_par [S_bar1 [
 *       P_t0 [W_pre0, P_c0 [W_c0], P_c2 [W_c2], W_nw0],
 *       P_t1 [W_pre1, P_c1 [W_c1], P_c3 [W_c3], W_nw1]],
 *     S_bar2 [P_u0 [W_post0], P_u1 [W_post1]]], W_end]
 * Relations: the two threads' fragments in phase 1 are all parallel; within
 * a thread, its pre-loop fragment precedes the chunks it runs and its post-
 * loop fragment (the OSPG encodes the thread's own program order); chunks are
 * logically parallel with each other and, nowait, with the post-loop
 * fragments up to the barrier.  Phase 2 follows phase 1.
 * Work: W0 1; pre0 1, c0 4, c2 5, nw0 2; pre1 2, c1 6, c3 3, nw1 1;
 * post0 3, post1 1; W_end 1 -> 30.  Span: P_t0 = 1 + max(4, 5, 2) = 6,
 * P_t1 = 2 + 6 = 8; 1 + 8 + 3 + 1 = 13.  Per location (0 main, 1 region code,
 * 2 loop body): loc0 2, loc1 pre1 + post0 = 5, loc2 c1 = 6.
 * Inner: P_t0 6/12, P_t1 8/12, S_bar1 8/24.
 * ========================================================================== */
static void build_loop(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *spar = S(r, "S_par");
  oa_node *b1 = S(spar, "S_bar1");
  oa_node *t0 = PP(b1, "P_t0");
  W(t0, "W_pre0", 1, 1);
  W(PP(t0, "P_c0"), "W_c0", 4, 2);
  W(PP(t0, "P_c2"), "W_c2", 5, 2);
  W(t0, "W_nw0", 2, 1);
  oa_node *t1 = PP(b1, "P_t1");
  W(t1, "W_pre1", 2, 1);
  W(PP(t1, "P_c1"), "W_c1", 6, 2);
  W(PP(t1, "P_c3"), "W_c3", 3, 2);
  W(t1, "W_nw1", 1, 1);
  oa_node *b2 = S(spar, "S_bar2");
  W(PP(b2, "P_u0"), "W_post0", 3, 1);
  W(PP(b2, "P_u1"), "W_post1", 1, 1);
  W(r, "W_end", 1, 0);
}

/* ==========================================================================
 * Tasks without taskwait, then a barrier; 2 threads, thread 0 creates two
 * tasks (as in a single):
 *   root S [W0, S_par [S_bar1 [
 *       P_t0 [W_s, ST(0) [P1 [W1], W_k1, P2 [W2], W_k2]],
 *       P_t1 [W_o]],
 *     S_bar2 [P_u0 [W_x], P_u1 [W_y]]], W_end]
 * Relations: tasks || creator's later fragments and each other: W1 || k1,
 * W2, k2; W2 || k2; k1 < W2 (creation).  Thread 1's W_o || everything of
 * thread 0 in phase 1 (tasks included).  The barrier waits the tasks.
 * Work: W0 1, W_s 2, W1 10, k1 1, W2 3, k2 4, W_o 5, W_x 2, W_y 6, W_end 1
 * -> 35.  Span: phase 1 = W_s + max(W1 10, k1 W2 4, k1 k2 5) = 12;
 * 1 + 12 + 6 + 1 = 20.  Locations: 0 main, 1 region code, 2 task 1,
 * 3 task 2: loc0 2, loc1 W_s + W_y = 8, loc2 10.
 * Inner: ST 10/18, P_t0 12/20, S_bar1 12/25.
 * ========================================================================== */
static void build_tasks_barrier(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *spar = S(r, "S_par");
  oa_node *b1 = S(spar, "S_bar1");
  oa_node *t0 = PP(b1, "P_t0");
  W(t0, "W_s", 2, 1);
  oa_node *st = ST(t0, "ST");
  W(PT(st, "P1", 2), "W1", 10, 2);
  W(st, "W_k1", 1, 1);
  W(PT(st, "P2", 3), "W2", 3, 3);
  W(st, "W_k2", 4, 1);
  W(PP(b1, "P_t1"), "W_o", 5, 1);
  oa_node *b2 = S(spar, "S_bar2");
  W(PP(b2, "P_u0"), "W_x", 2, 1);
  W(PP(b2, "P_u1"), "W_y", 6, 1);
  W(r, "W_end", 1, 0);
}

/* ==========================================================================
 * Two tasks and a taskwait:
 *   root S [W0, ST(-1) [P1 [W1], W_k1, P2 [W2], W_k2], W_after]
 * W1 || k1, W2, k2; W2 || k2; k1 < W2; everything < W_after.
 * Work: W0 1, W1 5, k1 1, W2 7, k2 2, W_after 3 -> 19.  Span: W0 k1 W2
 * W_after = 12 (W0 W1 W_after = 9).  loc0 (main) W0+k1+W_after = 5,
 * loc2 W2 = 7.  Inner: ST = k1 W2 = 8 (work 15).
 * ========================================================================== */
static void build_taskwait(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *st = ST(r, "ST");
  W(PT(st, "P1", 1), "W1", 5, 1);
  W(st, "W_k1", 1, 0);
  W(PT(st, "P2", 2), "W2", 7, 2);
  W(st, "W_k2", 2, 0);
  taskwait(st);
  W(r, "W_after", 3, 0);
}

/* ==========================================================================
 * Taskgroup with a nested task (Fig. 2.9's shape):
 *   root S [W0, S_tg [W_in, ST(0) [P1 [W1, ST1(0) [P11 [W11], W_k11]],
 *           W_k1]], W_after]
 * The taskgroup waits all descendants: W11 < W_after.  W11 || k11;
 * W1, W11, k11 || k1.
 * Work: W0 1, W_in 1, W1 2, W11 9, k11 1, k1 3, W_after 2 -> 19.
 * Span: W0 W_in W1 W11 W_after = 15.  loc0 W0+W_in+W_after 4, loc1 W1 2,
 * loc2 W11 9.  Inner: S_tg = W_in W1 W11 = 12 (work 16), ST = 11 (work 15).
 *
 * Variant 1, a taskwait instead of the taskgroup:
 *   root S [W0, W_in, ST(-1) [P1 [W1, ST1(0) [P11 [W11], W_k11]], W_k1],
 *           W_after]
 * The taskwait waits T1 only, so the grandchild W11 || W_after as well.
 * Span: W0 W_in W1 W11 = 13; W_after = max(k1 1+1+3, k11 1+1+2+1) + 2 = 7.
 * Work 19.  loc0 2, loc1 2, loc2 9.  Inner: ST 11/15.
 * ========================================================================== */
static void build_taskgroup(int v)
{
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *tg = v == 0 ? S(r, "S_tg") : r;
  W(tg, "W_in", 1, 0);
  oa_node *st = ST(tg, "ST");
  oa_node *p1 = PT(st, "P1", 1);
  W(p1, "W1", 2, 1);
  oa_node *st1 = ST(p1, "ST1");
  W(PT(st1, "P11", 2), "W11", 9, 2);
  W(st1, "W_k11", 1, 1);
  W(st, "W_k1", 3, 0);
  if (v == 1)
    taskwait(st);
  W(r, "W_after", 2, 0);
}

/* ==========================================================================
 * A dependency chain beside an independent task:
 *   root S [W0, ST(-1) [P1 [W1], k1, P2 [W2], k2, P3 [W3], k3, P4 [W4], k4],
 *           W_after]       edges P1 -> P2 -> P3 (P1 -> P3 only transitively)
 * Relations: W1 < W2 < W3 (dependencies); W4 || W1, W2, W3; every task ||
 * the creator's later continuations (W_i || k_j, j >= i); k_j < W_i, j < i.
 * Work: W0 1, W1 4, k1 1, W2 5, k2 1, W3 8, k3 1, W4 11, k4 1, W_after 2 ->
 * 35.  L: W1 5, W2 = max(W1 5, k1 2) + 5 = 10, W3 = 18, W4 = W0 k1 k2 k3 +
 * 11 = 15; W_after = 18 + 2 = 20.  (Without the edges: 17.)
 * loc0 W0+W_after 3, loc1 4, loc2 5, loc3 8.  Inner: ST 17/32.
 * ========================================================================== */
static void build_depchain(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *st = ST(r, "ST");
  oa_node *p1 = PT(st, "P1", 1);
  W(p1, "W1", 4, 1);
  W(st, "W_k1", 1, 0);
  oa_node *p2 = PT(st, "P2", 2);
  oa_node_add_pred(p2, p1);
  oa_node_add_pred(p2, p1);  /* duplicate edge: ignored */
  W(p2, "W2", 5, 2);
  W(st, "W_k2", 1, 0);
  oa_node *p3 = PT(st, "P3", 3);
  oa_node_add_pred(p3, p2);
  W(p3, "W3", 8, 3);
  W(st, "W_k3", 1, 0);
  W(PT(st, "P4", 4), "W4", 11, 4);
  W(st, "W_k4", 1, 0);
  taskwait(st);
  W(r, "W_after", 2, 0);
}

static void extra_depchain(void)
{
  CHECK(oa_node_xr(N("P2"))->npreds == 1, "depchain: duplicate pred kept (%u preds)",
        oa_node_xr(N("P2"))->npreds);
  CHECK(oa_directed_path(N("P1"), N("P2")) == 1, "depchain: path P1 -> P2");
  CHECK(oa_directed_path(N("P2"), N("P3")) == 1, "depchain: path P2 -> P3");
  CHECK(oa_directed_path(N("P1"), N("P3")) == 1, "depchain: transitive path P1 -> P3");
  CHECK(oa_directed_path(N("P1"), N("P4")) == 0, "depchain: path P1 -> P4");
  CHECK(oa_directed_path(N("P2"), N("P4")) == 0, "depchain: path P2 -> P4");
  CHECK(oa_directed_path(N("P3"), N("P4")) == 0, "depchain: path P3 -> P4");
}

/* ==========================================================================
 * A dependency diamond's join: P3 depends on P1 and P2.
 *   root S [W0, ST(-1) [P1 [W1], k1, P2 [W2], k2, P3 [W3], k3], W_after]
 * W1 || k1, W2, k2, k3; W2 || k2, k3; W3 || k3; W1 < W3, W2 < W3.
 * Work: W0 1, W1 3, k1 1, W2 7, k2 1, W3 2, k3 1, W_after 1 -> 17.
 * L: W1 4, k1 2, W2 9, k2 3, W3 = max(4, 9, 3) + 2 = 11, k3 4, W_after 12.
 * loc0 W0+k1+W_after 3, loc2 W2 7, loc3 W3 2.  Inner: ST 10/15
 * (k1 W2 W3 = 10).
 * ========================================================================== */
static void build_diamond(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *st = ST(r, "ST");
  oa_node *p1 = PT(st, "P1", 1);
  W(p1, "W1", 3, 1);
  W(st, "W_k1", 1, 0);
  oa_node *p2 = PT(st, "P2", 2);
  W(p2, "W2", 7, 2);
  W(st, "W_k2", 1, 0);
  oa_node *p3 = PT(st, "P3", 3);
  oa_node_add_pred(p3, p1);
  oa_node_add_pred(p3, p2);
  W(p3, "W3", 2, 3);
  W(st, "W_k3", 1, 0);
  taskwait(st);
  W(r, "W_after", 1, 0);
}

/* ==========================================================================
 * An undeferred task (if(0) / included) beside a deferred one:
 *
 *   W0                                      (1, loc 0)
 *   #pragma omp task          P1            deferred
 *     W1                                    (5, loc 1)
 *   k1                                      (1, loc 0)
 *   #pragma omp task if(0)    P_u           undeferred
 *   { W_u                                   (4, loc 2)
 *     #pragma omp task        P_c           deferred child of U
 *       W_c                                 (3, loc 3)
 *     W_uk }                                (1, loc 2)
 *   k2                                      (2, loc 0)
 *   #pragma omp taskwait                    ST -> -1
 *   W_after                                 (1, loc 0)
 *
 * OSPG: root S [W0, ST(-1) [P1 [W1], W_k1, P_u! [W_u, ST_u(0) [P_c [W_c],
 *               W_uk]], W_k2], W_after]
 * Relations: the creator resumes only when U is complete, so W_u, W_uk < k2;
 * U's own child C is deferred and nobody waits it: W_c || W_uk, k2 and
 * W_after (the taskwait waits children P1 and U, not the grandchild C).
 * P1 is deferred: W1 || k1, W_u, W_c, W_uk, k2.  k1 < W_u (program order).
 * L: W0 1, W1 6, k1 2, W_u 6, W_c 9, W_uk 7, k2 = max(k1 2, W_uk 7) + 2 = 9,
 * W_after = max(W1 6, k2 9) + 1 = 10.  Span 10 (W0 k1 W_u W_uk k2 W_after);
 * were U treated as deferred, k2 would be 4 and the span 9.  Work 18.
 * loc0 W0+k1+k2+W_after 5, loc2 W_u+W_uk 5.
 * Inner: P_u = W_u W_c = 7 (work 8); ST = 8 (work 16; k1 W_u W_uk k2 and
 * k1 W_u W_c tie at 8).
 * ========================================================================== */
static void build_undeferred(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *st = ST(r, "ST");
  W(PT(st, "P1", 1), "W1", 5, 1);
  W(st, "W_k1", 1, 0);
  oa_node *pu = PT(st, "P_u", 2);
  pu->undeferred = 1;
  pu->st_val = 0;  /* an undeferred task is waited at once */
  W(pu, "W_u", 4, 2);
  oa_node *stu = ST(pu, "ST_u");
  W(PT(stu, "P_c", 3), "W_c", 3, 3);
  W(stu, "W_uk", 1, 2);
  W(st, "W_k2", 2, 0);
  taskwait(st);
  W(r, "W_after", 1, 0);
}

/* ==========================================================================
 * An undeferred task inside a deferred task that does not taskwait, the
 * task having a dependent sibling:
 *
 *   W0                                      (1, loc 0)
 *   #pragma omp task depend(out: x)   P_T
 *   { W_t                                   (1, loc 1)
 *     #pragma omp task if(0)          P_u   undeferred, inside ST_T(0)
 *       W_u                                 (10, loc 2)
 *     W_t2 }                                (1, loc 1)
 *   k                                       (1, loc 0)
 *   #pragma omp task depend(in: x)    P_S   (edge P_T -> P_S)
 *     W_s                                   (2, loc 3)
 *   k2                                      (1, loc 0)
 *   #pragma omp taskwait                    ST0 -> -1
 *   W_after                                 (1, loc 0)
 *
 * Relations: T cannot go past the if(0) task before U completes, so W_t <
 * W_u < W_t2, and U is part of T's completion: T's dependent S starts after
 * W_u (W_u < W_s), and the taskwait, which waits T, is after W_u too
 * (W_u < W_after).  k || T's fragments; k < W_s; k2 || T's fragments and
 * W_s.
 * Parallel pairs: t:k u:k t2:k t:k2 u:k2 t2:k2 s:k2.
 * L: W0 1, W_t 2, W_u 12, W_t2 13, W_k 2, W_s = 13 + 2 = 15, W_k2 3,
 * W_after 16.  Span 16, work 18.  loc0 W0+W_after 2, loc1 W_t+W_t2 2,
 * loc2 10, loc3 2.  Inner: P_T 12/12, ST0 = W_t W_u W_t2 W_s = 14 (work 16).
 * (Found by this test: U's own level must not count as unwaited above its
 * P-node, which now has st_val 0.)
 * ========================================================================== */
static void build_undeferred_nested(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *st0 = ST(r, "ST0");
  oa_node *pt = PT(st0, "P_T", 1);
  W(pt, "W_t", 1, 1);
  oa_node *stt = ST(pt, "ST_T");
  oa_node *pu = PT(stt, "P_u", 2);
  pu->undeferred = 1;
  pu->st_val = 0;  /* an undeferred task is waited at once */
  W(pu, "W_u", 10, 2);
  W(stt, "W_t2", 1, 1);
  W(st0, "W_k", 1, 0);
  oa_node *ps = PT(st0, "P_S", 3);
  oa_node_add_pred(ps, pt);
  W(ps, "W_s", 2, 3);
  W(st0, "W_k2", 1, 0);
  taskwait(st0);
  W(r, "W_after", 1, 0);
}

/* ==========================================================================
 * Two taskwaits of one task around a piece: a team of one runs a dynamic
 * loop (one chunk shown) whose iteration creates a task and waits for it;
 * a taskwait after the loop waits for the same children again:
 *
 *   W0                                      (1, loc 0)
 *   #pragma omp for schedule(dynamic) nowait   P_g (the construct, a share
 *                                              of the task's own work)
 *   {                                          P_ch (its chunk, a piece)
 *     W_c0                                  (1, loc 1)
 *     #pragma omp task                P_C
 *     { W_C                                 (2, loc 2)
 *       #pragma omp task              P_G   (a grandchild)
 *         W_G }                             (10, loc 3)
 *     #pragma omp taskwait                  ST_ch -> -1
 *     W_c1                                  (1, loc 1)
 *   }
 *   #pragma omp taskwait                    ST0 -> -1
 *   W_end                                   (1, loc 0)
 *
 * Relations (doc/SEMANTICS.md rule 11): a taskwait waits for the current task's
 * children, not their descendants.  Both waits wait for C, neither for G:
 * W_G || W_c1 and W_G || W_end; everything else is ordered (creation,
 * program order, W_C before both waits).
 * Work 16.  Span W0 W_c0 W_C W_G = 14 (W0 W_c0 W_C W_c1 W_end = 6).
 * loc0 1, loc1 1, loc2 2, loc3 10.  Inner: P_ch 13/14, ST0 13/14.
 * (Found by tests/oracle/gen.py seed 3924: the two waits took G's class
 * down twice, as if they had waited for two generations.)
 * ========================================================================== */
static void build_two_waits(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *st0 = ST(r, "ST0");
  oa_node *g = PP(st0, "P_g");
  g->piece = g->share = g->undeferred = 1;
  oa_node *ch = PP(g, "P_ch");
  ch->piece = 1;
  W(ch, "W_c0", 1, 1);
  oa_node *stc = ST(ch, "ST_ch");
  oa_node *pc = PT(stc, "P_C", 2);
  W(pc, "W_C", 2, 2);
  W(PT(ST(pc, "ST_C"), "P_G", 3), "W_G", 10, 3);
  taskwait(stc);
  W(ch, "W_c1", 1, 1);
  taskwait(st0);
  W(r, "W_end", 1, 0);
}

/* ==========================================================================
 * Two chains of the same length: two sibling tasks without dependences
 * (they may fold in either order: free_order), each 5 units long:
 *
 *   W0                                      (1, loc 0)
 *   #pragma omp task  P1 { W1 }             (5, loc 1)
 *   #pragma omp task  P2 { W2 }             (5, loc 2)
 *
 * Relations: W1 || W2.  Work 11, span 6.  Either chain is a critical path;
 * the one kept must not depend on the order the tasks finish in (the tool
 * folds as threads finish, the replay in record order, and their reports
 * must agree byte for byte).  The convention: more locations first, then
 * the lower location: W0 W1, so loc0 1, loc1 5.
 * ========================================================================== */
static void build_tie(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *st = ST(r, "ST");
  oa_node *p1 = PT(st, "P1", 1), *p2 = PT(st, "P2", 2);
  p1->free_order = p2->free_order = 1;
  W(p1, "W1", 5, 1);
  W(p2, "W2", 5, 2);
}

/* ==========================================================================
 * A taskgroup inside a task that has a dependent sibling:
 *
 *   W0                                      (1, loc 0)
 *   #pragma omp task depend(out: x)   P_T
 *   { W_t                                   (1, loc 1)
 *     #pragma omp taskgroup           S_tg
 *     { #pragma omp task              P_g   inside ST_g(0)
 *         W_g                               (8, loc 2)
 *       W_tk }                              (1, loc 1)
 *     W_t2 }                                (1, loc 1)
 *   W_k                                     (1, loc 0)
 *   #pragma omp task depend(in: x)    P_S   (edge P_T -> P_S)
 *     W_s                                   (2, loc 3)
 *   W_k2                                    (1, loc 0)
 *   #pragma omp taskwait                    ST0 -> -1
 *   W_after                                 (1, loc 0)
 *
 * Relations: the taskgroup waits G, so W_g < W_t2 and G is part of T's
 * completion: W_g < W_s (dependency) and W_g < W_after.  W_g || W_tk.
 * k || T's fragments (t, g, tk, t2), k < s; k2 || T's fragments and s.
 * L: W0 1, W_t 2, W_g 10, W_tk 3, W_t2 11, W_k 2, W_s 13, W_k2 3, W_after 14.
 * Span 14, work 17.  loc0 2, loc1 W_t+W_t2 2, loc2 8, loc3 2.
 * Inner: S_tg 8/9, P_T = W_t W_g W_t2 10 (work 11), ST0 = 12 (work 15).
 * ========================================================================== */
static void build_taskgroup_in_task(int v)
{
  (void)v;
  oa_node *r = S(NULL, "root");
  W(r, "W0", 1, 0);
  oa_node *st0 = ST(r, "ST0");
  oa_node *pt = PT(st0, "P_T", 1);
  W(pt, "W_t", 1, 1);
  oa_node *tg = S(pt, "S_tg");
  oa_node *stg = ST(tg, "ST_g");
  W(PT(stg, "P_g", 2), "W_g", 8, 2);
  W(stg, "W_tk", 1, 1);
  W(pt, "W_t2", 1, 1);
  W(st0, "W_k", 1, 0);
  oa_node *ps = PT(st0, "P_S", 3);
  oa_node_add_pred(ps, pt);
  W(ps, "W_s", 2, 3);
  W(st0, "W_k2", 1, 0);
  taskwait(st0);
  W(r, "W_after", 1, 0);
}

static const case_t cases[] = {
  { "fig2.10a", build_fig210, 1,
    "W_B:W_k2 W_A:W_k1 W_B:W_k1 W_k2:W_k1 W_C:W_k1",
    23, 18, { [0] = 3, [1] = 5, [2] = 10 },
    { { "P2", 10, 10, -1 }, { "ST2", 10, 11, -1 }, { "P1", 15, 16, -1 },
      { "ST1", 15, 20, -1 }, { NULL, 0, 0, 0 } },
    extra_fig210a },
  { "fig2.10c", build_fig210, 0,
    "W_B:W_C W_A:W_k1 W_B:W_k1 W_C:W_k1 W_B:W_D",
    22, 13, { [0] = 1, [1] = 2, [2] = 10 },
    { { "P1", 12, 15, -1 }, { "ST2", 10, 13, -1 }, { "ST1", 12, 19, -1 }, { NULL, 0, 0, 0 } },
    NULL },
  /* Fig. 2.11, tw1 tw2 tw3 = 111 .. 000 */
  { "fig2.11 tw=111", build_fig211, 7,
    FIG211_BASE "W_D3:W_k2 W_D3:W_k1 W_D2:W_k1",
    48, 36, { [0] = 2, [1] = 3, [2] = 4, [3] = 7, [4] = 20 },
    { { "S_par", 34, 46, -1 }, { "P1", 31, 37, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "fig2.11 tw=110", build_fig211, 6,
    FIG211_BASE "W_D2:W_k1 W_C:W_D2 W_C:W_D1",
    44, 27, { [0] = 2, [2] = 2, [3] = 3, [4] = 20 },
    { { "S_par", 25, 42, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "fig2.11 tw=101", build_fig211, 5,
    FIG211_BASE "W_D3:W_k2 W_D3:W_k1 W_B:W_D1 W_C:W_D1 W_k3:W_D1 W_D3:W_D1",
    46, 31, { [0] = 2, [2] = 2, [3] = 7, [4] = 20 },
    { { "S_par", 29, 44, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "fig2.11 tw=100", build_fig211, 4,
    FIG211_BASE "W_B:W_D1 W_C:W_D1 W_k3:W_D1",
    42, 27, { [0] = 2, [2] = 2, [3] = 3, [4] = 20 },
    { { "S_par", 25, 40, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "fig2.11 tw=011", build_fig211, 3,
    FIG211_BASE "W_D3:W_k2 W_D3:W_k1 W_D2:W_k1",
    45, 33, { [0] = 2, [2] = 4, [3] = 7, [4] = 20 },
    { { "S_par", 31, 43, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "fig2.11 tw=010", build_fig211, 2,
    FIG211_BASE "W_D2:W_k1 W_C:W_D2",
    41, 27, { [0] = 2, [2] = 2, [3] = 3, [4] = 20 },
    { { "S_par", 25, 39, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "fig2.11 tw=001", build_fig211, 1,
    FIG211_BASE "W_D3:W_k2 W_D3:W_k1",
    43, 31, { [0] = 2, [2] = 2, [3] = 7, [4] = 20 },
    { { "S_par", 29, 41, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "fig2.11 tw=000", build_fig211, 0,
    FIG211_BASE,
    39, 27, { [0] = 2, [2] = 2, [3] = 3, [4] = 20 },
    { { "S_par", 25, 37, -1 }, { "P1", 25, 31, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "fig2.12", build_fig212, 0,
    "W_C:W_kl W_B:W_k1 W_C:W_k1 W_kl:W_k1 W_D:W_k1 "
    "W_B:W_k2 W_C:W_k2 W_kl:W_k2 W_D:W_k2 W_E:W_k2 W_F:W_k2 W_kr:W_k2 W_G:W_k2 W_F:W_kr",
    29, 25, { [0] = 2, [1] = 5, [2] = 10, [3] = 4, [4] = 4 },
    { { "P_l", 15, 16, -1 }, { "P_r", 8, 9, -1 }, { "ST0", 23, 27, -1 }, { NULL, 0, 0, 0 } },
    extra_fig212 },
  { "fig2.13", build_fig212, 1,
    "W_C:W_D W_B:W_k1 W_C:W_k1 W_D:W_k1 W_C:W_E W_C:W_F W_C:W_kr W_C:W_G "
    "W_B:W_k2 W_C:W_k2 W_D:W_k2 W_E:W_k2 W_F:W_k2 W_kr:W_k2 W_G:W_k2 W_F:W_kr W_C:W_H",
    28, 15, { [0] = 2, [1] = 5, [3] = 4, [4] = 4 },
    { { "P_l", 12, 15, -1 }, { "ST0", 13, 26, -1 }, { NULL, 0, 0, 0 } }, extra_fig212 },
  { "fig2.13 heavy C", build_fig212, 2,
    "W_C:W_D W_B:W_k1 W_C:W_k1 W_D:W_k1 W_C:W_E W_C:W_F W_C:W_kr W_C:W_G "
    "W_B:W_k2 W_C:W_k2 W_D:W_k2 W_E:W_k2 W_F:W_k2 W_kr:W_k2 W_G:W_k2 W_F:W_kr W_C:W_H",
    38, 23, { [0] = 1, [1] = 2, [2] = 20 },
    { { "P_l", 22, 25, -1 }, { "ST0", 22, 36, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "fig3.6", build_fig36, 0,
    "W6:W5 W6:W7 W6:W8 W7:W8 W4:Wc W6:Wc W5:Wc W7:Wc W8:Wc W9:Wc",
    21, 14, { [0] = 2, [1] = 6, [2] = 6 },
    { { "ST3", 7, 13, -1 }, { "P3", 12, 18, 0 }, { "P4", 5, 5, 1 }, { "P5", 6, 6, 0 },
      { NULL, 0, 0, 0 } },
    NULL },
  { "fig3.7", build_fig37, 0,
    "W3:W4 W2:Wk1 W3:Wk1 W4:Wk1 W3:W5 W1:Wk W2:Wk W3:Wk W4:Wk Wk1:Wk W5:Wk W3:W_end",
    11, 7, { [0] = 2, [1] = 4, [2] = 1 },
    { { "P1", 5, 8, 0 }, { "ST1", 4, 4, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "fig3.8", build_fig38, 0,
    "W2:W3 W2:W4 W3:W4",
    420, 200, { [0] = 50, [1] = 150 },
    { { "P1", 150, 150, 0 }, { "S2", 100, 100, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "region+barrier", build_barrier, 0,
    "W_a0:W_a1 W_a0:W_a2 W_a1:W_a2 W_b0:W_b1 W_b0:W_b2 W_b1:W_b2",
    32, 19, { [0] = 3, [1] = 9, [2] = 7 },
    { { "S_bar1", 9, 17, -1 }, { "S_bar2", 7, 12, -1 }, { "S_par", 16, 29, -1 },
      { NULL, 0, 0, 0 } },
    NULL },
  { "dynamic loop nowait", build_loop, 0,
    "W_pre0:W_pre1 W_pre0:W_c1 W_pre0:W_c3 W_pre0:W_nw1 W_c0:W_pre1 W_c0:W_c1 W_c0:W_c3 "
    "W_c0:W_nw1 W_c2:W_pre1 W_c2:W_c1 W_c2:W_c3 W_c2:W_nw1 W_nw0:W_pre1 W_nw0:W_c1 "
    "W_nw0:W_c3 W_nw0:W_nw1 W_c0:W_c2 W_c0:W_nw0 W_c2:W_nw0 W_c1:W_c3 W_c1:W_nw1 "
    "W_c3:W_nw1 W_post0:W_post1",
    30, 13, { [0] = 2, [1] = 5, [2] = 6 },
    { { "P_t0", 6, 12, -1 }, { "P_t1", 8, 12, -1 }, { "S_bar1", 8, 24, -1 },
      { NULL, 0, 0, 0 } },
    NULL },
  { "tasks+barrier", build_tasks_barrier, 0,
    "W1:W_k1 W1:W2 W1:W_k2 W2:W_k2 W_s:W_o W1:W_o W_k1:W_o W2:W_o W_k2:W_o W_x:W_y",
    35, 20, { [0] = 2, [1] = 8, [2] = 10 },
    { { "ST", 10, 18, -1 }, { "P_t0", 12, 20, -1 }, { "S_bar1", 12, 25, -1 },
      { NULL, 0, 0, 0 } },
    NULL },
  { "taskwait", build_taskwait, 0,
    "W1:W_k1 W1:W2 W1:W_k2 W2:W_k2",
    19, 12, { [0] = 5, [2] = 7 },
    { { "ST", 8, 15, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "taskgroup", build_taskgroup, 0,
    "W11:W_k11 W1:W_k1 W11:W_k1 W_k11:W_k1",
    19, 15, { [0] = 4, [1] = 2, [2] = 9 },
    { { "S_tg", 12, 16, -1 }, { "ST", 11, 15, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "taskwait instead of taskgroup", build_taskgroup, 1,
    "W11:W_k11 W1:W_k1 W11:W_k1 W_k11:W_k1 W11:W_after",
    19, 13, { [0] = 2, [1] = 2, [2] = 9 },
    { { "ST", 11, 15, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "dependency chain", build_depchain, 0,
    "W1:W_k1 W1:W_k2 W1:W_k3 W1:W_k4 W2:W_k2 W2:W_k3 W2:W_k4 W3:W_k3 W3:W_k4 W4:W_k4 "
    "W1:W4 W2:W4 W3:W4",
    35, 20, { [0] = 3, [1] = 4, [2] = 5, [3] = 8 },
    { { "ST", 17, 32, -1 }, { NULL, 0, 0, 0 } }, extra_depchain },
  { "dependency diamond", build_diamond, 0,
    "W1:W_k1 W1:W2 W1:W_k2 W1:W_k3 W2:W_k2 W2:W_k3 W3:W_k3",
    17, 12, { [0] = 3, [2] = 7, [3] = 2 },
    { { "ST", 10, 15, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "taskgroup inside a dependent task", build_taskgroup_in_task, 0,
    "W_g:W_tk W_t:W_k W_g:W_k W_tk:W_k W_t2:W_k W_t:W_k2 W_g:W_k2 W_tk:W_k2 W_t2:W_k2 W_s:W_k2",
    17, 14, { [0] = 2, [1] = 2, [2] = 8, [3] = 2 },
    { { "S_tg", 8, 9, -1 }, { "P_T", 10, 11, -1 }, { "ST0", 12, 15, -1 }, { NULL, 0, 0, 0 } },
    NULL },
  { "undeferred task", build_undeferred, 0,
    "W1:W_k1 W1:W_u W1:W_c W1:W_uk W1:W_k2 W_c:W_uk W_c:W_k2 W_c:W_after",
    18, 10, { [0] = 5, [2] = 5 },
    { { "P_u", 7, 8, -1 }, { "ST", 8, 16, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "two taskwaits around a chunk", build_two_waits, 0,
    "W_G:W_c1 W_G:W_end",
    16, 14, { [0] = 1, [1] = 1, [2] = 2, [3] = 10 },
    { { "P_ch", 13, 14, -1 }, { "ST0", 13, 14, -1 }, { NULL, 0, 0, 0 } }, NULL },
  { "equal chains", build_tie, 0,
    "W1:W2",
    11, 6, { [0] = 1, [1] = 5 },
    { { NULL, 0, 0, 0 } }, NULL },
  { "undeferred task inside a task", build_undeferred_nested, 0,
    "W_t:W_k W_u:W_k W_t2:W_k W_t:W_k2 W_u:W_k2 W_t2:W_k2 W_s:W_k2",
    18, 16, { [0] = 2, [1] = 2, [2] = 10, [3] = 2 },
    { { "P_T", 12, 12, -1 }, { "ST0", 14, 16, -1 }, { NULL, 0, 0, 0 } }, NULL },
};

/* --- chains ----------------------------------------------------------------- */

/* Where loc's first piece starts on chain c (-1: not on it). */
static float chain_first(const oa_chain *c, uint32_t loc)
{
  const oa_attr_item *it = c->cap ? c->u.heap : c->u.in;
  for (uint32_t i = 0; i < c->n; i++)
    if (it[i].loc == loc)
      return it[i].first;
  return -1;
}

static void test_chains(void)
{
  oa_chain a = { 0 }, b = { 0 }, c = { 0 };
  oa_chain_add(&a, 3, 5);
  oa_chain_add(&a, 1, 2);
  oa_chain_add(&a, 3, 1);
  CHECK(a.len == 8 && a.n == 2, "chain: len %lu n %u", (unsigned long)a.len, a.n);
  const oa_attr_item *it = a.cap ? a.u.heap : a.u.in;
  CHECK(a.n == 2 && it[0].loc == 1 && it[1].loc == 3, "chain: items not sorted by loc");
  CHECK(oa_chain_attr(&a, 3) == 6 && oa_chain_attr(&a, 1) == 2 && oa_chain_attr(&a, 2) == 0,
        "chain: attribution");
  oa_chain_add(&b, 2, 4);
  oa_chain_add(&b, 3, 10);
  oa_chain_concat(&c, &a, &b);
  CHECK(c.len == 22, "concat: len %lu, expected 22", (unsigned long)c.len);
  CHECK(oa_chain_attr(&c, 1) == 2 && oa_chain_attr(&c, 2) == 4 && oa_chain_attr(&c, 3) == 16,
        "concat: attribution");
  /* a is 3 (5), 1 (2), 3 (1); b is 2 (4), 3 (10): along a then b, 3 starts
   * at 0, 1 at 5, 2 at a's length 8 */
  CHECK(chain_first(&a, 3) == 0 && chain_first(&a, 1) == 5, "add: first pieces at %g, %g",
        chain_first(&a, 3), chain_first(&a, 1));
  CHECK(chain_first(&c, 3) == 0 && chain_first(&c, 1) == 5 && chain_first(&c, 2) == 8,
        "concat: first pieces at %g, %g, %g", chain_first(&c, 3), chain_first(&c, 1),
        chain_first(&c, 2));
  oa_chain f = { 0 };
  oa_chain_concat(&f, &b, &a);  /* b then a: 2 at 0, 3 at 4, 1 at 14 + 5 */
  CHECK(chain_first(&f, 2) == 0 && chain_first(&f, 3) == 4 && chain_first(&f, 1) == 19,
        "concat b then a: first pieces at %g, %g, %g", chain_first(&f, 2), chain_first(&f, 3),
        chain_first(&f, 1));
  oa_chain_free(&f);
  /* a piece without work does not place its location: 5 (0), 7 (100),
   * then 5 (100): 5's work starts at 100, in a chain and across a concat */
  oa_chain z = { 0 }, y = { 0 }, zy = { 0 }, w5 = { 0 };
  oa_chain_add(&z, 5, 0);
  oa_chain_add(&z, 7, 100);
  oa_chain_copy(&y, &z);
  oa_chain_add(&y, 5, 100);
  CHECK(chain_first(&y, 5) == 100, "add after an empty piece: first at %g", chain_first(&y, 5));
  oa_chain_add(&w5, 5, 100);
  oa_chain_concat(&zy, &z, &w5);
  CHECK(chain_first(&zy, 5) == 100 && chain_first(&zy, 7) == 0,
        "concat after an empty piece: first at %g, %g", chain_first(&zy, 5), chain_first(&zy, 7));
  oa_chain_free(&z);
  oa_chain_free(&y);
  oa_chain_free(&zy);
  oa_chain_free(&w5);
  oa_chain_copy(&b, &c);
  CHECK(b.len == 22 && oa_chain_attr(&b, 3) == 16, "copy");
  /* more locations than fit inline (OA_CHAIN_INLINE), then copy and concat */
  oa_chain d = { 0 }, e2 = { 0 };
  for (uint32_t l = 10; l > 0; l--)
    oa_chain_add(&d, l, l);
  CHECK(d.len == 55 && d.n == 10 && oa_chain_attr(&d, 7) == 7, "chain: 10 locations");
  oa_chain_copy(&a, &d);
  CHECK(a.len == 55 && a.n == 10 && oa_chain_attr(&a, 10) == 10, "copy of 10 locations");
  oa_chain_concat(&e2, &c, &d);
  CHECK(e2.len == 77 && oa_chain_attr(&e2, 3) == 19 && oa_chain_attr(&e2, 9) == 9,
        "concat with 10 locations: len %lu", (unsigned long)e2.len);
  oa_chain_free(&d);
  oa_chain_free(&e2);
  oa_chain_free(&a);
  oa_chain_free(&b);
  oa_chain_free(&c);
  oa_ends e = { 0 };
  CHECK(oa_ends_best(&e) == NULL, "ends_best of nothing");
}

/* --- a single node, an empty subtree ---------------------------------------- */

static void test_trivial(void)
{
  /* Sequential program (Fig. 2.3(a)): root S [W]. */
  reset();
  oa_node *r = S(NULL, "root");
  oa_node *w = W(r, "W1", 42, 0);
  oa_node_close(&G.pool, &hooks, w);
  CHECK(G.fin_count[1] == 1 && G.fin_count[0] == 0, "trivial: W finished, root not yet");
  oa_node_close(&G.pool, &hooks, r);
  CHECK(r->work == 42 && r->span == 42, "trivial: work %lu span %lu", (unsigned long)r->work,
        (unsigned long)r->span);
  CHECK(G.pool.allocated - G.pool.nfree == 1, "trivial: memory");
  oa_node_free(&G.pool, r);
  drain_pool();

  /* Empty S-node and a zero-work fragment in between. */
  reset();
  r = S(NULL, "root");
  oa_node *w1 = W(r, "W1", 3, 0);
  oa_node *s = S(r, "S_empty");
  oa_node *w2 = W(r, "W2", 0, 1);
  oa_node *w3 = W(r, "W3", 4, 0);
  oa_node_close(&G.pool, &hooks, w3);
  oa_node_close(&G.pool, &hooks, s);
  oa_node_close(&G.pool, &hooks, r);
  oa_node_close(&G.pool, &hooks, w2);
  oa_node_close(&G.pool, &hooks, w1);
  CHECK(r->work == 7 && r->span == 7, "empty S: work %lu span %lu", (unsigned long)r->work,
        (unsigned long)r->span);
  CHECK(G.pool.allocated - G.pool.nfree == 1, "empty S: memory");
  oa_node_free(&G.pool, r);
  drain_pool();
}

/* --- holding a P-node for dependents created after it was folded ----------- */

/* Task A (depend out: x) is created and completes, and is folded (it is the
 * first child of the ST-node) before its creator creates task B (depend in:
 * x).  The tool holds A's P-node while it may get dependents:
 *   root S [W0, ST(-1) [P_a [W_a], W_k, P_b [W_b]], W_after], P_a -> P_b
 * B still runs after A: span W0 W_a W_b W_after = 1 + 10 + 5 + 1 = 17
 * (without the edge: W0 W_k W_b W_after = 8, or W0 W_a W_after 12); work 18.
 * Variant: hold then release with no dependent: nothing leaks. */
static void test_hold(void)
{
  reset();
  oa_node *r = S(NULL, "root");
  oa_node *w0 = W(r, "W0", 1, 0);
  oa_node *st = ST(r, "ST");
  oa_node *pa = PT(st, "P_a", 1);
  oa_node *wa = W(pa, "W_a", 10, 1);
  oa_node_hold(pa);
  size_t free_before = G.pool.nfree;  /* nodes come in slabs: count the change */
  oa_node_close(&G.pool, &hooks, w0);
  oa_node_close(&G.pool, &hooks, wa);
  oa_node_close(&G.pool, &hooks, pa);
  CHECK(G.fin_count[idx_of(pa)] == 1, "hold: P_a not folded yet");
  CHECK(G.pool.nfree - free_before == 2, "hold: %lu nodes freed, expected 2 (W0, W_a; P_a is held)",
        (unsigned long)(G.pool.nfree - free_before));
  oa_node *wk = W(st, "W_k", 1, 0);
  oa_node *pb = PT(st, "P_b", 2);
  oa_node_add_pred(pb, pa);
  oa_node_release(&G.pool, pa);
  oa_node *wb = W(pb, "W_b", 5, 2);
  CHECK(oa_is_parallel(wk, wb) == 0, "hold: IsParallel(W_k, W_b)");
  taskwait(st);
  oa_node *wafter = W(r, "W_after", 1, 0);
  oa_node_close(&G.pool, &hooks, pb);
  oa_node_close(&G.pool, &hooks, wb);
  oa_node_close(&G.pool, &hooks, r);
  oa_node_close(&G.pool, &hooks, wafter);
  oa_node_close(&G.pool, &hooks, st);
  oa_node_close(&G.pool, &hooks, wk);
  CHECK(r->span == 17 && r->work == 18, "hold: span %lu work %lu, expected 17 18",
        (unsigned long)r->span, (unsigned long)r->work);
  const oa_chain *best = oa_ends_best(oa_node_ends(r));
  CHECK(best && oa_chain_attr(best, 0) == 2 && oa_chain_attr(best, 1) == 10 &&
            oa_chain_attr(best, 2) == 5,
        "hold: critical path attribution");
  CHECK(G.pool.allocated - G.pool.nfree == 1, "hold: %lu nodes alive, expected 1",
        (unsigned long)(G.pool.allocated - G.pool.nfree));
  oa_node_free(&G.pool, r);
  drain_pool();

  /* hold, fold, release without any dependent */
  reset();
  r = S(NULL, "root");
  st = ST(r, "ST");
  pa = PT(st, "P_a", 1);
  wa = W(pa, "W_a", 3, 1);
  oa_node_hold(pa);
  oa_node_close(&G.pool, &hooks, wa);
  oa_node_close(&G.pool, &hooks, pa);
  oa_node_release(&G.pool, pa);
  oa_node_close(&G.pool, &hooks, st);
  oa_node_close(&G.pool, &hooks, r);
  CHECK(r->span == 3 && G.pool.allocated - G.pool.nfree == 1, "hold/release: span %lu, %lu alive",
        (unsigned long)r->span, (unsigned long)(G.pool.allocated - G.pool.nfree));
  oa_node_free(&G.pool, r);
  drain_pool();

  /* hold and release before the fold */
  reset();
  r = S(NULL, "root");
  st = ST(r, "ST");
  pa = PT(st, "P_a", 1);
  wa = W(pa, "W_a", 3, 1);
  oa_node_hold(pa);
  oa_node_release(&G.pool, pa);
  oa_node_close(&G.pool, &hooks, wa);
  oa_node_close(&G.pool, &hooks, pa);
  oa_node_close(&G.pool, &hooks, st);
  oa_node_close(&G.pool, &hooks, r);
  CHECK(r->span == 3 && G.pool.allocated - G.pool.nfree == 1,
        "release before fold: span %lu, %lu alive", (unsigned long)r->span,
        (unsigned long)(G.pool.allocated - G.pool.nfree));
  oa_node_free(&G.pool, r);
  drain_pool();
}

/* --- oa_directed_path beyond its fixed 256-entry stack ---------------------- */

/* Task b depends on 300 sibling tasks q0..q299 (e.g. depend(iterator(i=0:300),
 * in: x[i])); only q299 depends on task a.  So a -> q299 -> b: W_a precedes
 * W_b (a's own fragment, class 1).  oa_directed_path pops b, pushes at most
 * 256 of its predecessors and silently drops q256..q299, so it misses the
 * path and oa_is_parallel answers "parallel".  (The span is right: fold does
 * not use oa_directed_path.) */
static void test_wide_fanin(void)
{
  static char names[302][8];
  reset();
  oa_node *r = S(NULL, "root");
  oa_node *st = ST(r, "ST");
  oa_node *pa = PT(st, "P_a", 1);
  oa_node *wa = W(pa, "W_a", 100, 1);
  oa_node *q[300];
  for (int i = 0; i < 300; i++) {
    snprintf(names[i], sizeof names[i], "q%d", i);
    q[i] = PT(st, names[i], 2);
    if (i == 299)
      oa_node_add_pred(q[i], pa);
    W(q[i], "wq", 1, 2);
  }
  oa_node *pb = PT(st, "P_b", 3);
  for (int i = 0; i < 300; i++)
    oa_node_add_pred(pb, q[i]);
  oa_node *wb = W(pb, "W_b", 5, 3);
  taskwait(st);
  /* Found by this test: a fixed-size stack once dropped q299. */
  CHECK(oa_directed_path(pa, pb) == 1, "wide fan-in: no path a -> q299 -> b (stack of 256 overflowed)");
  CHECK(oa_is_parallel(wa, wb) == 0, "wide fan-in: IsParallel(W_a, W_b) = 1, expected 0 (a -> q299 -> b)");
  for (int i = G.n - 1; i >= 0; i--)
    oa_node_close(&G.pool, &hooks, G.node[i]);
  /* span: W_a + wq(q299) + W_b = 106; work 100 + 300 + 5 = 405 */
  CHECK(r->span == 106 && r->work == 405, "wide fan-in: span %lu work %lu, expected 106 405",
        (unsigned long)r->span, (unsigned long)r->work);
  CHECK(G.pool.allocated - G.pool.nfree == 1, "wide fan-in: memory");
  oa_node_free(&G.pool, r);
  drain_pool();
}

#ifndef OSPG_TEST_NO_WAVEFRONT  /* -D it for leak checks: the alarm exits with the grid alive */
/* --- oa_directed_path on a dependency wavefront ----------------------------- */

/* --- a dependence path that leaves a piece's level ------------------------ */

/* A team of one runs a dynamic loop; its chunk creates Y, which depends on
 * X, created before the loop (doc/SEMANTICS.md rule 13, across the levels of
 * one task), and waits for Y with taskwait depend (rule 12, undeferred):
 *
 *   W0                                       (1)
 *   #pragma omp task depend(in: d)   P_X { W_X }   (8)
 *   W_k                                      (1)
 *   #pragma omp for schedule(dynamic) nowait  P_g, chunk P_ch:
 *     W_c0                                   (1)
 *     #pragma omp task depend(out: d)  P_Y { W_Y }  (2)
 *     #pragma omp taskwait depend(in: d)  P_TD (undeferred)
 *     W_c1                                   (1)
 *   W_R                                      (1)
 *
 * X precedes Y, Y the taskwait, the taskwait the rest of the chunk and the
 * chunk the code after the loop: W_X < W_Y, W_c1, W_R.  X is parallel with
 * the creator's code before Y's creation: W_X || W_k, W_c0.  (Found by
 * tests/oracle/gen.py seed 2006: the path left the chunk through an
 * undeferred node and the code after the loop lost it.) */
static void test_exit_preds(void)
{
  reset();
  oa_node *r = S(NULL, "root");
  oa_node *w0 = W(r, "W0", 1, 0);
  oa_node *st0 = ST(r, "ST0");
  oa_node *px = PT(st0, "P_X", 1);
  oa_node *wx = W(px, "W_X", 8, 1);
  oa_node *wk = W(st0, "W_k", 1, 0);
  oa_node *g = add_u(st0, OA_P, "P_g", 1);
  g->piece = g->share = 1;
  oa_node *ch = PP(g, "P_ch");
  ch->piece = 1;
  oa_node *wc0 = W(ch, "W_c0", 1, 2);
  oa_node *stc = ST(ch, "ST_ch");
  oa_node *py = PT(stc, "P_Y", 3);
  oa_node_add_pred_at(py, px, NULL);
  oa_node *wy = W(py, "W_Y", 2, 3);
  oa_node *ptd = add_u(stc, OA_P, "P_TD", 1);  /* st_val 0: waited at once */
  oa_node_add_pred(ptd, py);
  oa_node *wc1 = W(stc, "W_c1", 1, 2);
  oa_node *wr = W(st0, "W_R", 1, 0);
  const oa_node *ws[] = { w0, wx, wk, wc0, wy, wc1, wr };
  const char *par = "W_X:W_k W_X:W_c0";
  for (int i = 0; i < 7; i++)
    for (int j = i + 1; j < 7; j++) {
      const char *a = ws[i]->user, *b = ws[j]->user;
      int exp = listed(par, a, b);
      CHECK(oa_is_parallel(ws[i], ws[j]) == exp, "exit preds: IsParallel(%s, %s), expected %d", a,
            b, exp);
      CHECK(oa_may_parallel(ws[i], ws[j], 0) == exp && oa_may_parallel(ws[j], ws[i], 0) == exp,
            "exit preds: may_parallel(%s, %s) either way, expected %d", a, b, exp);
    }
  for (int i = G.n - 1; i >= 0; i--)
    oa_node_close(&G.pool, &hooks, G.node[i]);
  CHECK(r->work == 15, "exit preds: work %lu, expected 15", (unsigned long)r->work);
  CHECK(G.pool.allocated - G.pool.nfree == 1, "exit preds: memory");
  oa_node_free(&G.pool, r);
  drain_pool();
}

/* Rule 7: a loop with the ordered clause and schedule(dynamic, 1), three
 * iterations, two threads: chunk A (iteration 0) and chunk C (iteration 2)
 * on thread 0, chunk B (iteration 1) on thread 1.  Each chunk runs a
 * fragment before its ordered region (x0), one inside it (x1) and one
 * after (x2); the regions are numbered 1, 2, 3 in iteration order.  By
 * hand: a fragment precedes the end of its chunk's region unless it comes
 * after it (x2); region k's end precedes region k+1's start, which
 * precedes the rest of that chunk.  So A0, A1 precede B1, B2, C1, C2;
 * B0, B1 precede C1, C2; every other pair of different chunks is parallel
 * (rule 5), and each chunk is in program order.  A task U that chunk A
 * created and waited for before its region has no program-order stamps:
 * it precedes A's fragments, hence (through region 1's end) B1, B2, C1, C2,
 * found by asking the graph whether it precedes A1, region 1's last
 * fragment; not B0 or C0. */
static const oa_node *chain_last[4];

static const oa_node *chain_prev_last(uint64_t chain, uint64_t y)
{
  return chain == 7 && y >= 2 && y <= 3 ? chain_last[y - 1] : NULL;
}

static void stamp(oa_node *w, uint64_t before, uint64_t after)
{
  oa_node_x *x = oa_node_x_of(w);
  x->ochain = 7;
  x->obefore = before;
  x->oafter = after;
  x->opo = 1;
}

static void test_ordered_chain(void)
{
  reset();
  oa_node *r = S(NULL, "phase");
  oa_node *t0 = PP(r, "T0"), *t1 = PP(r, "T1");
  oa_node *ca = PP(t0, "A"), *cb = PP(t1, "B");
  ca->piece = cb->piece = ca->anythread = cb->anythread = 1;
  ca->any_phase = cb->any_phase = 0;
  oa_node *sta = ST(ca, "ST_A");
  oa_node *pu = PT(sta, "P_U", 1);
  oa_node *wu = W(pu, "U", 1, 0);
  taskwait(sta);
  oa_node *a0 = W(ca, "A0", 1, 0), *a1 = W(ca, "A1", 1, 0), *a2 = W(ca, "A2", 1, 0);
  oa_node *b0 = W(cb, "B0", 1, 0), *b1 = W(cb, "B1", 1, 0), *b2 = W(cb, "B2", 1, 0);
  oa_node *cc = PP(t0, "C");
  cc->piece = cc->anythread = 1;
  oa_node *c0 = W(cc, "C0", 1, 0), *c1 = W(cc, "C1", 1, 0), *c2 = W(cc, "C2", 1, 0);
  stamp(a0, 1, 0), stamp(a1, 1, 1), stamp(a2, 0, 1);
  stamp(b0, 2, 0), stamp(b1, 2, 2), stamp(b2, 0, 2);
  stamp(c0, 3, 0), stamp(c1, 3, 3), stamp(c2, 0, 3);
  oa_node_x_of(wu)->ochain = 7;  /* a task of the chunk: no program-order stamps */
  for (int i = 0; i < G.n; i++)
    G.node[i]->id = (uint64_t)i + 1;  /* creation order */
  chain_last[1] = a1;
  chain_last[2] = b1;
  chain_last[3] = c1;
  host.ord_prev_last = chain_prev_last;
  const oa_node *ws[] = { wu, a0, a1, a2, b0, b1, b2, c0, c1, c2 };
  const char *ser = "U:A0 U:A1 U:A2 U:B1 U:B2 U:C1 U:C2 A0:A1 A0:A2 A1:A2 B0:B1 B0:B2 B1:B2 "
                    "C0:C1 C0:C2 C1:C2 A0:B1 A0:B2 A0:C1 A0:C2 A1:B1 A1:B2 A1:C1 A1:C2 "
                    "B0:C1 B0:C2 B1:C1 B1:C2";
  for (int i = 0; i < 10; i++)
    for (int j = i + 1; j < 10; j++) {
      const char *a = ws[i]->user, *b = ws[j]->user;
      int exp = !listed(ser, a, b);
      CHECK(oa_may_parallel(ws[i], ws[j], 0) == exp && oa_may_parallel(ws[j], ws[i], 0) == exp,
            "ordered chain: may_parallel(%s, %s) either way, expected %d", a, b, exp);
    }
  host.ord_prev_last = NULL;
  for (int i = G.n - 1; i >= 0; i--)
    oa_node_close(&G.pool, &hooks, G.node[i]);
  oa_node_free(&G.pool, r);
  drain_pool();
}

/* A blocked wavefront (Gauss-Seidel / LU style): task (i,j) depends on
 * (i-1,j) and (i,j-1), plus one independent task x created first.  Asking
 * whether x reaches the last task walks every path of the grid backwards
 * (there is no visited set): C(2n-2, n-1) paths, 35 billion for n = 20.  A
 * visited set makes it linear in the number of edges.  Guarded by an alarm:
 * a correct implementation answers in microseconds. */
static void on_alarm(int sig)
{
  (void)sig;
  static const char msg[] =
      "FAIL: wavefront: oa_directed_path did not answer within 5 s on a 20x20 dependency grid "
      "(exponential path enumeration, no visited set)\n";
  ssize_t r = write(1, msg, sizeof msg - 1);
  (void)r;
  _exit(1);
}

static void test_wavefront(void)
{
  enum { NW = 20 };
  reset();
  oa_node *r = S(NULL, "root");
  oa_node *st = ST(r, "ST");
  oa_node *x = PT(st, "x", 1);
  oa_node *wx = W(x, "wx", 1, 1);
  oa_node *t[NW][NW];
  for (int i = 0; i < NW; i++)
    for (int j = 0; j < NW; j++) {
      t[i][j] = PT(st, "t", 2);
      if (i)
        oa_node_add_pred(t[i][j], t[i - 1][j]);
      if (j)
        oa_node_add_pred(t[i][j], t[i][j - 1]);
      W(t[i][j], "wt", 1, 2);
    }
  oa_node *wlast = G.node[G.n - 1];
  fflush(stdout);
  signal(SIGALRM, on_alarm);
  alarm(5);
  CHECK(oa_directed_path(t[0][0], t[NW - 1][NW - 1]) == 1, "wavefront: path corner to corner");
  /* Found by this test: without a visited set this took exponential time. */
  CHECK(oa_directed_path(x, t[NW - 1][NW - 1]) == 0, "wavefront: path from the independent task");
  CHECK(oa_is_parallel(wx, wlast) == 1, "wavefront: independent task is parallel");
  alarm(0);
  taskwait(st);
  for (int i = G.n - 1; i >= 0; i--)
    oa_node_close(&G.pool, &hooks, G.node[i]);
  /* span: the longest path through the grid has 2*NW - 1 tasks of 1 unit */
  CHECK(r->span == 2 * NW - 1 && r->work == NW * NW + 1, "wavefront: span %lu work %lu",
        (unsigned long)r->span, (unsigned long)r->work);
  CHECK(G.pool.allocated - G.pool.nfree == 1, "wavefront: memory");
  oa_node_free(&G.pool, r);
  drain_pool();
}
#endif

int main(void)
{
  setvbuf(stdout, NULL, _IOLBF, 0);
  test_chains();
  test_trivial();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    run_case(&cases[i]);
  test_hold();
  test_wide_fanin();
  test_exit_preds();
  test_ordered_chain();
#ifndef OSPG_TEST_NO_WAVEFRONT
  test_wavefront();
#endif
  if (failures) {
    printf("%d check(s) failed\n", failures);
    return 1;
  }
  /* the fully nested shapes (a taskwait after every task creation) */
  CHECK(nested_cases >= 3, "Alg. 18 checked on %d graphs only", nested_cases);
  if (failures) {
    printf("%d check(s) failed\n", failures);
    return 1;
  }
  printf("ok\n");
  return 0;
}
