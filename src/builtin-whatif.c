/* `ompadv whatif --target P`: automatic what-if analysis (dissertation
 * 3.7.2, Alg. 16).  Starting from the recorded run, it repeatedly picks the
 * region doing the most serial work on the current critical path, never the
 * same one twice, imagines it parallelized by the factor, and recomputes the
 * critical path, until the program's parallelism reaches P or no region is
 * left.  The regions come out in the order of their impact. */
#include "ompadv.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "launch.h"
#include "metric.h"
#include "recfile.h"
#include "scale.h"
#include "html.h"
#include "outfile.h"
#include "util.h"

enum { W_TARGET = 1, W_FACTOR, W_EXCLUDE, W_INPUT, W_AT };

typedef struct whatif_opts {
  double target, factor;
  const char *input;         /* the first -i */
  const char **inputs;       /* every -i, in order */
  size_t ninputs;
  oa_region_spec *excl;
  size_t nexcl;
  uint32_t at;               /* --threads-at: the team size; 0: the target's */
} whatif_opts;

static int on_option(int id, const char *arg, void *ctx)
{
  whatif_opts *o = ctx;
  switch (id) {
  case W_TARGET: o->target = oa_parse_factor("--target", arg); break;
  case W_FACTOR: o->factor = oa_parse_factor("--factor", arg); break;
  case W_INPUT:
    o->input = o->input ? o->input : arg;
    o->inputs = oa_xrealloc(o->inputs, (o->ninputs + 1) * sizeof *o->inputs);
    o->inputs[o->ninputs++] = arg;
    break;
  case W_AT: o->at = oa_parse_team_size("whatif", "--threads-at", arg); break;
  case W_EXCLUDE:
    o->excl = oa_xrealloc(o->excl, (o->nexcl + 1) * sizeof *o->excl);
    oa_region_spec_parse("--exclude", arg, &o->excl[o->nexcl++]);
    break;
  }
  return 0;
}

typedef struct chosen {
  uint32_t *region;
  size_t n;
  double factor;
} chosen;

static double chosen_factor(void *ctx, uint32_t region)
{
  const chosen *c = ctx;
  for (size_t i = 0; i < c->n; i++)
    if (c->region[i] == region)
      return c->factor;
  return 0;
}

static double ratio(uint64_t a, uint64_t b)
{
  return b ? (double)a / (double)b : 0.0;
}

/* A region that is mostly the blocks of static loops: at the team size of
 * the target the schedule splits it further (doc/SEMANTICS.md rule 4); it is
 * parallel already, never a region to parallelize. */
static int static_region(const oa_replay_out *out, uint32_t g)
{
  return g < out->nregions && out->regions[g].work
         && 2 * out->regions[g].static_work >= out->regions[g].work;
}

/* The replay, with the parallelism at team size P (the team-size model,
 * corelib/scale.h) */
static double replay_at(oa_recording *rec, oa_replay_opts *ro, oa_replay_out *out, uint32_t P,
                        uint32_t *recorded)
{
  oa_scale *s = oa_scale_new(&P, 1, NULL);
  ro->scale = s;
  oa_recording_replay(rec, ro, out);
  oa_scale_result r;
  oa_scale_compute(s, (double)out->h.work, (double)out->h.span, &out->cp, &r);
  oa_scale_free(s);
  ro->scale = NULL;
  if (recorded)
    *recorded = r.recorded_threads;
  return r.points[0].parallelism;
}

/* The region with the most serial work on the critical path that may still
 * be chosen; UINT32_MAX when none. */
static uint32_t next_region(oa_recording *rec, const oa_replay_out *out, const chosen *ch,
                            const whatif_opts *o, uint64_t *amount)
{
  uint32_t best = UINT32_MAX;
  *amount = 0;
  const oa_attr_item *it = out->cp.cap ? out->cp.u.heap : out->cp.u.in;
  for (uint32_t i = 0; i < out->cp.n; i++) {
    const oa_rec_region *g = oa_rec_region_at(rec, it[i].loc);
    if (!g || !g->file || chosen_factor((void *)ch, it[i].loc) || it[i].amount <= *amount
        || static_region(out, it[i].loc))
      continue;
    int excluded = 0;
    for (size_t k = 0; k < o->nexcl && !excluded; k++)
      excluded = oa_region_spec_match(&o->excl[k], g);
    if (excluded)
      continue;
    best = it[i].loc;
    *amount = it[i].amount;
  }
  return best;
}

