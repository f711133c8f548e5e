/* The OpenMP series-parallel graph (OSPG, dissertation ch. 2) and the work /
 * critical-path computation over it (3.6), shared by the injected tool (built
 * on the fly) and by tests (built by hand).
 *
 * Nodes: W (a fragment of serial work, always a leaf), S (its subtree runs
 * before its right siblings), P (its subtree runs in parallel with its right
 * siblings, unless a dependency edge orders two sibling P-nodes), ST (a task's
 * children: partly series, partly parallel to its right siblings, decided by
 * st_val sums, Alg. 1).
 *
 * Each node is folded into its parent as soon as its own subtree is complete
 * and every left sibling has been folded: the parent then keeps only a small
 * summary (work, and the longest chains ending in each "unwaited task depth"
 * class), and the child is freed.  This is the offline algorithm (Alg. 9-10)
 * applied bottom-up as subtrees finish, so memory follows the live part of the
 * graph; a subtree with tasks nobody waited for stays until its enclosing
 * synchronization completes it. */
#ifndef OMPADV_OSPG_H
#define OMPADV_OSPG_H

#include <stddef.h>
#include <stdint.h>

typedef enum { OA_W = 0, OA_S = 1, OA_P = 2, OA_ST = 3 } oa_kind;

/* Serial work of a chain, split by the location each fragment belongs to. */
typedef struct oa_attr_item {
  uint32_t loc;
  float first;               /* where its first piece with work starts on the chain: the
                              * chain's length before it, to float's 24 bits (it lives in
                              * the padding: chains stay 16 bytes an item) */
  uint64_t amount;
} oa_attr_item;

/* Up to OA_CHAIN_INLINE locations live inside the chain: most chains cross
 * few directives, and folding makes many short-lived chains. */
#define OA_CHAIN_INLINE 3
typedef struct oa_chain {
  uint64_t len;
  uint32_t n, cap;            /* cap 0: items inline */
  union {
    oa_attr_item in[OA_CHAIN_INLINE];
    oa_attr_item *heap;
  } u;                        /* sorted by loc */
} oa_chain;

/* Longest chains of a finished subtree, per class c: c is the number of task
 * levels between the fragment ending the chain and the subtree's root that
 * nobody waited for (0: the fragment is complete when the subtree's owner
 * passes its next synchronization). */
#define OA_ENDS_INLINE 2
typedef struct oa_ends {
  uint32_t n, cap;            /* cap 0: entries inline */
  int32_t *c;                 /* sorted ascending (cap > 0) */
  oa_chain *chain;
  int32_t c_in[OA_ENDS_INLINE];
  oa_chain chain_in[OA_ENDS_INLINE];
} oa_ends;

typedef struct oa_node oa_node;

/* How a finished node reports itself for per-location aggregation. */
typedef struct oa_ospg_hooks {
  /* Called once per node when its subtree is complete, while its ancestors
   * are still alive (so "is there an enclosing instance of the same
   * location" can be asked with oa_node_has_ancestor_loc). */
  void (*finished)(void *ctx, oa_node *n);
  void *ctx;
} oa_ospg_hooks;

/* What few nodes need, kept apart so that every node does not pay for it:
 * allocated when first written (oa_node_x_of), read through oa_node_xr (all
 * zero when there is none), and kept as long as the node's memory (in race
 * mode until the node's limbo is over). */
