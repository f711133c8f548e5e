/* Reading a recording (`ompadv record`, contract.h OA_REC_*) and the offline
 * analysis over it (dissertation 3.6.1 and 3.7, Alg. 9-11 and 14-16): the
 * OSPG's construction is replayed in the run's order into the same OSPG code
 * the tool uses (ospg.c, profagg.c), so the figures equal the online ones,
 * and memory follows the live part of the graph as it did in the run.
 * What-if analysis replays it again with chosen fragments' serial work
 * reduced.  Every record is checked: a damaged file gives an error, never a
 * crash or a silently wrong profile. */
#ifndef OMPADV_REPLAY_H
#define OMPADV_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "contract.h"
#include "ospg.h"

typedef struct oa_recording oa_recording;

/* A location of the recording: a directive, or an edge (where fragments
 * begin and end), with its source when the driver could resolve it. */
typedef struct oa_rec_loc {
  uint64_t where;
  uint16_t kind, flags;
  const char *file;          /* NULL: unknown */
  const char *func;          /* NULL: unknown */
  uint32_t line;
} oa_rec_loc;

/* A what-if region: the source lines between the constructs that begin and
 * end its fragments (3.7.2), file:first-last. */
typedef struct oa_rec_region {
  const char *file;          /* NULL: unknown */
  uint32_t first, last;
  char *name;                /* "file:first-last" */
  int start;                 /* begins at the process's start: its loading and the
                              * runtime's start-up are in it, not only the program's code */
} oa_rec_region;

int oa_rec_open(const char *path, oa_recording **out, char *err, size_t errlen);
void oa_rec_close(oa_recording *r);
const oa_file_header *oa_rec_header(const oa_recording *r);
/* The profile the tool computed during the run, if it wrote one. */
int oa_rec_online(const oa_recording *r, const oa_profile_header **h, const oa_profile_loc **locs,
                  const oa_profile_nested **nested);
/* The loaded objects the tool listed. */
typedef void (*oa_rec_module_fn)(void *ctx, const char *path, uint64_t base, uint64_t lo,
                                 uint64_t hi);
int oa_rec_modules(oa_recording *r, oa_rec_module_fn fn, void *ctx);
/* Read every location record (where and kind), for naming them. */
int oa_rec_scan_locs(oa_recording *r, char *err, size_t errlen);
/* Append the names of n locations to the recording (the driver, once,
 * after the run), with the count of records that makes it whole. */
int oa_rec_write_names(oa_recording *r, uint32_t n, const uint32_t *loc, const uint32_t *line,
                       const char *const *file, const char *const *func, char *err,
                       size_t errlen);
/* Name a location in memory only (a recording without names). */
void oa_rec_set_name(oa_recording *r, uint32_t loc, const char *file, uint32_t line,
                     const char *func);
/* Bytes of the file, and whether the driver finished it (names appended). */
uint64_t oa_rec_size(const oa_recording *r);
int oa_rec_has_names(const oa_recording *r);

/* Options of one analysis. */
typedef struct oa_replay_opts {
  int by_region;             /* attribute the critical path to what-if regions,
                              * not to directives */
  int annotations;           /* apply ompadv_whatif_begin/end factors */
  /* factor for the fragments of region k (<= 1: none); NULL: none */
  double (*factor)(void *ctx, uint32_t region);
  void *ctx;
  /* the team-size model to feed (scale.h), or NULL */
  struct oa_scale *scale;
  /* the burdened span (scale.h): the runtime's cost of creating a task and
   * of dispatching a dynamic chunk, in the metric's units, added to the
   * first fragment of each (0: none) */
  uint64_t burden_task, burden_chunk;
  /* another reader of the same records (the time analysis: timeprof.h),
   * called after the replay on each, over the same read of the file; NULL:
   * none */
  struct oa_rec_visitor *also;
} oa_replay_opts;

typedef struct oa_replay_out {
  oa_profile_header h;
  oa_profile_loc *locs;      /* h.nlocs */
  oa_profile_nested *nested; /* h.nnested */
  oa_chain cp;               /* the critical path, by location or by region */
  uint64_t records;          /* records replayed */
  uint64_t whatif_nodes;     /* fragments whose serial work was reduced */
  uint64_t granularity_floor;/* serial work a what-if fragment keeps at least */
  uint64_t peak_nodes;       /* most OSPG nodes alive at once */
  uint64_t time_first, time_last; /* TSC of the first and last record replayed (W
                                   * records excepted: they have no time) */
  int partial;               /* the run did not end: open nodes were closed as they stood */
  struct oa_replay_applied { /* regions whose fragments what-if reduced, distinct */
    uint32_t region;
    double factor;
  } *applied;
  size_t napplied;
  struct oa_region_sums {    /* by_region: per region id (nregions may exceed the
                              * regions seen; unused ones are zero) */
    uint64_t work, fragments;
    uint64_t spmd_fragments; /* run straight in a parallel region's implicit task,
                              * outside worksharing and tasks */
    uint64_t static_work;    /* the work of its fragments in static loops' blocks */
  } *regions;
  uint32_t nregions;
} oa_replay_out;

/* Replay the whole recording.  Returns 0, or -1 with a one-line reason. */
int oa_replay(oa_recording *r, const oa_replay_opts *opts, oa_replay_out *out, char *err,
              size_t errlen);
void oa_replay_out_free(oa_replay_out *out);

/* Locations and regions seen by the last replay (regions: only with
 * by_region or factor). */
uint32_t oa_rec_nlocs(const oa_recording *r);
const oa_rec_loc *oa_rec_loc_at(const oa_recording *r, uint32_t loc);
uint32_t oa_rec_nregions(const oa_recording *r);
const oa_rec_region *oa_rec_region_at(const oa_recording *r, uint32_t region);

#endif