typedef struct step {
  uint32_t region;
  uint64_t serial;           /* its serial work on the critical path when chosen */
  double parallelism;
} step;

/* The team size the analysis is at, and the recording's. */
typedef struct at_info {
  uint32_t at, recorded;
  double recorded_parallelism;
} at_info;

/* The static loops on the recorded critical path (1% of it or more): at the
 * target's team size their blocks are the schedule's, not regions to
 * parallelize.  Up to max of them, largest first, in v; returns how many. */
static size_t static_on_path(const oa_replay_out *out, uint32_t *v, size_t max)
{
  const oa_attr_item *it = out->cp.cap ? out->cp.u.heap : out->cp.u.in;
  size_t n = 0;
  for (uint32_t i = 0; i < out->cp.n; i++) {
    if (!static_region(out, it[i].loc) || it[i].amount * 100 < out->h.span)
      continue;
    size_t k = n < max ? n++ : max;
    if (k == max && it[i].amount <= it[v[max - 1]].amount)
      continue;
    if (k == max)
      k = max - 1;
    for (; k > 0 && it[v[k - 1]].amount < it[i].amount; k--)
      v[k] = v[k - 1];
    v[k] = i;
  }
  for (size_t k = 0; k < n; k++)
    v[k] = it[v[k]].loc;
  return n;
}

/* The steps as the table shows them: order[] (--sort: the steps' own
 * order, the serial work, largest first, or the region), those kept by
 * --top and --percent-limit (a step's serial work as a share of the
 * recorded span), and seconds per unit of a clock metric (spu). */
typedef struct steps_view {
  size_t *order, n;          /* the steps shown, in order */
  size_t left_out, below;
  double spu;
} steps_view;

static int by_key(const void *a, const void *b, void *ctx)
{
  const void *const *c = ctx;
  const step *s = c[0];
  oa_recording *rec = (oa_recording *)c[1];
  const char *key = c[2];
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  if (strcmp(key, "serial") == 0 && s[x].serial != s[y].serial)
    return s[x].serial < s[y].serial ? 1 : -1;
  if (strcmp(key, "region") == 0) {
    int d = strverscmp(oa_rec_region_at(rec, s[x].region)->name,
                       oa_rec_region_at(rec, s[y].region)->name);
    if (d)
      return d;
  }
  return (x > y) - (x < y);
}

static steps_view view_steps(const oa_common *c, oa_recording *rec, const step *s, size_t n,
                             const oa_replay_out *base)
{
  steps_view v = { oa_xcalloc(n + 1, sizeof *v.order), 0, 0, 0,
                   oa_seconds_per_unit(base->h.metric, oa_rec_header(rec)) };
  for (size_t i = 0; i < n; i++)
    v.order[i] = i;
  const void *ctx[3] = { s, rec, c->sort ? c->sort : "step" };
  qsort_r(v.order, n, sizeof *v.order, by_key, ctx);
  double *share = oa_xcalloc(n + 1, sizeof *share);
  unsigned char *keep = oa_xcalloc(n + 1, 1);
  for (size_t i = 0; i < n; i++)
    share[i] = base->h.span ? 100.0 * (double)s[v.order[i]].serial / (double)base->h.span : 0;
  v.left_out = oa_table_keep(c, share, n, keep, &v.below);
  for (size_t i = 0; i < n; i++)
    if (keep[i])
      v.order[v.n++] = v.order[i];
  free(share);
  free(keep);
  return v;
}