typedef struct oa_node_x {
  /* task dependencies (P-nodes; a taskgroup's S-node or an undeferred
   * piece: the exit predecessors of what follows it) */
  oa_node **preds;               /* left siblings this P-node depends on */
  uint32_t npreds, cap_preds;
  /* The last undeferred task P-node among its left siblings when it was
   * attached (NULL: none).  An undeferred task precedes every right
   * sibling, so whatever reaches it by dependence edges (the wait of
   * `taskwait depend`, an if(0) task with depend clauses) precedes this
   * node too: queries follow it as one more predecessor.  last_u: the same
   * for the next child attached. */
  oa_node *ubar, *last_u;
  uint32_t wseq_after;           /* oa_node.wseq of its parent when it closed (wdone) */
  uint8_t wpend;                 /* a chunk under it had a nested taskwait: its owner
                                  * passes it on (oa_node_group_end) when it closes */
  uint8_t wdone;                 /* ... it did: the tasks of its chunks are older than
                                  * the waits its parent had passed then (wseq_after) */
  /* W-nodes, race mode and raw logs: the chain of ordered regions of a loop
   * instance (doc/SEMANTICS.md rule 7).  ochain names the loop instance (0:
   * none); the loop's ordered regions are numbered in the order they run,
   * which is iteration order.  oafter: the last ordered region whose start
   * precedes this fragment in its task (0: none); obefore: the first one
   * whose end it precedes (0: none known yet), when opo is set: the
   * fragment is in the program order of the task that runs the loop's
   * chunk or share (else only oafter counts: a task created in an
   * iteration).  Region x precedes region y for x < y, so a fragment with
   * obefore x precedes one with oafter y. */
  uint8_t opo;
  uint64_t ochain, obefore, oafter;
} oa_node_x;

/* The node: what every node needs for its whole life, and by kind what a
 * W-node (what-if data) or any other node (its children and fold state)
 * needs; rarer data in its side record (oa_node_x).  Race mode packs node
 * addresses in 32 bits, in units of 8 bytes. */
