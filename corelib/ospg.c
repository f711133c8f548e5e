/* The OSPG: nodes, their incremental folding into per-class longest chains,
 * and the series-parallel queries of Alg. 1.
 *
 * Class of a fragment W relative to an ancestor N (the dissertation's st_val
 * sum of Alg. 1, made exact for fragments inside S-nodes): the number of task
 * levels between W and N that nobody waited for.  Going up one node A from a
 * child X:
 *   A is an S-node                 -> 0   (its whole subtree completes first)
 *   X is W or S (A's own fragment) -> 0 if A is an ST-node, else A.st_val
 *   X is P or ST                   -> max(0, class + A.st_val)
 * Task P-nodes have st_val 1, an ST-node -1 once its task waited, others 0.
 * An undeferred task (if(0), included) is waited at once: its P-node has
 * st_val 0, its class-0 content is series with its right siblings, and its
 * ST parent's taskwait does not apply to it (it waits for the creator's
 * deferred children only).  A share (a piece of the task's own program
 * order, undeferred too) differs only there: the tasks created in it are
 * the creator's children, and its ST parent's taskwait waits for them.
 * A fragment under an ST child X of N is series with X's right siblings iff
 * its class relative to X is 0; under a P child it is parallel, except that
 * a dependency path between sibling task P-nodes orders the class-1
 * fragments (the task's own and those it waited for). */
#include "ospg.h"
#include "util.h"

#include <stdlib.h>
#include <string.h>


/* --- chains ------------------------------------------------------------- */

static inline oa_attr_item *items(oa_chain *c)
{
  return c->cap ? c->u.heap : c->u.in;
}

static inline const oa_attr_item *citems(const oa_chain *c)
{
  return c->cap ? c->u.heap : c->u.in;
}

static void reserve(oa_chain *c, uint32_t n)
{
  if (n <= (c->cap ? c->cap : OA_CHAIN_INLINE))
    return;
  uint32_t cap = c->cap ? c->cap : OA_CHAIN_INLINE;
  while (cap < n)
    cap *= 2;
  if (c->cap) {
    c->u.heap = oa_xrealloc(c->u.heap, cap * sizeof *c->u.heap);
  } else {
    oa_attr_item *h = oa_xrealloc(NULL, cap * sizeof *h);
    memcpy(h, c->u.in, c->n * sizeof *h);
    c->u.heap = h;
  }
  c->cap = cap;
}

void oa_chain_free(oa_chain *c)
{
  if (c->cap)
    free(c->u.heap);
  c->len = 0;
  c->n = c->cap = 0;
}

void oa_chain_copy(oa_chain *dst, const oa_chain *src)
{
  if (dst == src)
    return;
  reserve(dst, src->n);
  if (src->n)
    memcpy(items(dst), citems(src), src->n * sizeof(oa_attr_item));
  dst->n = src->n;
  dst->len = src->len;
}

/* amount of loc's work at the end of chain c. */
void oa_chain_add(oa_chain *c, uint32_t loc, uint64_t amount)
{
  uint32_t i = 0;
  float at = (float)c->len;
  c->len += amount;
  oa_attr_item *it = items(c);
  while (i < c->n && it[i].loc < loc)
    i++;
  if (i < c->n && it[i].loc == loc) {
    if (!it[i].amount)  /* its first piece with work starts here */
      it[i].first = at;
    it[i].amount += amount;
    return;
  }
  reserve(c, c->n + 1);
  it = items(c);
  memmove(it + i + 1, it + i, (c->n - i) * sizeof *it);
  it[i] = (oa_attr_item){ .loc = loc, .first = at, .amount = amount };
  c->n++;
}

/* dst = a then b: lengths and attributions add; a location first met in b
 * starts a's length later.  dst may not be a or b. */
void oa_chain_concat(oa_chain *dst, const oa_chain *a, const oa_chain *b)
{
  uint32_t i = 0, j = 0, n = 0;
  dst->n = 0;
  reserve(dst, a->n + b->n);
  oa_attr_item *out = items(dst);
  const oa_attr_item *x = citems(a), *y = citems(b);
  while (i < a->n || j < b->n) {
    if (j >= b->n || (i < a->n && x[i].loc < y[j].loc))
      out[n++] = x[i++];
    else if (i >= a->n || y[j].loc < x[i].loc) {
      out[n] = y[j++];
      out[n++].first += (float)a->len;
    } else {
      out[n] = x[i++];
      if (!out[n].amount)  /* no work in a: where its work starts is in b */
        out[n].first = y[j].first + (float)a->len;
      out[n++].amount += y[j++].amount;
    }
  }
  dst->n = n;
  dst->len = a->len + b->len;
}

uint64_t oa_chain_attr(const oa_chain *c, uint32_t loc)
{
  const oa_attr_item *it = citems(c);
  for (uint32_t i = 0; i < c->n; i++)
    if (it[i].loc == loc)
      return it[i].amount;
  return 0;
}

/* --- per-class chains -------------------------------------------------- */

static inline int32_t *ecls(oa_ends *e)
{
  return e->cap ? e->c : e->c_in;
}

static inline oa_chain *echain(oa_ends *e)
{
  return e->cap ? e->chain : e->chain_in;
}

void oa_ends_free(oa_ends *e)
{
  oa_chain *ch = echain(e);
  for (uint32_t i = 0; i < e->n; i++)
    oa_chain_free(&ch[i]);
  if (e->cap) {
    free(e->c);
    free(e->chain);
  }
  e->n = e->cap = 0;
  e->c = NULL;
  e->chain = NULL;
}

/* Is chain a longer than b?  Equal lengths are told apart by what the
 * chains hold (more locations first, then the first location or amount
 * that differs), so that the chain kept does not depend on the order the
 * candidates came in: the tool folds in the order threads finish, the
 * replay in record order, and both must pick the same critical path. */
static int chain_longer(const oa_chain *a, const oa_chain *b)
{
  if (a->len != b->len)
    return a->len > b->len;
  if (a->n != b->n)
    return a->n > b->n;
  const oa_attr_item *x = citems(a), *y = citems(b);
  for (uint32_t i = 0; i < a->n; i++) {
    if (x[i].loc != y[i].loc)
      return x[i].loc < y[i].loc;
    if (x[i].amount != y[i].amount)
      return x[i].amount > y[i].amount;
  }
  return 0;
}

const oa_chain *oa_ends_best(const oa_ends *e)
{
  const oa_chain *best = NULL;
  const oa_chain *ch = e->cap ? e->chain : e->chain_in;
  for (uint32_t i = 0; i < e->n; i++)
    if (!best || chain_longer(&ch[i], best))
      best = &ch[i];
  return best;
}

