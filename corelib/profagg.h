/* The per-directive side of a profile (dissertation 3.6): as the OSPG reports
 * each finished node, its work and serial work are added to the directive
 * that created it (outermost instances only), worksharing instances are
 * gathered per region, and at the end the program's critical path is split
 * by directive.  The same code serves the tool (online: one oa_agg per
 * thread, merged at the end) and `ompadv report` (offline: the OSPG rebuilt
 * from a recording, one oa_agg), so the two give the same figures. */
#ifndef OMPADV_PROFAGG_H
#define OMPADV_PROFAGG_H

#include <pthread.h>
#include <stdint.h>

#include "contract.h"
#include "ospg.h"

typedef struct oa_loc_stats {
  uint64_t work, serial, cost, count;
} oa_loc_stats;

/* One thread's sums (online) or the whole analysis' (offline). */
typedef struct oa_agg {
  oa_loc_stats *stats;
  uint32_t nstats;
  oa_profile_nested *nested;      /* instances nested in same-kind ones */
  uint32_t nnested, cap_nested;
  uint64_t tasks, nodes;          /* explicit tasks and OSPG nodes created */
  uint64_t busy_work;             /* work of fragments that busy-waited (OA_BUSY_FLUSHES) */
  /* set by the host: what creating a task costs (oa_node.task), deferred
   * and undeferred */
  uint64_t task_cost, task_cost_undeferred;
  struct oa_agg *next;            /* all of them, for the final merge */
} oa_agg;

/* One worksharing construct instance of a region (the k-th the team met). */
typedef struct oa_ws_slot {
  uint32_t loc;
  uint64_t work;
  uint64_t max_chunk;             /* chunks (and sections) are logically parallel */
  uint64_t *thread_serial;        /* each thread's own fragments are serial */
} oa_ws_slot;

/* A parallel region's worksharing instances.  The region's S-node has it as
 * its user data, and so do the nodes that are instances (node->inst: slot
 * index + 1); it must be the first member of whatever was malloc'ed for it:
 * it is freed when that S-node finishes. */
typedef struct oa_agg_region {
  uint8_t lock;                   /* oa_spin_lock: every thread takes it at each instance */
  oa_ws_slot *slots;
  uint32_t nslots, cap_slots;
  uint32_t team;
} oa_agg_region;

/* How the host (the tool, or the replay of a recording) describes its
 * location ids: describe(ctx, loc, &d) fills the code address (0: unknown),
 * the kind (enum oa_construct; OA_C_MAIN for 0 and ids it does not know)
 * and the flags of location loc. */
typedef struct oa_loc_desc {
  uint64_t where;
  uint16_t kind, flags;
} oa_loc_desc;
typedef struct oa_locs {
  void (*describe)(void *ctx, uint32_t loc, oa_loc_desc *d);
  void *ctx;
} oa_locs;

void oa_agg_region_init(oa_agg_region *r, uint32_t team);
/* The index-th instance, created on first use; loc names it unless it has a
 * name already with a known address. */
oa_ws_slot *oa_agg_region_slot(oa_agg_region *r, uint32_t index, uint32_t loc,
                               const oa_locs *locs);

/* What a finished node needs besides itself: whether an ancestor is an
 * instance of the same location (for worksharing instances), and the
 * distinct same-kind directives enclosing it (others). */
typedef struct oa_agg_context {
  int has_same_loc_ancestor;
  uint32_t nanc;                  /* OA_ANC_MAX + 1: too many */
  uint32_t anc[OA_ANC_MAX];
} oa_agg_context;

/* Add loc to the sorted set anc[0..*n) of at most OA_ANC_MAX enclosing
 * directives (nothing if it is there).  A full set becomes *n =
 * OA_ANC_MAX + 1, "too many", and returns -1 (the caller stops); else 0.
 * The tool (a task's directives, as it creates the task) and the replay
 * (a node's, walking up) both build the sets with it. */
int oa_anc_add(uint32_t *anc, uint32_t *n, uint32_t loc);

/* Compute the context from the live ancestors of n (they must exist). */
void oa_agg_context_of(const oa_node *n, const oa_locs *locs, oa_agg_context *cx);

/* What creating n cost: a task's P-node, a fragment standing for what-if
 * tasks; else 0. */
static inline uint64_t oa_agg_cost(const oa_agg *a, const oa_node *n)
{
  if (n->kind == OA_W)
    return n->whatif_cost;
  return n->task ? (n->undeferred ? a->task_cost_undeferred : a->task_cost) : 0;
}

/* The OSPG's finished hook, with n's context. */
void oa_agg_finished(oa_agg *a, oa_node *n, const oa_agg_context *cx);

/* The profile: header, nlocs locations and the nested records, from every
 * agg of the list and the program's critical path cp (attributed by
 * location), work and span, locations 1 to nlocs - 1 as locs describes them.
 * Returns the number of nested records written (at most room_nested). */
uint32_t oa_agg_fill(const oa_agg *list, const oa_chain *cp, uint64_t work, uint64_t span,
                     uint32_t nlocs, const oa_locs *locs, oa_profile_header *h,
                     oa_profile_loc *l, oa_profile_nested *nest, uint32_t room_nested);
uint32_t oa_agg_count_nested(const oa_agg *list);
void oa_agg_free(oa_agg *a);

#endif