struct oa_node {
  oa_node *parent;
  oa_node *next;                 /* its right sibling */
  union {
    /* S, P and ST-nodes: their children, left to right, from the first not
     * folded yet (the fold cursor), and their fold state (pre, direct, via,
     * ends, entry, dep_end: ospg.c), allocated when first needed and freed
     * with the node.  Once freed, race mode keeps a node (of any kind) in a
     * list of freed nodes readable until the parallel region they belong to
     * is over. */
    struct {
      union {
        oa_node *first;
        oa_node *limbo_next;
      };
      oa_node *last;
      struct oa_fold *fold;
      uint32_t nkids;            /* how many children it had (the next one's ord) */
      /* Work handed to any thread (anythread, below): any_phase, on such a
       * node, is the depth of the node holding its thread's part of the
       * barrier phase: what lies below it is logically parallel with
       * whatever lies in the same phase outside it (a query whose LCA is at
       * a depth of at least any_phase).  any_in: some ancestor is such a
       * node. */
      uint32_t any_phase;
    };
    /* W-nodes (a leaf, never folding: its summary is its work), for what-if
     * analysis (3.7): where the fragment began and ended (location ids, 0:
     * unknown), the annotation's factor (0: none), the serial work that
     * stands for its work on chains when has_sw is set, and the creation
     * cost of the tasks the annotation stands for */
    struct {
      uint32_t edge_begin, edge_end;
      float whatif;
      uint8_t cont;              /* a later fragment of the same directive instance's body
                                  * (after a task creation, a taskwait, a nested critical
                                  * ...): its work counts, the instance is not counted again */
      uint8_t has_sw;
      uint8_t busy;              /* ran `#pragma omp flush` OA_BUSY_FLUSHES times or more:
                                  * busy-waiting, most likely (its work is still work) */
      uint8_t asked;             /* called omp_get_num_threads (contract.h OA_W_ASKED_TEAM) */
      uint64_t sw;
      uint64_t whatif_cost;
    };
  };
  /* what few nodes need (dependences, nested waits, ordered chains): NULL
   * until first written, see oa_node_x_of; race mode's own data is the
   * host's, after the node (oa_ospg_host.node_extra) */
  struct oa_node_x *x;
  uint64_t id;                   /* the host's name for it in raw logs and recordings
                                  * (0: none) */
  uint64_t work;                 /* W: measured; else: sum of the subtree */
  uint64_t span;                 /* longest chain in the subtree (valid when done) */
  /* For per-directive aggregation (profagg.h), by role: a worksharing
   * instance's nodes (inst != 0), S-nodes and ST-nodes use the first; a
   * task's P-node (nanc != 0xff) the second. */
  union {
    struct {
      void *user;                /* S, ws instances: the host's region; ST: its own use */
      uint32_t inst;             /* instance of the directive (ws constructs), 0: none */
      uint16_t team_index;       /* inst: the thread of the team that ran it */
    };
    /* the directives of the same kind whose instances enclose this node,
     * when known at creation (nanc 0xff: not set) */
    uint32_t anc[4];
  };
  uint32_t refs;                 /* 1 while open + children not folded yet */
  uint32_t depth;                /* root: 0 */
  uint32_t ord;                  /* its place among its siblings (attached left to right) */
  uint32_t succ_refs;            /* successors not folded yet: keeps this node alive */
  /* The nested taskwaits its task had passed when it was attached (see
   * oa_node_waited): inherited from its parent at attach time. */
  uint32_t wseq;
  uint16_t loc;                  /* location this node's work is attributed to (0: main) */
  uint16_t own_loc;              /* location of the directive that created it, or 0 */
  uint8_t nanc;
  uint8_t lock;                  /* spin lock: children list, folding, refs */
  uint8_t done;                  /* subtree complete, summary valid */
  uint8_t xmark;                 /* nested waits or dependences cross the levels below it:
                                  * queries under it look further (cross_order) */
  uint8_t floating;              /* passed by the fold cursor; folds when done */
  uint8_t has_deferred;          /* ST: a deferred task was created in it */
  /* Set by its owner: at creation, before it is attached (st_val of an
   * ST-node also at its taskwait); one word, so no other thread writes it. */
  unsigned kind : 2;             /* oa_kind */
  signed st_val : 2;
  unsigned undeferred : 1;       /* task P-node whose task ran to completion before its
                                  * creator went on (if(0), included, final descendants):
                                  * st_val 0, its class-0 content is series with its
                                  * right siblings */
  unsigned share : 1;            /* undeferred P-node that is a piece of its task's own
                                  * program order (a thread's share of a static loop), not
                                  * a task: the tasks created in it are its task's
                                  * children, which the task's taskwait waits for */
  unsigned anythread : 1;        /* P-node: work handed to any thread of a team of two or
                                  * more (a dynamic chunk, a section, a single body):
                                  * logically parallel with its left siblings too, the
                                  * code its phase ran before it on the thread that
                                  * happened to run it (doc/SEMANTICS.md rules 5-6) */
  unsigned any_in : 1;
  unsigned piece : 1;            /* P-node that is a piece of its task's own work, not a task
                                  * (a static share, a chunk, a section, a single body) */
  unsigned free_order : 1;       /* may fold out of order: a deferred task P-node with no
                                  * dependences (it adds nothing to its parent's series
                                  * chain, so only its starting chain matters) */
  unsigned task : 1;             /* P-node of an explicit task: its creation costs the
                                  * host's task cost (oa_agg) */
};
/* 128 bytes on LP64 (1072 before issue 16, item 3, when the fold state and
 * the dependence, wait, ordered-chain, race and what-if data lived in every
 * node; 176 before the tool's per-node data shared one union by role, the
 * pool came from the slab, location ids took 16 bits and the flags one
 * word).  Every mode pays for each field in memory and cache: keep it so. */
_Static_assert(sizeof(oa_node) <= 128, "oa_node: keep what few nodes need in oa_node_x");
#define OA_NODE_LOC_MAX UINT16_MAX   /* location ids a node holds */

/* The aggregation data by role: a task's P-node (nanc set) has no instance
 * and no user data. */
static inline uint32_t oa_node_inst(const oa_node *n)
{
  return n->nanc == 0xff ? n->inst : 0;
}
static inline void *oa_node_user(const oa_node *n)
{
  return n->nanc == 0xff ? n->user : NULL;
}

/* The host of a graph: what the tool (or a test) sets for the pools it
 * makes, read through the pool a node came from (oa_node_pool_of). */
