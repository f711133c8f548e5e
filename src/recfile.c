/* Recordings on the driver's side: see recfile.h. */
#include "recfile.h"

#include <errno.h>
#include <glob.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "progress.h"
#include "recording.h"
#include "symbolize.h"
#include "util.h"

static void add_module(void *ctx, const char *path, uint64_t base, uint64_t lo, uint64_t hi)
{
  oa_sym_add_module(ctx, path, base, lo, hi);
}

/* Resolve every location of r to its source: write the names into the file
 * (write 1) or keep them in memory. */
static int resolve(oa_recording *r, int write, int quiet)
{
  char err[PATH_MAX + 256];
  if (oa_rec_scan_locs(r, err, sizeof err) != 0) {
    oa_error("cannot name the recording's locations: %s", err);
    return -1;
  }
  oa_symbolizer *sym = oa_sym_new();
  oa_rec_modules(r, add_module, sym);
  uint32_t n = oa_rec_nlocs(r), k = 0;
  uint32_t *loc = oa_xcalloc(n + 1, sizeof *loc), *line = oa_xcalloc(n + 1, sizeof *line);
  const char **file = oa_xcalloc(n + 1, sizeof *file), **func = oa_xcalloc(n + 1, sizeof *func);
  char **clean = oa_xcalloc(n + 1, sizeof *clean), **stable = oa_xcalloc(n + 1, sizeof *stable);
  for (uint32_t i = 1; i < n; i++) {
    const oa_rec_loc *l = oa_rec_loc_at(r, i);
    oa_srcloc s;
    if (!l || !l->where || !oa_sym_lookup(sym, l->where, &s))
      continue;
    loc[k] = i;
    line[k] = s.line > 0 ? (uint32_t)s.line : 0;
    clean[k] = s.file ? oa_path_clean(s.file) : NULL;
    file[k] = clean[k];
    /* without a line, the name must tell the locations of one function
     * apart, the same way in every run (diff matches regions by name) */
    stable[k] = line[k] && file[k] ? NULL : oa_sym_stable_name(&s, l->where);
    func[k] = stable[k] ? stable[k] : s.func;
    k++;
  }
  int rc = 0;
  if (write) {
    rc = oa_rec_write_names(r, k, loc, line, file, func, err, sizeof err);
    if (rc && !quiet)
      oa_error("cannot finish the recording: %s", err);
  } else {
    for (uint32_t i = 0; i < k; i++)
      oa_rec_set_name(r, loc[i], file[i], line[i], func[i]);
  }
  for (uint32_t i = 0; i < k; i++) {
    free(clean[i]);
    free(stable[i]);
  }
  free(clean);
  free(stable);
  free(loc);
  free(line);
  free(file);
  free(func);
  oa_sym_free(sym);
  return rc;
}

int oa_recording_name(const char *path, int quiet)
{
  char err[PATH_MAX + 256];
  oa_recording *r;
  if (oa_rec_open(path, &r, err, sizeof err) != 0) {
    if (!quiet)
      oa_error("cannot finish the recording: %s", err);
    return -1;
  }
  int rc = resolve(r, 1, quiet);
  oa_rec_close(r);
  return rc;
}

void oa_input_check(const char *path, const char *what, const char *doing)
{
  char err[PATH_MAX + 256];
  int fd = oa_input_open(path, what, NULL, err, sizeof err);
  if (fd < 0)
    oa_die(OA_EXIT_USAGE, "%s: %s", doing, err);
  close(fd);
}

#define CANNOT_USE "cannot use the recording"

void oa_recording_check(const char *path)
{
  oa_input_check(path, "a recording", CANNOT_USE);
}

/* A read of the records (recording.h: progress), on a terminal once it
 * takes a while: "reading FILE (N MB) 42%", each read after the first
 * numbered (report replays a recording twice). */
static void read_progress(oa_recording *r, uint64_t done, uint64_t total, unsigned pass)
{
  oa_progress *p = r->progress_state;
  if (done >= total) {
    oa_progress_end(p);
    r->progress_state = NULL;
    return;
  }
  if (!p) {
    char again[32] = "";
    if (pass > 1)
      snprintf(again, sizeof again, ", pass %u", pass);
    p = r->progress_state = oa_progress_start(0, "reading %s (%.0f MB%s)", r->path,
                                              (double)r->size / 1e6, again);
  }
  oa_progress_set(p, done, total);
}

oa_recording *oa_recording_load(const char *path)
{
  char err[PATH_MAX + 256];
  oa_recording *r;
  if (oa_rec_open(path, &r, err, sizeof err) != 0)
    oa_die(OA_EXIT_USAGE, CANNOT_USE ": %s", err);
  r->progress = read_progress;
  uint32_t full = oa_rec_header(r)->full_errno;
  if (full)
    oa_warn("%s is a prefix: %s while it was written (%s); the analysis covers the run up to "
            "that point, with the constructs open then closed as they stood", path,
            oa_full_reason((int)full), strerror((int)full));
  if (!oa_rec_has_names(r)) {
    if (!full)
      oa_warn("%s has no trailer: it was cut short, or ompadv record was stopped before it "
              "finished the file; the analysis covers the records it holds, named from the "
              "binaries now", path);
    resolve(r, 0, 0);
  } else if (!full && oa_rec_header(r)->state != OA_STATE_FINALIZED) {
    oa_warn("the recorded program did not reach its end (a crash, a signal or _exit): the "
            "analysis covers what it did until then, with the constructs open at that point "
            "closed as they stood");
  }
  return r;
}