static void print_text(FILE *f, oa_recording *rec, const whatif_opts *o, double p0, const step *s,
                       size_t n, int reached, int tiny, const char *metric, const at_info *ai,
                       const oa_replay_out *out, const oa_common *c, const steps_view *sv)
{
  char b[32];
  const char **names = oa_xcalloc(sv->n + 1, sizeof *names);
  for (size_t k = 0; k < sv->n; k++)
    names[k] = oa_rec_region_at(rec, s[sv->order[k]].region)->name;
  size_t root = oa_common_root(names, sv->n);
  size_t w = strlen("region");
  for (size_t k = 0; k < sv->n; k++)
    if (strlen(names[k] + (names[k][0] == '/' ? root : 0)) > w)
      w = strlen(names[k] + (names[k][0] == '/' ? root : 0));
  double last = n ? s[n - 1].parallelism : p0;
  fprintf(f, "what-if target parallelism %g at %u thread%s: %s (parallelism %.2f -> %.2f with "
             "%zu region%s parallelized x%g; serial work in %s%s)\n",
          o->target, ai->at, ai->at == 1 ? "" : "s",
          reached ? "reached" : "NOT reachable by parallelizing regions", p0, last, n,
          n == 1 ? "" : "s", o->factor, sv->spu > 0 ? "seconds, " : "", metric);
  if (ai->at != ai->recorded)
    fprintf(f, "  (recorded with %u thread%s: parallelism %.2f there; ompadv scale shows every "
               "team size)\n", ai->recorded, ai->recorded == 1 ? "" : "s",
            ai->recorded_parallelism);
  uint32_t sl[5];
  size_t nsl = static_on_path(out, sl, 5);
  for (size_t i = 0; i < nsl; i++)
    fprintf(f, "  static loop at %s: %u blocks at %u threads, already parallel (not a region "
               "to parallelize)\n", oa_rec_region_at(rec, sl[i])->name, ai->at, ai->at);
  fputc('\n', f);
  if (!n) {
    if (reached)
      fprintf(f, "  the program's parallelism is already at least the target\n");
    else
      fprintf(f, "  no region with serial work on the critical path is left to parallelize\n");
    free(names);
    return;
  }
  for (size_t k = 0; k < sv->n && root; k++)
    if (names[k][0] == '/') {
      fprintf(f, "  regions in %.*s\n", (int)root, names[k]);
      break;
    }
  fprintf(f, "  %4s  %-*s  %11s  %11s  %7s\n", "step", (int)w, "region", "serial work",
          "parallelism", "gain");
  for (size_t k = 0; k < sv->n; k++) {
    size_t i = sv->order[k];
    double prev = i ? s[i - 1].parallelism : p0;
    fprintf(f, "  %4zu  %-*s  %11s  %11.2f  %6.2fx\n", i + 1, (int)w,
            names[k] + (names[k][0] == '/' ? root : 0), oa_amount(s[i].serial, sv->spu, b, sizeof b),
            s[i].parallelism, prev > 0 ? s[i].parallelism / prev : 0);
  }
  free(names);
  oa_table_left_out(f, c, sv->left_out, sv->below);
  if (!reached && tiny)
    fprintf(f, "\n  every other region holds less than 1%% of the critical path: what remains "
               "is mostly the serial work each parallelized region keeps (its work / %g, at "
               "least the granularity floor)%s\n", o->factor,
            o->nexcl ? " and the regions excluded" : "");
  else if (!reached)
    fprintf(f, "\n  no other region is on the critical path: what remains is the serial work "
               "each parallelized region keeps (its work / %g, at least the granularity "
               "floor)%s\n", o->factor, o->nexcl ? " and the regions excluded" : "");
}

static int by_first(const void *a, const void *b)
{
  const oa_attr_item *x = a, *y = b;
  return (x->first > y->first) - (x->first < y->first);
}

/* The regions on the critical path (cp of a by_region replay), in the
 * order their first pieces come along it; malloc'ed, *n of them. */
static oa_attr_item *path_order(const oa_chain *cp, uint32_t *n)
{
  const oa_attr_item *it = cp->cap ? cp->u.heap : cp->u.in;
  oa_attr_item *v = oa_xcalloc(cp->n + 1, sizeof *v);
  *n = 0;
  for (uint32_t i = 0; i < cp->n; i++)
    if (it[i].amount)
      v[(*n)++] = it[i];
  qsort(v, *n, sizeof *v, by_first);
  return v;
}

