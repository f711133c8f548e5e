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
/* The construct of a row at where ("FILE:LINE"): its name, but "master"
 * for a masked construct whose source line says master (libomp 19 reports
 * both as masked). */
const char *oa_construct_label(unsigned kind, const char *where);
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

/* Seconds per unit of the metric of a run (h: its profile, run: its file
 * header, or NULL): for cputime (nanoseconds) and tsc (the rate the run
 * measured); 0 for counts (cycles, instructions) and a rate not known. */
double oa_seconds_per_unit(unsigned metric, const oa_file_header *run);
/* A duration as text shows it: "1.23 s", "45.6 ms", "789 us", "12 ns". */
const char *oa_secs(double s, char *buf, size_t len);
/* An amount of the metric for a table: seconds when spu (seconds per
 * unit) is known, else the count with an SI suffix. */
const char *oa_amount(uint64_t v, double spu, char *buf, size_t len);

/* --percent-limit and --top over a table of n rows in the order shown:
 * keep[i] says whether row i is shown (pct[i]: the row's share in
 * percent, what --percent-limit compares; NULL: none).  Returns the rows
 * left out; *below: how many of them for --percent-limit. */
size_t oa_table_keep(const oa_common *c, const double *pct, size_t n, unsigned char *keep,
                     size_t *below);
/* The line that sums up the rows left out, in a text table. */
void oa_table_left_out(FILE *f, const oa_common *c, size_t left_out, size_t below);
/* Where the locations (FILE:LINE..., or other names) of a text table lie
 * when none is below the current directory: the directory all their files
 * share (its length, up to its last '/'), which the table leaves out; 0
 * when there is none or the names are relative already. */
size_t oa_common_root(const char *const *names, size_t n);

/* --fail-below P: the value of its option (a parallelism above 0); exits 2
 * naming cmd when it is not one. */
double oa_parse_fail_below(const char *cmd, const char *arg);
/* The gate --fail-below P (0: none) on the profile h of a run, named what
 * ("", or a recording): 1, after saying so on stderr (-q too), when its
 * parallelism is below P; else 0. */
int oa_gate_below(const char *cmd, const char *what, const oa_profile_header *h, double p);

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
