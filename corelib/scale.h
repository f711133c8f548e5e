/* The program at other team sizes (`ompadv scale`, doc/SCALE.md): from one
 * recording at T threads, the work, span and parallelism the program would
 * have with P threads, and the speedup they predict.
 *
 * The replay (replay.c) hands every finished node of the recording's OSPG
 * to oa_scale_finished, with the loop and region facts of the records as
 * they come.  Per barrier phase of each parallel region the model keeps
 * what each thread ran: its own code outside worksharing, its static-loop
 * shares (with their loop's trip count and schedule), and the longest chain
 * of the pieces handed to any thread (chunks, sections, single bodies,
 * tasks).  When the phase completes, it is re-split at every team size
 * asked for: each static loop into the blocks the same schedule gives P
 * threads, each block's work estimated from the measured shares it
 * overlaps (doc/SEMANTICS.md rule 4); every other piece stays as it ran
 * (rules 5, 6: it is logical already).  A region whose team size the
 * program fixed keeps it, and so does a region nested in another region or
 * in a task. */
#ifndef OMPADV_SCALE_H
#define OMPADV_SCALE_H

#include <stddef.h>
#include <stdint.h>

#include "ospg.h"
#include "schedule.h"  /* oa_scale_block */

#define OA_SCALE_MAX_POINTS 32

/* The runtime's costs on the critical path (the burdened span), in the
 * metric's unit, measured at the calibration's team size; 0: unknown. */
typedef struct oa_scale_costs {
  double fork;               /* a parallel region's fork and join */
  double barrier;            /* one barrier */
  double loop;               /* a static loop's start, dispatch and end */
  double chunk;              /* a dynamic loop's chunk dispatch */
  double task;               /* a task's creation and the switch to it */
  /* the tasks' and chunks' costs on the recorded critical path: the span of
   * a replay that charges them (oa_replay_opts.burden_task, burden_chunk)
   * minus the span; they do not change with the team size */
  double pieces;
} oa_scale_costs;

/* One team size's figures.  Work and span are in the metric's unit. */
typedef struct oa_scale_point {
  uint32_t threads;
  double work, span, burdened_span;
  double parallelism, burdened_parallelism;
  double speedup;            /* predicted, over one thread */
  double speedup_low;        /* greedy schedule with the burdened span: work/P + span */
  double speedup_high;       /* work and span laws: min(P, work/span) over one thread */
  uint32_t limit_loc;        /* the location with the largest share of the span at P
                              * (0: main's serial code) */
  double limit_share;        /* that share, 0 to 1 */
  double measured_speedup;   /* < 0: not measured */
} oa_scale_point;

/* A static loop instance's facts, from its SLOT record (contract.h). */
typedef struct oa_scale_loop {
  uint64_t trip;             /* iterations */
  uint32_t chunk;            /* 0: unchunked (libomp's balanced split) */
  uint8_t kind;              /* enum oa_slot_sched */
} oa_scale_loop;

typedef struct oa_scale oa_scale;

/* A model for the team sizes threads[0..n-1] (n <= OA_SCALE_MAX_POINTS);
 * costs may be NULL (no burden). */
oa_scale *oa_scale_new(const uint32_t *threads, size_t n, const oa_scale_costs *costs);
void oa_scale_free(oa_scale *s);
/* Set the costs after the replay (the recording says its metric). */
void oa_scale_set_costs(oa_scale *s, const oa_scale_costs *costs);

/* The records' facts, as the replay reads them. */
void oa_scale_region(oa_scale *s, uint64_t region, uint32_t team, uint32_t flags);
void oa_scale_slot(oa_scale *s, uint64_t region, uint32_t index, const oa_scale_loop *loop);
/* A region's S-node joined the graph (its node id, the region's id). */
void oa_scale_region_node(oa_scale *s, uint64_t node, uint64_t region);
/* A node of the graph is complete (its ancestors are alive); masked: n is
 * a fragment of a masked (or master) body, which only thread 0 runs at any
 * team size. */
void oa_scale_finished(oa_scale *s, const oa_node *n, int masked);

/* The figures: the recording's work, span and critical path at the
 * recorded team sizes (the replay's), and the largest team it had. */
typedef struct oa_scale_result {
  uint32_t recorded_threads;
  size_t npoints;
  oa_scale_point points[OA_SCALE_MAX_POINTS];
  /* what the model could not see, for the report's notes */
  uint64_t static_loops;     /* static loop instances re-split */
  uint64_t coarse_loops;     /* ... whose estimate is coarse: fewer measured blocks than
                              * the P asked for and unequal densities */
  double coarse_work;        /* their share of the work, 0 to 1 */
  uint64_t fixed_regions;    /* region instances that kept their team size: fixed by the
                              * program */
  uint64_t nested_regions;   /* ... nested in a region or a task */
  uint64_t split_regions;    /* region instances whose own code asked the team size
                              * (omp_get_num_threads): taken as split among the team */
  double own_work;           /* share of the work run by threads outside worksharing in
                              * regions that scale (replicated at P) */
  uint64_t no_trip;          /* static loops without their trip count or schedule
                              * (split as equal blocks) */
  uint64_t regions, phases;  /* top-level region instances and their barrier phases */
} oa_scale_result;

/* The figures at every team size, from the replay's work, span and
 * critical path (by location) at the recorded team sizes. */
void oa_scale_compute(oa_scale *s, double work, double span, const oa_chain *cp,
                      oa_scale_result *out);

#endif