typedef struct oa_ospg_host {
  /* Slabs of OA_SLAB_BYTES, aligned to OA_SLAB_BYTES; NULL: the C heap.
   * Race mode: from one reserved range, so a node fits in 32 bits. */
  void *(*slab_alloc)(size_t bytes);
  /* Race mode keeps freed nodes readable (parent, kind, st_val, preds) for
   * as long as shadow memory may name them: until the top-level parallel
   * region they ran in is over, which the race runtime marks by advancing
   * epoch (atomic).  A pool hands its kept nodes back once the epoch moved
   * on. */
  int retain;
  /* Race mode reads the graph's shape only (may-parallel queries, paths):
   * nodes still fold in order, which frees them, but no chain, span or
   * summary is computed, and work is only added up. */
  int shape_only;
  uint32_t epoch;
  /* The last fragment of the ordered region before region y in chain (the
   * loop's previous one: every fragment that precedes its end precedes y's
   * start), or NULL when unknown; set by the builder of the graph (race
   * mode, tests).  Queries ask it about fragments without program-order
   * stamps (a task an iteration created and waited for). */
  const oa_node *(*ord_prev_last)(uint64_t chain, uint64_t y);
  /* Did fragment a begin after fragment e?  For the same queries, which
   * skip e then; NULL: a's id is the larger (ids in creation order). */
  int (*began_after)(const oa_node *a, const oa_node *e);
  /* Bytes of the host's own after every node (oa_node_extra), a multiple
   * of 8, zero when the node is made; set before the first node. */
  uint32_t node_extra;
} oa_ospg_host;

/* The host's bytes after node n (oa_ospg_host.node_extra). */
static inline void *oa_node_extra(const oa_node *n)
{
  return (void *)(n + 1);
}

/* Allocation: nodes come from slabs of OA_SLAB_BYTES (aligned to that
 * size), each owned by the pool of one caller (no global lock); the slab's
 * first slot names its pool (oa_node_pool_of). */
#define OA_SLAB_BYTES ((size_t)16384)
typedef struct oa_node_pool {
  const oa_ospg_host *host;      /* NULL: no host settings (the C heap, nothing kept) */
  size_t stride;                 /* a node and the host's bytes after it, from the
                                  * first slab on */
  oa_node *free;
  size_t nfree, allocated;
  void **slabs;
  size_t nslabs, cap_slabs;
  oa_node *remote;               /* atomic: nodes other threads gave back */
  struct oa_fold *folds;         /* fold states: free ones, and (atomic) those */
  struct oa_fold *remote_folds;  /* other threads gave back */
  /* called as each node of this pool is freed (single-threaded users) */
  void (*on_free)(struct oa_node_pool *pool, oa_node *n, void *ctx);
  void *free_ctx;
  /* race mode: nodes this caller freed while the host's epoch was limbo_epoch */
  oa_node *limbo;
  uint32_t limbo_epoch;
} oa_node_pool;

static inline oa_node_pool *oa_node_pool_of(const oa_node *n)
{
  return *(oa_node_pool *const *)((uintptr_t)n & ~(uintptr_t)(OA_SLAB_BYTES - 1));
}

oa_node *oa_node_new(oa_node_pool *pool, oa_kind kind, oa_node *parent);
/* Give back the pool's memory: every node it ever handed out is gone. */
void oa_node_pool_destroy(oa_node_pool *pool);
/* Attach child under parent (the rightmost child); thread-safe. */
void oa_node_attach(oa_node *parent, oa_node *child);
/* The node's owner has finished adding to it: once every child is folded it
 * completes, is summarized, and folds into its parent (possibly on this
 * thread, possibly later on the thread that completes its last child). */
void oa_node_close(oa_node_pool *pool, const oa_ospg_hooks *hooks, oa_node *n);
/* Record that P-node succ (a task) depends on P-node pred, an older child of
 * the same task: usually its left sibling; when a taskgroup, a static share
 * (or a team of one's chunk) lies between them, a node of another level.
 * Returns 1 for such a cross-level edge: queries follow it, the span does not
 * (the caller says so in the report). */
