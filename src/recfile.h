/* The driver's side of recordings (record, report, whatif): naming their
 * locations after the run, opening them with the user-facing errors, region
 * specs (FILE:LINE or FILE:FIRST-LAST[=FACTOR]) and the what-if replays. */
#ifndef OMPADV_RECFILE_H
#define OMPADV_RECFILE_H

#include "render.h"
#include "replay.h"

/* Resolve every location of the recording at path to its source, once, and
 * append the names to it.  Returns 0, or -1 after saying why (quiet: without
 * a word; a recording without its names is still readable). */
int oa_recording_name(const char *path, int quiet);
/* Open a recording for analysis; exits 2 with a one-line error when it is
 * not a usable recording. */
oa_recording *oa_recording_load(const char *path);
/* Exit 2 with "ompadv: DOING: PATH: why; fix" unless path is a regular file
 * that can be opened to read it as what ("a recording"): a check, without
 * blocking, to make before any work, since opening a named pipe would wait
 * for a writer.  Readers that open the file themselves check as they do. */
void oa_input_check(const char *path, const char *what, const char *doing);
/* oa_input_check for a recording, in the words of oa_recording_load. */
void oa_recording_check(const char *path);
/* The recordings the -i options name (n of them, in order): each as given,
 * or, when it is a pattern that names no file itself ('app.*.data', the
 * ranks of an MPI job), the files it matches, in version order (app.2.data
 * before app.10.data).  *nout of them, malloc'ed, each too. */
char **oa_recording_inputs(const char *const *inputs, size_t n, size_t *nout);
void oa_recording_inputs_free(char **files, size_t n);
/* Render namer for the locations of a recording (ctx: the recording). */
char *oa_recording_loc_name(void *ctx, const oa_profile_loc *l);

/* A region spec of the command line. */
typedef struct oa_region_spec {
  char *file;                /* as given */
  char *text;                /* the lines part as given, for messages */
  uint32_t first, last;
  int range;                 /* FIRST-LAST given: that region exactly; else the
                              * regions whose lines contain LINE (first) */
  double factor;             /* 0: the command's default */
  uint64_t matched;          /* fragments it matched in the last replay */
} oa_region_spec;

/* Parse SPEC; exits 2 naming the option on a bad one. */
void oa_region_spec_parse(const char *opt, const char *text, oa_region_spec *out);
/* Does spec name region (of recording r)? */
int oa_region_spec_match(const oa_region_spec *spec, const oa_rec_region *region);

/* A what-if factor option's value (> 1); exits 2 naming opt otherwise. */
double oa_parse_factor(const char *opt, const char *arg);

/* Replay, exiting 2 with the reason when the recording is damaged. */
void oa_recording_replay(oa_recording *r, const oa_replay_opts *opts, oa_replay_out *out);
/* The replay's profile, to render. */
oa_profile_view oa_replay_view(const oa_replay_out *out, const oa_recording *r);

#endif