/* sv: the steps shown, or NULL (the page: every one) */
static void print_json(FILE *f, oa_recording *rec, const whatif_opts *o, double p0,
                       const step *s, size_t n, int reached, const char *metric,
                       const oa_attr_item *path, uint32_t npath, const at_info *ai,
                       const oa_replay_out *out, const steps_view *sv)
{
  fprintf(f, "{\"ompadv\": 1, \"mode\": \"whatif\", \"metric\": \"%s\", \"target\": %g, "
             "\"factor\": %g, \"threads_at\": %u, \"recorded_threads\": %u, "
             "\"recorded_parallelism\": %.4f, \"reached\": %s, \"parallelism_before\": %.4f,\n"
             "  \"static_loops\": [",
          metric, o->target, o->factor, ai->at, ai->recorded, ai->recorded_parallelism,
          reached ? "true" : "false", p0);
  uint32_t sl[64];
  size_t nsl = static_on_path(out, sl, 64);
  for (size_t i = 0; i < nsl; i++) {
    fputs(i ? ", " : "", f);
    oa_json_string(f, oa_rec_region_at(rec, sl[i])->name);
  }
  if (sv && sv->left_out)
    fprintf(f, "],\n  \"steps_not_shown\": %zu,\n  \"steps\": [", sv->left_out);
  else
    fprintf(f, "],\n  \"steps\": [");
  for (size_t k = 0; k < (sv ? sv->n : n); k++) {
    size_t i = sv ? sv->order[k] : k;
    fprintf(f, "%s\n    {\"step\": %zu, \"region\": ", k ? "," : "", i + 1);
    oa_json_string(f, oa_rec_region_at(rec, s[i].region)->name);
    fprintf(f, ", \"factor\": %g, \"serial_work\": %llu, \"parallelism\": %.4f", o->factor,
            (unsigned long long)s[i].serial, s[i].parallelism);
    double spu = oa_seconds_per_unit(out->h.metric, oa_rec_header(rec));
    if (spu > 0)
      fprintf(f, ", \"serial_work_seconds\": %.9g", (double)s[i].serial * spu);
    fputc('}', f);
  }
  fprintf(f, "\n  ],\n  \"critical_path\": [");
  for (uint32_t i = 0, k = 0; i < npath; i++) {
    const oa_rec_region *g = oa_rec_region_at(rec, path[i].loc);
    if (!g || !g->name)
      continue;
    fprintf(f, "%s\n    {\"region\": ", k++ ? "," : "");
    oa_json_string(f, g->name);
    fprintf(f, ", \"from\": %.0f, \"serial_work\": %llu}", path[i].first,
            (unsigned long long)path[i].amount);
  }
  fprintf(f, "\n  ]}\n");
}

/* rank >= 0: one rank's steps of several, each row saying which (the
 * header with the first's) */
static void print_csv(FILE *f, oa_recording *rec, const step *s, double factor,
                      const steps_view *sv, long rank)
{
  if (rank <= 0)
    fprintf(f, "%sstep,region,factor,serial_work,parallelism\n", rank == 0 ? "rank," : "");
  for (size_t k = 0; k < sv->n; k++) {
    size_t i = sv->order[k];
    if (rank >= 0)
      fprintf(f, "%ld,", rank);
    fprintf(f, "%zu,%s,%g,%llu,%.4f\n", i + 1, oa_rec_region_at(rec, s[i].region)->name, factor,
            (unsigned long long)s[i].serial, s[i].parallelism);
  }
}

/* The steps for the recording at path, printed to f (rank, nranks: its
 * place among the recordings of an MPI job's ranks, one after the other;
 * rank 0 of 1 alone). */