int oa_node_add_pred(oa_node *succ, oa_node *pred);
/* The same when the caller knows where they meet (top, an open ancestor of
 * succ): pred's own ancestors may be gone already (a profile that folds). */
int oa_node_add_pred_at(oa_node *succ, oa_node *pred, const oa_node *top);
/* A taskwait nested in a taskgroup, a share or a chunk of its task (rule 11:
 * it waits for every child created before it, at every level of the task
 * below root, its task's P-node) ended while inner was the task's innermost
 * open node.  Queries then order those children before what the task does
 * next.  Returns 1 when an outer level holds deferred children the span
 * cannot see waited (the caller says so in the report). */
int oa_node_waited(oa_node *inner, oa_node *root);
/* (Inside a chunk of a team of one, whose construct's other chunks may run
 * first, it stops at the chunk and sets its parent's wpend.) */
/* The node holding a team of one's chunks (a loop or sections) closes: a
 * taskwait in one of them waited for the task's older children, which what
 * follows the construct now follows; not for the other chunks' tasks.
 * Returns as oa_node_waited. */
int oa_node_group_end(oa_node *g, oa_node *root);
/* For a W-node: set its measured work before closing it (and, for what-if
 * analysis, its serial work: has_sw and sw). */
static inline void oa_node_set_work(oa_node *w, uint64_t work) { w->work = work; }

int oa_node_has_ancestor_loc(const oa_node *n, uint32_t loc);

/* Logical series-parallel queries on live nodes (Alg. 1). l must be to the
 * left of r (created earlier). */
int oa_is_parallel(const oa_node *l, const oa_node *r);
/* The same for two fragments in either order (a node's ord tells which is
 * left); nested: Alg. 18, for runs whose taskwaits are fully nested (an
 * ST-node counts as an S-node, a task's descendants end with it). */
int oa_may_parallel(const oa_node *a, const oa_node *b, int nested);
/* The same, also giving the depth of their LCA. */
int oa_may_parallel_at(const oa_node *a, const oa_node *b, int nested, uint32_t *lca_depth);
const oa_node *oa_lca(const oa_node *a, const oa_node *b);
/* Is there a path of dependency edges from P-node a to its right sibling b? */
int oa_directed_path(const oa_node *a, const oa_node *b);

/* Chains */
void oa_chain_free(oa_chain *c);
void oa_chain_copy(oa_chain *dst, const oa_chain *src);
void oa_chain_add(oa_chain *c, uint32_t loc, uint64_t amount);
/* dst = a + b (concatenation: lengths and attributions add) */
void oa_chain_concat(oa_chain *dst, const oa_chain *a, const oa_chain *b);
uint64_t oa_chain_attr(const oa_chain *c, uint32_t loc);
void oa_ends_free(oa_ends *e);
/* The longest chain of e, or NULL when e is empty. */
const oa_chain *oa_ends_best(const oa_ends *e);
/* A complete node's summary (its longest chains by class; empty when it
 * has none), and an open one's longest chain series to the right of what
 * is folded so far (the caller holds its lock). */
const oa_ends *oa_node_ends(const oa_node *n);
const oa_chain *oa_node_pre(const oa_node *n);
void oa_node_lock(oa_node *n);
void oa_node_unlock(oa_node *n);

/* Keep a P-node alive for dependency edges to tasks not created yet, and
 * let it go again. */
void oa_node_hold(oa_node *n);
void oa_node_release(oa_node_pool *pool, oa_node *n);

/* A node's side record: oa_node_x_of makes it when there is none
 * (any thread may); oa_node_xr reads it, all zero when there is none. */
oa_node_x *oa_node_x_of(oa_node *n);
extern const oa_node_x oa_node_x_none;
static inline const oa_node_x *oa_node_xr(const oa_node *n)
{
  const oa_node_x *x = __atomic_load_n(&n->x, __ATOMIC_ACQUIRE);
  return x ? x : &oa_node_x_none;
}

/* Free a node and what it owns (its summary); not its children. */
void oa_node_free(oa_node_pool *pool, oa_node *n);

#endif