/* Keep cand as the class-c chain if it is longer; takes ownership of cand. */
static void ends_offer(oa_ends *e, int32_t c, oa_chain *cand)
{
  uint32_t i = 0;
  int32_t *cl = ecls(e);
  oa_chain *ch = echain(e);
  while (i < e->n && cl[i] < c)
    i++;
  if (i < e->n && cl[i] == c) {
    if (chain_longer(cand, &ch[i])) {
      oa_chain_free(&ch[i]);
      ch[i] = *cand;
    } else {
      oa_chain_free(cand);
    }
    memset(cand, 0, sizeof *cand);
    return;
  }
  uint32_t cap = e->cap ? e->cap : OA_ENDS_INLINE;
  if (e->n == cap) {
    uint32_t ncap = cap * 2;
    int32_t *nc = oa_xrealloc(e->cap ? e->c : NULL, ncap * sizeof *nc);
    oa_chain *nch = oa_xrealloc(e->cap ? e->chain : NULL, ncap * sizeof *nch);
    if (!e->cap) {
      memcpy(nc, e->c_in, e->n * sizeof *nc);
      memcpy(nch, e->chain_in, e->n * sizeof *nch);
    }
    e->c = nc;
    e->chain = nch;
    e->cap = ncap;
    cl = nc;
    ch = nch;
  }
  memmove(cl + i + 1, cl + i, (e->n - i) * sizeof *cl);
  memmove(ch + i + 1, ch + i, (e->n - i) * sizeof *ch);
  cl[i] = c;
  ch[i] = *cand;
  e->n++;
  memset(cand, 0, sizeof *cand);
}

static void chain_offer(oa_chain *best, oa_chain *cand)
{
  if (chain_longer(cand, best)) {
    oa_chain_free(best);
    *best = *cand;
  } else {
    oa_chain_free(cand);
  }
  memset(cand, 0, sizeof *cand);
}

/* --- nodes --------------------------------------------------------------- */

void oa_node_lock(oa_node *n)
{
  oa_spin_lock(&n->lock);
}

void oa_node_unlock(oa_node *n)
{
  oa_spin_unlock(&n->lock);
}

enum { HAS_DIRECT = 0x1 };

/* A node's fold state: what its folded children left (pre, direct, via,
 * via_u), its summary once complete (ends), the chain it starts from when
 * passed by the cursor (entry), and, for a task with successors, the
 * longest chain ending at its class-1 content (dep_end).  Allocated when
 * first needed, by whichever thread (the node's folding and its parent's
 * passing it may race to), freed with the node. */
typedef struct oa_fold {
  oa_chain entry, pre, direct, dep_end;
  oa_ends via, via_u, ends;
  uint8_t flags;
  struct oa_fold *next;          /* in its pool's list of free ones */
  oa_node_pool *owner;           /* the pool it came from */
} oa_fold;

static const oa_chain empty_chain;
static const oa_ends empty_ends;

/* Side records this thread freed, kept for reuse (at most CACHE_MAX): the
 * thread that frees one is often not the one that made it, and malloc is
 * slow across threads. */
#define CACHE_MAX 64
typedef struct cache {
  void *head;
  unsigned n;
} cache;
static __thread cache x_cache;

static void cache_put(cache *c, void *p)
{
  if (c->n >= CACHE_MAX) {
    free(p);
    return;
  }
  *(void **)p = c->head;
  c->head = p;
  c->n++;
}

/* *slot, zeroed memory allocated when there is none yet: threads may race
 * to make it, one wins. */