static void analyse(const char *path, const whatif_opts *o, const oa_common *c, oa_page *page,
                    FILE *f, size_t rank, size_t nranks)
{
  oa_recording *rec = oa_recording_load(path);
  chosen ch = { oa_xcalloc(64, sizeof *ch.region), 0, o->factor };
  size_t cap = 64;
  step *steps = oa_xcalloc(cap, sizeof *steps);
  oa_replay_opts ro = { .by_region = 1, .factor = chosen_factor, .ctx = &ch };
  oa_replay_out out;
  /* at the team size the target needs: the static loops' blocks there */
  uint32_t at = o->at ? o->at : o->target < 1 ? 1 : (uint32_t)(o->target + 0.999999);
  uint32_t recorded = 0;
  double p0 = replay_at(rec, &ro, &out, at, &recorded), p = p0;
  double p_rec = ratio(out.h.work, out.h.span);
  at_info ai = { at, recorded, p_rec };
  /* the recorded critical path, for the static loops on it */
  oa_replay_out base0;
  oa_recording_replay(rec, &ro, &base0);
  uint32_t npath;
  oa_attr_item *cpath = path_order(&out.cp, &npath);
  const char *metric = oa_metric_name(out.h.metric);
  if (page) {
    /* the page shows the profile the steps start from, per directive as
     * ompadv report shows it (the replay above sums per region) */
    oa_replay_out base;
    oa_recording_replay(rec, NULL, &base);
    oa_profile_view v = oa_replay_view(&base, rec);
    v.cmd = "whatif";
    oa_render_profile_json(oa_page_doc(page, "profile"), c, &v, oa_recording_loc_name, rec, NULL);
    oa_replay_out_free(&base);
  }
  int tiny = 0;
  while (p < o->target) {
    uint64_t amount;
    uint32_t k = next_region(rec, &out, &ch, o, &amount);
    if (k == UINT32_MAX)
      break;
    if (amount * 100 < out.h.span) {  /* it cannot gain 1%: nor can any other */
      tiny = 1;
      break;
    }
    if (ch.n == cap) {
      cap *= 2;
      ch.region = oa_xrealloc(ch.region, cap * sizeof *ch.region);
      steps = oa_xrealloc(steps, cap * sizeof *steps);
    }
    ch.region[ch.n] = k;
    oa_replay_out_free(&out);
    ch.n++;
    p = replay_at(rec, &ro, &out, at, NULL);
    steps[ch.n - 1] = (step){ k, amount, p };
  }
  int reached = p >= o->target;
  steps_view sv = view_steps(c, rec, steps, ch.n, &base0);
  const char *format = c->format ? c->format : "text";
  if (strcmp(format, "json") == 0) {
    if (nranks > 1) {
      fprintf(f, "%s{\"rank\": %zu, \"recording\": ", rank ? ",\n " : "{\"ompadv\": 1, "
              "\"mode\": \"whatif\", \"ranks\": [\n ", rank);
      oa_json_string(f, path);
      fputs(", \"report\":\n", f);
    }
    print_json(f, rec, o, p0, steps, ch.n, reached, metric, cpath, npath, &ai, &base0, &sv);
    if (nranks > 1)
      fprintf(f, "}%s", rank + 1 == nranks ? "]}\n" : "");
  } else if (strcmp(format, "csv") == 0)
    print_csv(f, rec, steps, o->factor, &sv, nranks > 1 ? (long)rank : -1);
  else {
    if (nranks > 1)
      fprintf(f, "%s== rank %zu: %s\n", rank ? "\n" : "", rank, path);
    print_text(f, rec, o, p0, steps, ch.n, reached, tiny, metric, &ai, &base0, c, &sv);
  }
  fflush(f);
  free(sv.order);
  if (page)
    print_json(oa_page_doc(page, "whatif"), rec, o, p0, steps, ch.n, reached, metric, cpath,
               npath, &ai, &base0, NULL);
  int last = rank + 1 == nranks;  /* (the notes once, after the last rank) */
  if (last && o->input)
    oa_note("whatif: a region is the source span between the constructs that begin and end its "
            "fragments; see one step's whole profile with: ompadv report -i %s --region "
            "REGION=%g", path, o->factor);
  else if (last)
    oa_note("whatif: a region is the source span between the constructs that begin and end its "
            "fragments; to see one step's whole profile, record the program (ompadv record) and "
            "run: ompadv report --region REGION=%g", o->factor);
  if (out.granularity_floor)
    oa_note("whatif: no fragment's serial work goes below %llu %s (10x the measured task "
            "creation cost)", (unsigned long long)out.granularity_floor, metric);
  oa_replay_out_free(&out);
  oa_replay_out_free(&base0);
  free(cpath);
  free(ch.region);
  free(steps);
  oa_rec_close(rec);
}

struct whatif_run {
  const whatif_opts *o;
  const oa_common *c;
  oa_page *page;             /* --html, or NULL */
};

