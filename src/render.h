/* The parallelism profile as the user sees it (text, json, csv): shared by
 * `ompadv profile` (the tool's online profile), `ompadv report` (the offline
 * analysis of a recording) and the what-if analyses, so the same figures
 * print the same way whichever computed them. */
#ifndef OMPADV_RENDER_H
#define OMPADV_RENDER_H

#include <stdint.h>
#include <stdio.h>

#include "contract.h"
#include "ompadv.h"
#include "ospg.h"

/* A profile: the header, its locations and the nested-instance records. */
typedef struct oa_profile_view {
  const oa_profile_header *h;
  const oa_profile_loc *locs;
  const oa_profile_nested *nested;
  const char *cmd;                /* the command its notes name; NULL: "profile" */
  const oa_file_header *run;      /* the run's file header (time off the cores), or NULL */
  const oa_chain *cp;             /* offline: the critical path, with where each directive's
                                   * first piece starts on it; NULL: not known */
} oa_profile_view;

/* Display name of a location ("file:line", "main", ...), malloc'ed. */
typedef char *(*oa_loc_namer)(void *ctx, const oa_profile_loc *l);

/* What-if applied to a profile (report --region, annotations, whatif). */
typedef struct oa_whatif_region {
  const char *region;        /* "file:first-last", or "annotation at file:line" */
  double factor;
} oa_whatif_region;

typedef struct oa_whatif_info {
  const oa_profile_view *before;  /* the profile without what-if */
  const oa_whatif_region *regions;
  size_t nregions;
  uint64_t fragments;        /* fragments whose serial work was reduced */
  uint64_t floor;            /* granularity floor, in the metric's units */
  /* --threads-at: the team size (0: none), and the parallelism there before
   * and after the what-if (the team-size model, corelib/scale.h) */
  uint32_t threads_at;
  double at_before, at_after;
} oa_whatif_info;

const char *oa_construct_name(unsigned kind);
const char *oa_si(uint64_t v, char *buf, size_t len);
/* How the driver shows a place in the source: "FILE:LINE", ":COL" added
 * when col >= 0, FILE as the user sees it (oa_path_display); malloc'ed. */
char *oa_source_text(const char *file, int line, int col);
/* The line of the directive whose runtime call the debug information puts
 * at line: line itself, or, when line is not a directive and the source
 * has a directive ending just above it (a "#pragma omp" with its "\"
 * continuations, or Fortran "!$omp" lines with "&"), that directive's
 * first line.  clang puts a combined or dynamic loop's calls on the loop
 * statement under the pragma, and a task's call on its statement. */
int oa_directive_line(const char *file, int line);
void oa_json_string(FILE *f, const char *s);
void oa_csv_field(FILE *f, const char *s);

/* Print the profile v (with what-if columns if w is given) in c->format,
 * then the notes (why: how the metric was chosen, or NULL). */
void oa_render_profile(FILE *out, const oa_common *c, const oa_profile_view *v,
                       oa_loc_namer name, void *ctx, const oa_whatif_info *w, const char *why);
/* The profile as --format json prints it, without the notes (the page of
 * --html is drawn from it). */
void oa_render_profile_json(FILE *out, const oa_common *c, const oa_profile_view *v,
                            oa_loc_namer name, void *ctx, const oa_whatif_info *w);
/* The notes alone (metric, tasking cost, approximations). */
void oa_profile_notes(const oa_profile_view *v, int threads, const char *why);

/* Several recordings of one job (the ranks of an MPI program): one row per
 * rank, and each directive's work summed over the ranks with its worst
 * rank (the longest serial work of its instances there). */
typedef struct oa_rank_view {
  const char *label;              /* the recording's file name */
  double achieved;                /* tsc: work over the run's elapsed ticks; 0: unknown */
  oa_profile_view v;
  oa_loc_namer name;
  void *ctx;
} oa_rank_view;
void oa_render_ranks(FILE *out, const oa_common *c, const oa_rank_view *ranks, size_t n);

#endif