static void *lazy_alloc(void **slot, cache *c, size_t size)
{
  void *p = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  if (p)
    return p;
  void *mine = c->head;
  if (mine) {
    c->head = *(void **)mine;
    c->n--;
    memset(mine, 0, size);
  } else {
    mine = oa_xcalloc(1, size);
  }
  if (__atomic_compare_exchange_n(slot, &p, mine, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return mine;
  cache_put(c, mine);
  return p;
}

/* A W-node's serial work: what stands for it on chains. */
static inline uint64_t serial_work(const oa_node *w)
{
  return w->has_sw ? w->sw : w->work;
}

/* n's fold state (not a W-node's: what-if data has its place), or NULL */
static inline oa_fold *fold_get(const oa_node *n)
{
  return n->kind == OA_W ? NULL : __atomic_load_n(&n->fold, __ATOMIC_ACQUIRE);
}

/* Fold states, as nodes (give_back), come from the pool of the thread that
 * needs one and go back to it, whichever thread frees them. */
static oa_fold *fold_new(oa_node_pool *pool)
{
  if (!pool->folds && __atomic_load_n(&pool->remote_folds, __ATOMIC_RELAXED))
    pool->folds = __atomic_exchange_n(&pool->remote_folds, NULL, __ATOMIC_ACQUIRE);
  oa_fold *f = pool->folds;
  if (f) {  /* fold_free left its chains empty */
    pool->folds = f->next;
    f->flags = 0;
    f->next = NULL;
  } else {
    f = oa_xcalloc(1, sizeof *f);
  }
  f->owner = pool;
  return f;
}

static void fold_give_back(oa_node_pool *pool, oa_fold *f)
{
  oa_node_pool *owner = f->owner;
  if (owner == pool) {
    f->next = pool->folds;
    pool->folds = f;
    return;
  }
  f->next = __atomic_load_n(&owner->remote_folds, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(&owner->remote_folds, &f->next, f, 1, __ATOMIC_RELEASE,
                                      __ATOMIC_RELAXED))
    ;
}

/* n's fold state, made when it has none (the thread folding into n and
 * the one passing it with the cursor may race to: one wins) */
static oa_fold *fold_of(oa_node_pool *pool, oa_node *n)
{
  oa_fold *f = __atomic_load_n(&n->fold, __ATOMIC_ACQUIRE);
  if (f)
    return f;
  oa_fold *mine = fold_new(pool);
  if (__atomic_compare_exchange_n(&n->fold, &f, mine, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return mine;
  fold_give_back(pool, mine);
  return f;
}

static void fold_free(oa_node_pool *pool, oa_node *n)
{
  oa_fold *f = fold_get(n);
  if (!f)
    return;
  oa_chain_free(&f->pre);
  oa_chain_free(&f->direct);
  oa_chain_free(&f->dep_end);
  oa_chain_free(&f->entry);
  oa_ends_free(&f->via);
  oa_ends_free(&f->via_u);
  oa_ends_free(&f->ends);
  fold_give_back(pool, f);
  n->fold = NULL;
}

/* A W-node's summary: its serial work, at class 0. */
static void w_ends(oa_ends *e, const oa_node *w);

const oa_ends *oa_node_ends(const oa_node *n)
{
  if (n->kind == OA_W) {  /* a root that is a single fragment: made here */
    static __thread oa_ends w;
    oa_ends_free(&w);
    w_ends(&w, n);
    return &w;
  }
  const oa_fold *f = fold_get(n);
  return f ? &f->ends : &empty_ends;
}

const oa_chain *oa_node_pre(const oa_node *n)
{
  const oa_fold *f = fold_get(n);
  return f ? &f->pre : &empty_chain;
}

const oa_node_x oa_node_x_none;

oa_node_x *oa_node_x_of(oa_node *n)
{
  return lazy_alloc((void **)&n->x, &x_cache, sizeof(oa_node_x));
}

/* The node's memory is reused: its side record goes. */
static void x_free(oa_node *n)
{
  if (!n->x)
    return;
  free(n->x->preds);
  cache_put(&x_cache, n->x);
  n->x = NULL;
}

/* Nodes come from slabs owned by the pool of the thread that needs them and
 * go back to that pool, whichever thread folds them: a thread that creates
 * tasks another thread completes would otherwise allocate without end while
 * the other hoards free nodes.  Returns from other threads go on a lock-free
 * stack the owner takes whole when its own list runs dry. */
static const oa_ospg_host no_host;

static inline const oa_ospg_host *pool_host(const oa_node_pool *pool)
{
  return pool->host ? pool->host : &no_host;
}

static inline const oa_ospg_host *host_of(const oa_node *n)
{
  return pool_host(oa_node_pool_of(n));
}

static inline uint32_t host_epoch(const oa_ospg_host *h)
{
  return __atomic_load_n(&h->epoch, __ATOMIC_ACQUIRE);
}

/* A slab: its first slot names the pool, the others are nodes (each with
 * the host's bytes after it). */
_Static_assert(sizeof(oa_node) % 8 == 0 && sizeof(oa_node) >= sizeof(void *),
               "a slab's slots are 8-byte aligned, the first names its pool");

static void give_back(oa_node_pool *pool, oa_node *n)
{
  oa_node_pool *owner = oa_node_pool_of(n);
  if (owner->on_free)
    owner->on_free(owner, n, owner->free_ctx);
  if (owner == pool) {
    n->next = pool->free;
    pool->free = n;
    pool->nfree++;
    return;
  }
  n->next = __atomic_load_n(&owner->remote, __ATOMIC_RELAXED);
  while (!__atomic_compare_exchange_n(&owner->remote, &n->next, n, 1, __ATOMIC_RELEASE,
                                      __ATOMIC_RELAXED))
    ;
}

/* Kept nodes of an epoch that is over go back to their pools. */
static void release_limbo(oa_node_pool *pool)
{
  uint32_t now = host_epoch(pool_host(pool));
  if (pool->limbo_epoch == now)
    return;
  oa_node *n = pool->limbo;
  pool->limbo = NULL;
  pool->limbo_epoch = now;
  while (n) {
    oa_node *next = n->limbo_next;
    x_free(n);
    give_back(pool, n);
    n = next;
  }
}

oa_node *oa_node_new(oa_node_pool *pool, oa_kind kind, oa_node *parent)
{
  if (pool->limbo)
    release_limbo(pool);
  if (!pool->free && __atomic_load_n(&pool->remote, __ATOMIC_RELAXED)) {
    pool->free = __atomic_exchange_n(&pool->remote, NULL, __ATOMIC_ACQUIRE);
    for (oa_node *n = pool->free; n; n = n->next)
      pool->nfree++;
  }
  if (!pool->free) {
    const oa_ospg_host *h = pool_host(pool);
    size_t stride = sizeof(oa_node) + ((h->node_extra + 7) & ~(size_t)7);
    OA_ASSERT(!pool->stride || pool->stride == stride,
              "the host's bytes after a node are set before the first node");
    pool->stride = stride;
    char *slab = h->slab_alloc ? h->slab_alloc(OA_SLAB_BYTES)
                               : oa_xaligned_alloc(OA_SLAB_BYTES, OA_SLAB_BYTES);
    OA_ASSERT(((uintptr_t)slab & (OA_SLAB_BYTES - 1)) == 0, "a slab is aligned to its size");
    *(oa_node_pool **)slab = pool;
    size_t nodes = OA_SLAB_BYTES / stride - 1;
    if (pool->nslabs == pool->cap_slabs) {
      pool->cap_slabs = pool->cap_slabs ? pool->cap_slabs * 2 : 16;
      pool->slabs = oa_xrealloc(pool->slabs, pool->cap_slabs * sizeof *pool->slabs);
    }
    pool->slabs[pool->nslabs++] = slab;
    for (size_t i = 1; i <= nodes; i++) {
      oa_node *n = (oa_node *)(slab + i * stride);
      n->next = pool->free;
      n->x = NULL;  /* oa_node_pool_destroy frees the side records it finds */
      pool->free = n;
    }
    pool->nfree += nodes;
    pool->allocated += nodes;
  }
  oa_node *n = pool->free;
  pool->free = n->next;
  pool->nfree--;
  memset(n, 0, pool->stride);
  n->kind = (uint8_t)kind;
  n->refs = 1;
  n->parent = parent;
  n->depth = parent ? parent->depth + 1 : 0;
  n->loc = parent ? parent->loc : 0;
  n->nanc = 0xff;
  return n;
}

void oa_node_pool_destroy(oa_node_pool *pool)
{
  /* nodes still alive (a replay stopped by a corrupt record leaves fragments
   * waiting to fold) take their side records with them */
  for (size_t s = 0; s < pool->nslabs; s++)
    for (size_t i = 1; i <= OA_SLAB_BYTES / pool->stride - 1; i++) {
      oa_node *n = (oa_node *)((char *)pool->slabs[s] + i * pool->stride);
      if (n->x)
        x_free(n);
    }
  for (int remote = 0; remote < 2; remote++) {
    oa_fold *f = remote ? pool->remote_folds : pool->folds;
    while (f) {
      oa_fold *next = f->next;
      free(f);
      f = next;
    }
  }
  for (size_t i = 0; i < pool->nslabs && !pool_host(pool)->slab_alloc; i++)
    free(pool->slabs[i]);
  free(pool->slabs);
  memset(pool, 0, sizeof *pool);
}

void oa_node_free(oa_node_pool *pool, oa_node *n)
{
  fold_free(pool, n);
  const oa_ospg_host *h = pool_host(pool);
  if (h->retain) {
    if (pool->limbo)
      release_limbo(pool);
    else
      pool->limbo_epoch = host_epoch(h);
    n->limbo_next = pool->limbo;
    pool->limbo = n;
    return;
  }
  x_free(n);
  give_back(pool, n);
}

void oa_node_attach(oa_node *parent, oa_node *child)
{
  OA_ASSERT(parent->kind != OA_W, "a fragment (W-node) has no children");
  OA_ASSERT(!child->parent, "a node is attached once");
  oa_node_lock(parent);
  OA_ASSERT(parent->refs > 0 && !parent->done,
            "children join a node its owner has not closed (doc/SEMANTICS.md: the OSPG grows "
            "only under open nodes)");
  child->parent = parent;
  child->depth = parent->depth + 1;
  child->next = NULL;
  if (parent->last)
    parent->last->next = child;
  else
    parent->first = child;
  parent->last = child;
  child->ord = parent->nkids++;
  child->any_in = parent->anythread || parent->any_in;
  child->wseq = __atomic_load_n(&parent->wseq, __ATOMIC_RELAXED);
  const oa_node_x *px = oa_node_xr(parent);
  if (px->last_u)
    oa_node_x_of(child)->ubar = px->last_u;
  if (child->kind == OA_P && child->undeferred)
    oa_node_x_of(parent)->last_u = child;
  parent->refs++;
  oa_node_unlock(parent);
}

/* A task boundary: a P-node that is not a piece of its task's own work (a
 * task, or an implicit task's phase). */
static inline int boundary(const oa_node *n)
{
  return n->kind == OA_P && !n->piece;
}

/* A chunk or section of a team of one: a piece any order may run. */
static inline int unordered_piece(const oa_node *n)
{
  return n->kind == OA_P && n->piece && !n->share && !n->anythread;
}

static void mark(oa_node *n)
{
  if (!__atomic_load_n(&n->xmark, __ATOMIC_RELAXED))
    __atomic_store_n(&n->xmark, 1, __ATOMIC_RELAXED);
}

static int add_pred(oa_node *succ, oa_node *pred)
{
  oa_node_x *x = oa_node_x_of(succ);
  for (uint32_t i = 0; i < x->npreds; i++)
    if (x->preds[i] == pred)
      return 0;
  if (x->npreds == x->cap_preds) {
    x->cap_preds = x->cap_preds ? x->cap_preds * 2 : 2;
    x->preds = oa_xrealloc(x->preds, x->cap_preds * sizeof *x->preds);
  }
  x->preds[x->npreds++] = pred;
  __atomic_add_fetch(&pred->succ_refs, 2, __ATOMIC_RELAXED);
  return 1;
}

int oa_node_add_pred(oa_node *succ, oa_node *pred)
{
  return oa_node_add_pred_at(succ, pred, NULL);
}

/* Depth-first over b's predecessors (its dependences, and the undeferred
 * task before it: ubar), each node once.  visit(ctx, p) says what to do
 * with predecessor p: WALK_ON (go on from p), WALK_SKIP (not from p) or
 * WALK_STOP (end the walk: found).  Returns 1 if a visit stopped it. */
enum { WALK_ON, WALK_SKIP, WALK_STOP };

static int walk_preds(const oa_node *b, int (*visit)(void *ctx, const oa_node *p), void *ctx)
{
  enum { SMALL = 64 };
  const oa_node *stack_in[SMALL], *visited_in[2 * SMALL] = { 0 };
  size_t cap = SMALL, top = 0, vcap = 2 * SMALL, nvisited = 0;
  const oa_node **stack = stack_in, **visited = visited_in;
  int found = 0;
  stack[top++] = b;
  while (top > 0 && !found) {
    const oa_node_x *n = oa_node_xr(stack[--top]);
    for (uint32_t i = 0; i <= n->npreds && !found; i++) {
      const oa_node *p = i < n->npreds ? n->preds[i] : n->ubar;
      if (!p)
        continue;
      int what = visit(ctx, p);
      if (what == WALK_STOP) {
        found = 1;
        break;
      }
      if (what == WALK_SKIP)
        continue;
      size_t h = ((uintptr_t)p >> 4) & (vcap - 1);
      while (visited[h] && visited[h] != p)
        h = (h + 1) & (vcap - 1);
      if (visited[h])
        continue;
      visited[h] = p;
      if (++nvisited * 2 > vcap) {
        size_t ncap = vcap * 2;
        const oa_node **nv = oa_xcalloc(ncap, sizeof *nv);
        for (size_t k = 0; k < vcap; k++) {
          if (!visited[k])
            continue;
          size_t g = ((uintptr_t)visited[k] >> 4) & (ncap - 1);
          while (nv[g])
            g = (g + 1) & (ncap - 1);
          nv[g] = visited[k];
        }
        if (visited != visited_in)
          free(visited);
        visited = nv;
        vcap = ncap;
      }
      if (top == cap) {
        cap *= 2;
        if (stack == stack_in) {
          stack = oa_xrealloc(NULL, cap * sizeof *stack);
          memcpy(stack, stack_in, sizeof stack_in);
        } else {
          stack = oa_xrealloc(stack, cap * sizeof *stack);
        }
      }
      stack[top++] = p;
    }
  }
  if (stack != stack_in)
    free(stack);
  if (visited != visited_in)
    free(visited);
  return found;
}

/* Both kinds of predecessor point to older siblings (or to nodes of outer
 * levels), so a predecessor created before a cannot lead to it. */
static int visit_find(void *ctx, const oa_node *p)
{
  const oa_node *a = ctx;
  if (p == a)
    return WALK_STOP;
  return p->parent == a->parent && p->ord < a->ord ? WALK_SKIP : WALK_ON;
}

static int path_search(const oa_node *a, const oa_node *b)
{
  return walk_preds(b, visit_find, (void *)a);
}

/* An undeferred piece of the task's own work (a team of one's loop or
 * sections construct, a thread's share of a static loop): it ends before
 * the task goes on, so its right siblings find it as their ubar. */
static inline int undeferred_piece(const oa_node *n)
{
  return n->kind == OA_P && n->piece && n->undeferred;
}

/* o, a node of an outer level of succ's task, precedes succ: mark the way
 * up to top (o's level) for the queries, and give o as an exit predecessor
 * to each node on the way that ends after succ and before its task goes
 * on: a taskgroup always (it waits for succ), and, when succ is itself
 * undeferred (an if(0) task, taskwait depend), an undeferred piece.  Its
 * right siblings find that node as their ubar; its own content is not
 * after o (reaches()). */
static void exit_walk(oa_node *succ, oa_node *o, const oa_node *top)
{
  for (oa_node *a = succ->parent; a; a = a->parent) {
    mark(a);
    if (a == top)
      break;
    if (a->kind == OA_S || (succ->undeferred && undeferred_piece(a))) {
      add_pred(a, o);
      oa_node_lock(a->parent);
      if (a->parent->last == a)
        oa_node_x_of(a->parent)->last_u = a;
      oa_node_unlock(a->parent);
    }
  }
}

/* An undeferred succ now waits for pred: the first nodes of other levels
 * (an outer one, or inside a share a sibling ran) that a dependence path
 * from pred leads to precede succ too. */
static int visit_exit(void *ctx, const oa_node *p)
{
  oa_node *succ = ctx;
  if (p->parent == succ->parent)
    return p->undeferred ? WALK_SKIP : WALK_ON;  /* done when it joined */
  exit_walk(succ, (oa_node *)p, oa_lca(succ, p));  /* queries go on from p */
  return WALK_SKIP;
}

static void exit_through(oa_node *succ, oa_node *pred)
{
  /* only if a taskgroup or an undeferred piece is around succ in its task,
   * and a node at succ's level has a predecessor at another (it marked
   * their parent) */
  const oa_node *a = succ->parent;
  if (!__atomic_load_n(&a->xmark, __ATOMIC_RELAXED))
    return;
  while (a && a->kind != OA_S && !undeferred_piece(a) && !boundary(a))
    a = a->parent;
  if (a && !boundary(a) && visit_exit(succ, pred) == WALK_ON)
    walk_preds(pred, visit_exit, succ);
}

int oa_node_add_pred_at(oa_node *succ, oa_node *pred, const oa_node *top)
{
  if (pred->parent == succ->parent) {
    if (add_pred(succ, pred) && succ->undeferred)
      exit_through(succ, pred);
    return 0;
  }
  if (!add_pred(succ, pred))
    return 1;
  /* Across levels of one task (a taskgroup on the way ends after succ, so
   * after pred: it takes pred as a predecessor of what follows it) */
  exit_walk(succ, pred, top ? top : oa_lca(succ, pred));
  return 1;
}

int oa_node_waited(oa_node *inner, oa_node *root)
{
  int outer = 0;
  for (oa_node *a = inner; a && a != root; a = a->parent)
    mark(a);  /* queries look further from here up (also past a piece below) */
  for (oa_node *a = inner; a && a != root; a = a->parent) {
    __atomic_add_fetch(&a->wseq, 1, __ATOMIC_RELAXED);
    outer |= a->kind == OA_ST && a->has_deferred;
    if (a->anythread)
      break;  /* which task ran the piece is the schedule's choice: what the
               * task did before it is not certainly waited */
    if (unordered_piece(a)) {
      /* the construct's other chunks may run before this one: only what
       * follows the construct is certainly after the wait */
      oa_node *g = a->parent;
      while (g && !(g->kind == OA_P && g->share))
        g = g->parent;
      if (g)
        __atomic_store_n(&oa_node_x_of(g)->wpend, 1, __ATOMIC_RELAXED);
      break;
    }
  }
  return outer;
}

int oa_node_group_end(oa_node *g, oa_node *root)
{
  int outer = oa_node_xr(g)->wpend && g->parent && g->parent != root
                  ? oa_node_waited(g->parent, root)
                  : 0;
  if (g->parent) {
    oa_node_x *x = oa_node_x_of(g);
    x->wseq_after = __atomic_load_n(&g->parent->wseq, __ATOMIC_RELAXED);
    __atomic_store_n(&x->wdone, 1, __ATOMIC_RELEASE);
  }
  return outer;
}

/* succ_refs: 2 per successor or holder not done with this node, plus bit 0
 * once the node is folded.  The node is freed when it reaches exactly 1. */
static void unref_pred(oa_node_pool *pool, oa_node *pred)
{
  OA_ASSERT(__atomic_load_n(&pred->succ_refs, __ATOMIC_RELAXED) >= 2,
            "a successor or holder lets go of a node it holds");
  if (__atomic_sub_fetch(&pred->succ_refs, 2, __ATOMIC_ACQ_REL) == 1)
    oa_node_free(pool, pred);
}

void oa_node_hold(oa_node *n)
{
  __atomic_add_fetch(&n->succ_refs, 2, __ATOMIC_RELAXED);
}

void oa_node_release(oa_node_pool *pool, oa_node *n)
{
  unref_pred(pool, n);
}

static void release_folded(oa_node_pool *pool, oa_node *n)
{
  oa_node_x *x = n->x;
  for (uint32_t i = 0; x && i < x->npreds; i++)
    unref_pred(pool, x->preds[i]);
  /* race mode still asks for paths through it: its edges stay (the nodes
   * they name are kept too) */
  if (x && !pool_host(pool)->retain)
    x->npreds = 0;
  if (__atomic_fetch_or(&n->succ_refs, 1, __ATOMIC_ACQ_REL) == 0)
    oa_node_free(pool, n);
}

/* The fold keeps chains by key: the class c, and whether a wait of the
 * task whose ST-nodes the chain is going up through already took it down
 * one (w).  A task waits for a child once: a taskwait in a piece (a chunk
 * of a team of one) and a later one around the piece are two waits of the
 * same children, not of two generations (doc/SEMANTICS.md rule 11). */
static inline int32_t key(int32_t c, int w)
{
  return c <= 0 ? 0 : 2 * c + !!w;
}

static inline int32_t key_class(int32_t k)
{
  return k >> 1;
}

static inline int key_waited(int32_t k)
{
  return k & 1;
}

static void w_ends(oa_ends *e, const oa_node *w)
{
  oa_chain c = { 0 };
  oa_chain_add(&c, w->loc, serial_work(w));
  ends_offer(e, key(0, 0), &c);
}

/* Is the class-c content of child x series with x's right siblings? */
static int series_to_right(const oa_node *x, int32_t c)
{
  switch (x->kind) {
  case OA_W:
  case OA_S:
    return 1;
  case OA_ST:
    return c == 0;
  default:
    return x->undeferred && c == 0;
  }
}

/* Fold finished child x into n (n locked): every chain of x's subtree is
 * preceded by the longest chain that is series with x (the folded left
 * siblings' series-to-right part, or a dependency predecessor's). */
static void fold(oa_node_pool *pool, oa_node *n, oa_node *x, const oa_ends *x_ends)
{
  n->work += x->work;
  if (pool_host(pool)->shape_only)
    return;
  oa_ends wends = { 0 };
  oa_fold *xf = fold_get(x);
  const oa_ends *xe = x_ends ? x_ends : xf ? &xf->ends : &wends;
  if (x->kind == OA_W && !x_ends)
    w_ends(&wends, x);
  if (!xe->n)
    return;
  oa_fold *nf = fold_of(pool, n);
  const oa_chain *entry = !x->floating ? &nf->pre : xf ? &xf->entry : &empty_chain;
  oa_chain newpre = { 0 };
  int have_newpre = 0;
  const oa_node_x *xx = oa_node_xr(x);
  for (uint32_t i = 0; i < xx->npreds && x->kind == OA_P && !x->piece; i++) {  /* sibling edges only */
    const oa_fold *pf = xx->preds[i]->parent == n ? fold_get(xx->preds[i]) : NULL;
    if (pf && chain_longer(&pf->dep_end, entry))
      entry = &pf->dep_end;
  }
  const int32_t *xc = xe->cap ? xe->c : xe->c_in;
  const oa_chain *xch = xe->cap ? xe->chain : xe->chain_in;
  for (uint32_t i = 0; i < xe->n; i++) {
    int32_t c = key_class(xc[i]);
    oa_chain cand = { 0 };
    oa_chain_concat(&cand, entry, &xch[i]);
    if (x->kind == OA_P && c == 1 && x->succ_refs >= 2) {
      oa_chain dep = { 0 };
      oa_chain_copy(&dep, &cand);
      chain_offer(&fold_of(pool, x)->dep_end, &dep);
    }
    if (series_to_right(x, c)) {
      oa_chain s = { 0 };
      oa_chain_copy(&s, &cand);
      chain_offer(&newpre, &s);
      have_newpre = 1;
    }
    if (x->kind == OA_W || x->kind == OA_S) {
      chain_offer(&nf->direct, &cand);
      nf->flags |= HAS_DIRECT;
    } else if (x->kind == OA_P && x->anythread) {
      /* work any thread may run joins at the barrier only: no taskwait of
       * the task whose phase holds it waits for it, nor for its tasks */
      ends_offer(&nf->via_u, key(c < 1 ? 1 : c, 0), &cand);
    } else if (x->kind == OA_P && x->undeferred && !x->share) {
      ends_offer(&nf->via_u, key(c, 0), &cand);
    } else {
      ends_offer(&nf->via, xc[i], &cand);
    }
  }
  if (have_newpre)
    chain_offer(&nf->pre, &newpre);
  oa_ends_free(&wends);
}

/* n's subtree is complete and folded: turn the fold state into the per-class
 * summary, relative to n itself. */
static void summarize(oa_node *n)
{
  if (n->kind == OA_W) {  /* its summary is its serial work (w_ends) */
    n->span = serial_work(n);
    return;
  }
  oa_fold *f = fold_get(n);
  if (!f) {  /* nothing folded into it: no chains */
    n->span = 0;
    return;
  }
  if (f->flags & HAS_DIRECT) {
    int32_t c = n->kind == OA_S || n->kind == OA_ST ? 0 : n->st_val;
    ends_offer(&f->ends, key(c, 0), &f->direct);
  }
  /* a chain through an ST-node the task waited at takes the wait's drop
   * once: its other ST-nodes (around a piece) leave it as it is */
  int32_t *vc = ecls(&f->via);
  oa_chain *vch = echain(&f->via);
  for (uint32_t i = 0; i < f->via.n; i++) {
    int32_t c = key_class(vc[i]), w = key_waited(vc[i]);
    if (n->kind == OA_S)
      c = w = 0;
    else if (n->kind == OA_ST && !w && n->st_val < 0)
      c--, w = 1;
    else if (n->kind == OA_P)
      c += n->st_val, w = w && !boundary(n);
    ends_offer(&f->ends, key(c, w), &vch[i]);
  }
  /* through an undeferred task or work any thread may run: the ST-node's
   * wait is not what waited for it */
  int32_t *uc = ecls(&f->via_u);
  oa_chain *uch = echain(&f->via_u);
  for (uint32_t i = 0; i < f->via_u.n; i++) {
    int32_t c = key_class(uc[i]);
    int32_t k = n->kind == OA_S    ? key(0, 0)
                : n->kind == OA_ST ? key(c, 1)
                                   : key(c + n->st_val, !boundary(n));
    ends_offer(&f->ends, k, &uch[i]);
  }
  oa_ends_free(&f->via);
  oa_ends_free(&f->via_u);
  oa_chain_free(&f->pre);
  oa_chain_free(&f->direct);
  const oa_chain *best = oa_ends_best(&f->ends);
  n->span = best ? best->len : 0;
}

/* Fold p's children from the cursor on while they are done (p locked).  A
 * child that may fold out of order and is not done yet is passed: it takes
 * the chain it starts from now, leaves the list, and folds when it is done.
 * The list then always starts at the cursor. */
static void advance(oa_node_pool *pool, oa_node *p, const oa_node *w, const oa_ends *w_sum)
{
  oa_node *x;
  while ((x = p->first)) {
    int done = __atomic_load_n(&x->done, __ATOMIC_ACQUIRE);
    if (!done && !x->free_order)
      break;
    p->first = x->next;
    if (p->last == x)
      p->last = NULL;
    x->next = NULL;
    if (done) {
      OA_ASSERT(p->refs > 0, "each child holds one reference on its parent until folded");
      fold(pool, p, x, x == w ? w_sum : NULL);
      p->refs--;
      release_folded(pool, x);
    } else {
      if (fold_get(p))  /* else it starts from nothing: an empty entry */
        oa_chain_copy(&fold_of(pool, x)->entry, &fold_get(p)->pre);
      x->floating = 1;
    }
  }
}

/* n is complete: summarize it, report it, and fold it (and then any parent
 * it completes in turn) upward. */
static void complete(oa_node_pool *pool, const oa_ospg_hooks *hooks, oa_node *n)
{
  int shape_only = pool_host(pool)->shape_only;
  while (n) {
    OA_ASSERT(n->refs == 0, "a node completes when it is closed and every child folded");
    if (!shape_only)
      summarize(n);
    if (hooks && hooks->finished)
      hooks->finished(hooks->ctx, n);
    oa_node *p = n->parent;
    if (!p)
      return;  /* the root: its summary is the program's */
    oa_ends wn = { 0 };  /* a W-node's summary, made before taking the lock */
    if (n->kind == OA_W && !shape_only)
      w_ends(&wn, n);
    const oa_ends *ne = n->kind == OA_W ? &wn : NULL;
    oa_node_lock(p);
    __atomic_store_n(&n->done, 1, __ATOMIC_RELEASE);
    if (n->floating) {
      OA_ASSERT(p->refs > 0, "each child holds one reference on its parent until folded");
      fold(pool, p, n, ne);
      p->refs--;
      release_folded(pool, n);
    } else {
      advance(pool, p, n, ne);
    }
    int whole = p->refs == 0;
    oa_node_unlock(p);
    oa_ends_free(&wn);
    n = whole ? p : NULL;
  }
}

void oa_node_close(oa_node_pool *pool, const oa_ospg_hooks *hooks, oa_node *n)
{
  if (n->kind == OA_W) {  /* a leaf: no child ever took a reference, no lock needed */
    OA_ASSERT(n->refs == 1 && !n->done, "a node is closed once, by its owner");
    n->refs = 0;
    complete(pool, hooks, n);
    return;
  }
  oa_node_lock(n);
  OA_ASSERT(n->refs > 0 && !n->done, "a node is closed once, by its owner");
  int whole = --n->refs == 0;
  oa_node_unlock(n);
  if (whole)
    complete(pool, hooks, n);
}

int oa_node_has_ancestor_loc(const oa_node *n, uint32_t loc)
{
  for (const oa_node *a = n->parent; a; a = a->parent)
    if (a->own_loc == loc)
      return 1;
  return 0;
}

/* --- series-parallel queries (Alg. 1) ----------------------------------- */

const oa_node *oa_lca(const oa_node *a, const oa_node *b)
{
  while (a->depth > b->depth)
    a = a->parent;
  while (b->depth > a->depth)
    b = b->parent;
  while (a != b) {
    a = a->parent;
    b = b->parent;
  }
  return a;
}

/* Class of fragment w relative to its ancestor x (see the top of the file). */
static int32_t class_upto(const oa_node *w, const oa_node *x)
{
  int32_t c = 0;
  int waited = 0;  /* a wait of the task whose nodes we go up through took c down */
  const oa_node *prev = w;
  for (const oa_node *a = w->parent; a; a = a->parent) {
    uint8_t child = prev->kind;
    int drop = 0;
    if (a->kind == OA_S)
      c = waited = 0;
    else if (child == OA_W || child == OA_S)
      c = a->kind == OA_ST ? 0 : a->st_val, waited = 0;
    else if (a->kind == OA_P)
      c += a->st_val, waited = waited && !boundary(a);
    else if (child == OA_P && prev->undeferred && !prev->share)
      waited = 1; /* the creator's taskwait is not what waited for this task's children */
    else if (child == OA_P && a->st_val == 0
             && __atomic_load_n(&a->wseq, __ATOMIC_RELAXED)
                    > (__atomic_load_n(&oa_node_xr(prev)->wdone, __ATOMIC_ACQUIRE)
                           ? oa_node_xr(prev)->wseq_after
                           : prev->wseq))
      drop = 1; /* a taskwait nested in a taskgroup, share or chunk of the
                 * creator waited for it (rule 11) */
    else if (child == OA_P && oa_node_xr(a)->last_u && oa_node_xr(a)->last_u->ord > prev->ord
             && oa_directed_path(prev, oa_node_xr(a)->last_u))
      drop = 1; /* its creator waited for it through dependences (taskwait
                 * depend, if(0)): for it, not for the children it left */
    else
      drop = a->st_val < 0;
    if (drop && !waited) {
      c = c > 1 ? c - 1 : 0;
      waited = 1; /* once: the task's other waits are for the same children */
    }
    if (a == x)
      break;
    prev = a;
  }
  return c;
}

/* Race detection asks about the same pairs of sibling tasks over and over
 * (every location two tasks share).  A task's dependences are all known
 * when it is created, and paths only lead to older siblings, so an answer
 * never changes while both nodes live (until the host's epoch moves on, when
 * their memory may be reused). */
#define PATH_MEMO 1024
static __thread struct { const oa_node *a, *b; uint32_t epoch; int found; } path_memo[PATH_MEMO];

int oa_directed_path(const oa_node *a, const oa_node *b)
{
  uintptr_t k = (((uintptr_t)a >> 3) * 31 + ((uintptr_t)b >> 3)) * UINT64_C(0x9e3779b97f4a7c15);
  __typeof__(path_memo[0]) *m = &path_memo[k >> (64 - 10)];
  const oa_ospg_host *h = host_of(b);
  uint32_t epoch = __atomic_load_n(&h->epoch, __ATOMIC_RELAXED);
  if (m->a == a && m->b == b && m->epoch == epoch)
    return m->found;
  int found = path_search(a, b);
  /* Only when nodes stay (else they come and go within an epoch), and not
   * about a taskgroup or an undeferred piece still open: its exit
   * predecessors come while its content runs. */
  if (h->retain && ((b->kind != OA_S && !undeferred_piece(b))
                         || __atomic_load_n(&b->done, __ATOMIC_ACQUIRE))) {
    m->a = a;
    m->b = b;
    m->epoch = epoch;
    m->found = found;
  }
  return found;
}

/* Does a path lead from a to what b holds?  A taskgroup's predecessors are
 * those of what follows it (oa_node_add_pred), not of its own content:
 * only its ubar leads there. */
static int reaches(const oa_node *a, const oa_node *b)
{
  if (b->kind == OA_S || undeferred_piece(b))
    return oa_node_xr(b)->ubar
           && (oa_node_xr(b)->ubar == a || oa_directed_path(a, oa_node_xr(b)->ubar));
  return oa_directed_path(a, b);
}

/* The LCA of a and b, and its children on the way to each (NULL when the
 * LCA is that node itself). */
static const oa_node *lca_children(const oa_node *a, const oa_node *b, const oa_node **ca,
                                   const oa_node **cb)
{
  const oa_node *pa = NULL, *pb = NULL;
  while (a->depth > b->depth) {
    pa = a;
    a = a->parent;
  }
  while (b->depth > a->depth) {
    pb = b;
    b = b->parent;
  }
  while (a != b) {
    pa = a;
    pb = b;
    a = a->parent;
    b = b->parent;
  }
  *ca = pa;
  *cb = pb;
  return a;
}

/* Alg. 1 (Alg. 18 when nested) once the LCA's children toward the left
 * fragment l (lc) and the right one (rc) are known. */
/* Is x inside work handed to any thread (a chunk, a section, a single
 * body), at or below the LCA's child c, with the LCA in the same phase? */
static int any_thread(const oa_node *x, const oa_node *c)
{
  if (!x->any_in)
    return 0;
  for (const oa_node *n = x->parent; n && n->depth >= c->depth; n = n->parent)
    if (n->anythread && c->depth - 1 >= n->any_phase)
      return 1;
  return 0;
}

/* Orders that cross the levels of one task T (the LCA's task), doc/SEMANTICS.md
 * rules 11 and 13: the class-1 content of T's child task lx (lc itself, or
 * the task lc's piece holds) precedes r when
 *  - a taskwait of T nested in a taskgroup, a share or a chunk ended
 *    between lx's creation and that of rx, the node T created that holds r
 *    (wseq counts those waits along T's open nodes), or
 *  - a dependence path leads from lx to a task of T (or to an undeferred
 *    one before it) on r's way down to rc.
 * Nodes below a task boundary on either side are that task's, not T's. */
static int cross_order(const oa_node *l, const oa_node *lc, const oa_node *r, const oa_node *rc)
{
  const oa_node *lx = boundary(lc) ? lc : NULL, *rx = r;
  for (const oa_node *z = l; !boundary(lc) && z != lc; z = z->parent)
    if (boundary(z))
      lx = z;  /* the topmost task below lc on l's way */
  if (!lx || lx->parent->kind != OA_ST || lx->undeferred || lx->st_val != 1)
    return 0;  /* not a deferred child of T */
  if (lx != lc && l != lx && class_upto(l, lx) != 1)
    return 0;  /* l is not lx's own (a child lx left, say) */
  if (unordered_piece(lc) && unordered_piece(rc) && lc->own_loc == rc->own_loc
      && oa_node_inst(lc) == oa_node_inst(rc))
    return 0;  /* two chunks of one loop in a team of one: either may run first */
  uint32_t since = lx->wseq;
  if (lc != lx && __atomic_load_n(&oa_node_xr(lc)->wdone, __ATOMIC_ACQUIRE))
    for (const oa_node *z = lx->parent; z != lc; z = z->parent)
      if (unordered_piece(z))
        since = oa_node_xr(lc)->wseq_after;  /* a chunk's task: only later waits count */
  for (const oa_node *z = r;; z = z->parent) {
    if (boundary(z))
      rx = z;
    if (z == rc)
      break;
  }
  if (__atomic_load_n(&rx->wseq, __ATOMIC_RELAXED) > since)
    return 1;
  int found = 0;
  for (const oa_node *z = r;; z = z->parent) {
    if (boundary(z))
      found = 0;  /* what lies inside that task is its own */
    if (!found && (z != rc || lx != lc)
        && ((z->kind == OA_P && oa_node_xr(z)->npreds) || oa_node_xr(z)->ubar)
        && reaches(lx, z))
      found = 1;
    if (z == rc)
      break;
  }
  return found;
}

static int may_parallel(const oa_node *a, const oa_node *b, int nested);

/* Does fragment a precede fragment b through the chain of a loop's ordered
 * regions (rule 7)?  b follows the start of its region y (b->oafter); a
 * precedes it when a precedes the end of an earlier region of the loop,
 * that is the end of the region just before y (the chain leads from each
 * to the next).  A fragment of the program order of the loop's chunk knows
 * the first region whose end it precedes (obefore); any other is asked,
 * through the graph, whether it precedes the last fragment of the region
 * before y (which may take the chain a step further back: a few steps at
 * most, else no order is claimed). */
#define CHAIN_STEPS 16
static __thread int chain_steps;

static int chain_before(const oa_node *a, const oa_node *b, int nested)
{
  const oa_node_x *ax = oa_node_xr(a), *bx = oa_node_xr(b);
  uint64_t y = __atomic_load_n(&bx->oafter, __ATOMIC_RELAXED);
  uint64_t chain = __atomic_load_n(&bx->ochain, __ATOMIC_ACQUIRE);
  if (!y || !chain)
    return 0;
  if (ax->opo && __atomic_load_n(&ax->ochain, __ATOMIC_ACQUIRE) == chain) {
    uint64_t x = __atomic_load_n(&ax->obefore, __ATOMIC_RELAXED);
    return x && x < y;
  }
  const oa_ospg_host *h = host_of(b);
  if (!h->ord_prev_last || chain_steps >= CHAIN_STEPS)
    return 0;
  const oa_node *e = h->ord_prev_last(chain, y);
  if (!e || e == a)
    return e == a;
  if (h->began_after ? h->began_after(a, e) : e->id < a->id)
    return 0;  /* a began after e (race mode times fragments, a dump numbers
                * them in creation order): it cannot precede it */
  chain_steps++;
  int ordered = !may_parallel(a, e, nested);
  chain_steps--;
  return ordered;
}

static int decide(const oa_node *l, const oa_node *lc, const oa_node *r, const oa_node *rc,
                  int nested)
{
  if (l->kind == OA_W && r->kind == OA_W && (oa_node_xr(r)->oafter || oa_node_xr(l)->oafter)
      && (chain_before(l, r, nested) || chain_before(r, l, nested)))
    return 0;
  if (any_thread(r, rc) || any_thread(l, lc))
    return 1;
  if (lc->kind != OA_P)
    return lc->kind == OA_ST && !nested ? class_upto(l, lc) > 0 : 0;
  /* a path of dependences from lc to rc, or to an undeferred task left of rc */
  const oa_node_x *rcx = oa_node_xr(rc);
  int deps = (rc->kind == OA_P && rcx->npreds) || (rcx->ubar && rcx->ubar->ord > lc->ord);
  int xmark = __atomic_load_n(&lc->parent->xmark, __ATOMIC_RELAXED);
  if (nested)
    return !(lc->undeferred || (deps && reaches(lc, rc)) || (xmark && cross_order(l, lc, r, rc)));
  int32_t c = lc == l ? 0 : class_upto(l, lc);
  if (c == 1 && xmark && cross_order(l, lc, r, rc))
    return 0;
  /* An undeferred task's own content has class 0; its class-1 content is
   * the deferred children nobody waited for, which no path past it orders
   * (rule 9: if(0) waits for the task, not for its children). */
  if (lc->undeferred)
    return c != 0;
  return !(c == 1 && deps && reaches(lc, rc));
}

int oa_is_parallel(const oa_node *l, const oa_node *r)
{
  const oa_node *lc, *rc;
  lca_children(l, r, &lc, &rc);
  return lc && rc ? decide(l, lc, r, rc, 0) : 0;  /* else one contains the other */
}

int oa_may_parallel(const oa_node *a, const oa_node *b, int nested)
{
  uint32_t depth;
  return oa_may_parallel_at(a, b, nested, &depth);
}

static int may_parallel(const oa_node *a, const oa_node *b, int nested)
{
  const oa_node *ca, *cb;
  lca_children(a, b, &ca, &cb);
  if (!ca || !cb)
    return 0;
  return cb->ord < ca->ord ? decide(b, cb, a, ca, nested) : decide(a, ca, b, cb, nested);
}

int oa_may_parallel_at(const oa_node *a, const oa_node *b, int nested, uint32_t *lca_depth)
{
  const oa_node *ca, *cb;
  *lca_depth = lca_children(a, b, &ca, &cb)->depth;
  if (!ca || !cb)
    return 0;
  return cb->ord < ca->ord ? decide(b, cb, a, ca, nested) : decide(a, ca, b, cb, nested);
}