/* The recording of a run, named, then analysed. */
static int analyse_run(void *ctx, const oa_launch *l)
{
  const struct whatif_run *w = ctx;
  if (oa_recording_name(l->result_path, 0) != 0)
    return OA_EXIT_FAIL;
  FILE *f = oa_open_output(w->c);
  analyse(l->result_path, w->o, w->c, w->page, f, 0, 1);
  return oa_close_output(f, 0);
}

static int run_whatif(const oa_command *self, int argc, char **argv)
{
  oa_common c = { 0 };
  whatif_opts o = { .factor = 16 };
  int first = oa_parse_options(self, argc, argv, &c, on_option, &o);
  if (!o.target)
    oa_die(OA_EXIT_USAGE, "whatif: --target P is required (the parallelism to reach, e.g. "
           "--target 32)");
  int rc;
  if (o.input && first < argc)
    oa_die(OA_EXIT_USAGE, "whatif: give either -i FILE or a program, not both");
  if (!o.input && first >= argc)
    oa_die(OA_EXIT_USAGE, "whatif: no program and no recording given (usage: ompadv whatif "
           "--target P (-i FILE | [--] PROG [ARGS]))");
  size_t nfiles = 0;
  char **files = o.ninputs ? oa_recording_inputs(o.inputs, o.ninputs, &nfiles) : NULL;
  if (nfiles > 1 && c.html)
    oa_die(OA_EXIT_USAGE, "whatif: --html draws one recording; give one -i FILE (several are "
           "the ranks of an MPI job, whose steps the report gives one after the other)");
  for (size_t i = 0; i < nfiles; i++) {
    oa_guard_input(files[i], "the recording (-i)");
    oa_recording_check(files[i]);
  }
  oa_page *page = NULL;
  if (c.html) {
    page = oa_page_open(c.html, "whatif");
    if (o.input)
      oa_page_subject(page, "recording %s", files[0]);
    else
      oa_page_argv(page, argv + first);
  }
  if (o.input) {
    c.to_stdout = 1;  /* no program runs: the report is the output */
    FILE *f = oa_open_output(&c);
    for (size_t i = 0; i < nfiles; i++)
      analyse(files[i], &o, &c, page, f, i, nfiles);
    rc = oa_close_output(f, 0);
  } else {
    oa_launch l = { .run = { .mode = OA_RUN_PROFILE, .record = 1 }, .threads = c.threads,
                    .argv = argv + first };
    oa_profile_prepare(&c, &l.run);
    struct whatif_run w = { &o, &c, page };
    oa_run_ops ops = { .cmd = "whatif", .verb = "analyse", .analyse = analyse_run, .ctx = &w };
    rc = oa_run(&l, &ops);
  }
  rc = oa_page_end(page, rc);
  for (size_t i = 0; i < o.nexcl; i++) {
    free(o.excl[i].file);
    free(o.excl[i].text);
  }
  free(o.excl);
  oa_recording_inputs_free(files, nfiles);
  free(o.inputs);
  return rc;
}

static const oa_option whatif_options[] = {
  { "target", 0, "P", W_TARGET, "the parallelism to reach (required)" },
  { "factor", 0, "F", W_FACTOR, "how many ways each chosen region is parallelized [16]" },
  { "exclude", 0, "SPEC", W_EXCLUDE, "never choose the region FILE:FIRST-LAST, or those running FILE:LINE (repeatable)" },
  { "threads-at", 0, "P", W_AT, "the team size to reach the target with [the target, rounded up]: static loops split as the schedule splits them there" },
  { "input", 'i', "FILE", W_INPUT,
    "analyse this recording (ompadv record) instead of running a program; several (repeated, "
    "or a quoted pattern such as 'app.*.data'): the ranks of an MPI job, one after the other" },
  { NULL, 0, NULL, 0, NULL },
};

static const char *const whatif_sort_keys[] = { "step", "serial", "region", NULL };

const oa_command oa_cmd_whatif = {
  "whatif", run_whatif, "which regions to parallelize to reach a target parallelism",
  "--target P [--factor F] [--threads-at P] [--exclude SPEC]... (-i FILE | [--] PROG [ARGS])",
  OPT_THREADS | OPT_METRIC | OPT_FORMAT | OPT_OUTPUT | OPT_HTML | OPT_TABLE | OPT_QUIET | OPT_VERBOSE,
  whatif_options,
  NULL,
  NULL,
  whatif_sort_keys,
};