static int by_version(const void *a, const void *b)
{
  return strverscmp(*(char *const *)a, *(char *const *)b);
}

char **oa_recording_inputs(const char *const *inputs, size_t n, size_t *nout)
{
  char **files = NULL;
  *nout = 0;
  for (size_t i = 0; i < n; i++) {
    glob_t g;
    if (strpbrk(inputs[i], "*?[") && access(inputs[i], F_OK) != 0
        && glob(inputs[i], 0, NULL, &g) == 0) {
      size_t first = *nout;
      files = oa_xrealloc(files, (*nout + g.gl_pathc) * sizeof *files);
      for (size_t k = 0; k < g.gl_pathc; k++)
        files[(*nout)++] = oa_xstrdup(g.gl_pathv[k]);
      qsort(files + first, *nout - first, sizeof *files, by_version);
      globfree(&g);
    } else {
      files = oa_xrealloc(files, (*nout + 1) * sizeof *files);
      files[(*nout)++] = oa_xstrdup(inputs[i]);
    }
  }
  return files;
}

void oa_recording_inputs_free(char **files, size_t n)
{
  for (size_t i = 0; i < n; i++)
    free(files[i]);
  free(files);
}

char *oa_recording_loc_name(void *ctx, const oa_profile_loc *l)
{
  const oa_rec_loc *n = oa_rec_loc_at(ctx, l->id);
  if (l->kind == OA_C_MAIN)
    return oa_xstrdup("main");
  if (n && n->file && n->line)  /* an edge is a place in the code, not a directive */
    return oa_source_text(n->file, l->kind == OA_C_EDGE ? (int)n->line
                                                        : oa_directive_line(n->file, (int)n->line),
                          -1);
  if (n && n->func)
    return oa_xstrdup(n->func);  /* FUNCTION+0xOFF when there is no line */
  return l->where ? oa_sym_stable_name(&(oa_srcloc){ 0 }, l->where) : oa_xstrdup("(unknown)");
}

void oa_region_spec_parse(const char *opt, const char *text, oa_region_spec *out)
{
  memset(out, 0, sizeof *out);
  char *s = oa_xstrdup(text), *eq = strrchr(s, '='), *end;
  if (eq) {
    *eq = 0;
    errno = 0;
    out->factor = strtod(eq + 1, &end);
    if (errno || *end || !(out->factor > 1) || out->factor > 1e9)
      oa_die(OA_EXIT_USAGE, "%s %s: the factor after '=' must be a number above 1", opt, text);
  }
  char *colon = strrchr(s, ':');
  if (!colon || colon == s)
    oa_die(OA_EXIT_USAGE, "%s %s: a region is FILE:LINE or FILE:FIRST-LAST (e.g. app.c:10-20; "
           "LAST may be 'end')",
           opt, text);
  *colon = 0;
  unsigned long a, b;
  char *dash;
  errno = 0;
  a = strtoul(colon + 1, &dash, 10);
  b = a;
  out->range = *dash == '-';
  if (*dash == '-' && strcmp(dash + 1, "end") == 0) {
    b = UINT32_MAX;  /* to the program's end */
    end = dash + 4;
  } else if (*dash == '-') {
    b = strtoul(dash + 1, &end, 10);
  } else {
    end = dash;
  }
  if (errno || *end || dash == colon + 1 || a == 0 || b < a || b > UINT32_MAX)
    oa_die(OA_EXIT_USAGE, "%s %s: a region is FILE:LINE or FILE:FIRST-LAST, lines from 1, "
           "FIRST <= LAST", opt, text);
  out->file = s;
  out->text = oa_xstrdup(colon + 1);
  out->first = (uint32_t)a;
  out->last = (uint32_t)b;
}

/* The spec's file names the region's when equal, or when it is a trailing
 * part of it after a '/' (app.c matches /src/app.c). */
static int file_match(const char *spec, const char *file)
{
  size_t ls = strlen(spec), lf = strlen(file);
  if (ls > lf)
    return 0;
  if (strcmp(file + lf - ls, spec) != 0)
    return 0;
  return ls == lf || file[lf - ls - 1] == '/' || spec[0] == '/';
}

/* FILE:FIRST-LAST names one region (as whatif prints them); FILE:LINE the
 * regions whose span contains the line: the fragments that run it. */
int oa_region_spec_match(const oa_region_spec *spec, const oa_rec_region *region)
{
  if (!region->file)
    return 0;
  if (spec->range ? region->first != spec->first || region->last != spec->last
                  : region->first > spec->first || region->last < spec->first)
    return 0;
  if (file_match(spec->file, region->file))
    return 1;
  char *clean = oa_path_clean(spec->file);
  int ok = file_match(clean, region->file);
  free(clean);
  return ok;
}

void oa_recording_replay(oa_recording *r, const oa_replay_opts *opts, oa_replay_out *out)
{
  char err[PATH_MAX + 256];
  if (oa_replay(r, opts, out, err, sizeof err) != 0)
    oa_die(OA_EXIT_USAGE, "cannot analyse the recording: %s", err);
}

oa_profile_view oa_replay_view(const oa_replay_out *out, const oa_recording *r)
{
  return (oa_profile_view){ &out->h, out->locs, out->nested, "report", oa_rec_header(r),
                            &out->cp };
}
