/* `ompadv diff`: differential analysis (dissertation 3.8).  The same program
 * on the same input is recorded twice, with one thread (an execution free of
 * parallel work inflation) and with N; the OSPG's fragments are the same in
 * both up to SPMD code, so each region (file:first-last) can be compared:
 * its work and its work on the critical path in either run, and their
 * ratios.  A region on the parallel run's critical path whose work grew is
 * where false sharing, memory bandwidth, NUMA or contention cost time.
 * `-i BASE -i OTHER` compares any two recordings of the same program. */
#include "ompadv.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "launch.h"
#include "metric.h"
#include "recfile.h"
#include "html.h"
#include "util.h"

enum { D_INPUT = 1, D_THRESHOLD, D_TIME, D_FAIL_OVER };

typedef struct diff_opts {
  const char *input[2];
  int ninput;
  double threshold;
  double fail_over;             /* --fail-over X, 0: none */
  int time;
} diff_opts;

static int on_option(int id, const char *arg, void *ctx)
{
  diff_opts *o = ctx;
  if (id == D_INPUT) {
    if (o->ninput == 2)
      oa_die(OA_EXIT_USAGE, "diff: -i is given twice at most (-i BASE -i OTHER)");
    o->input[o->ninput++] = arg;
  } else if (id == D_TIME) {
    o->time = 1;
  } else if (id == D_THRESHOLD || id == D_FAIL_OVER) {
    char *end;
    errno = 0;
    double x = strtod(arg, &end);
    if (errno || *end || !(x >= 1) || x > 1e6)
      oa_die(OA_EXIT_USAGE, "diff: %s wants a ratio of at least 1, not '%s'",
             id == D_THRESHOLD ? "--threshold" : "--fail-over", arg);
    *(id == D_THRESHOLD ? &o->threshold : &o->fail_over) = x;
  }
  return 0;
}

/* One recording, analysed by region. */
typedef struct side {
  const char *path;
  oa_recording *rec;
  oa_replay_out out;
  char *exe;
} side;

static void first_module(void *ctx, const char *path, uint64_t base, uint64_t lo, uint64_t hi)
{
  (void)base, (void)lo, (void)hi;
  char **exe = ctx;
  if (!*exe)
    *exe = oa_xstrdup(path);
}

static void load(side *s)
{
  s->rec = oa_recording_load(s->path);
  oa_rec_modules(s->rec, first_module, &s->exe);
  oa_replay_opts o = { .by_region = 1 };
  oa_recording_replay(s->rec, &o, &s->out);
}

static uint64_t on_path(const side *s, uint32_t region)
{
  const oa_attr_item *it = s->out.cp.cap ? s->out.cp.u.heap : s->out.cp.u.in;
  for (uint32_t i = 0; i < s->out.cp.n; i++)
    if (it[i].loc == region)
      return it[i].amount;
  return 0;
}

/* A region of either run, matched by name. */
typedef struct row {
  const char *name;
  uint64_t work[2], span[2], frags[2];
  int present[2];
  int spmd;
  int start;                    /* from the process's start: never flagged */
  int flagged;                  /* see flagged() */
  double work_infl, span_infl;
} row;

static double ratio(uint64_t a, uint64_t b)
{
  return b ? (double)a / (double)b : 0.0;
}

static row *find_row(row *rows, size_t n, const char *name)
{
  for (size_t i = 0; i < n; i++)
    if (strcmp(rows[i].name, name) == 0)
      return &rows[i];
  return NULL;
}

static size_t collect(side *s, row *rows, size_t n)
{
  for (int k = 0; k < 2; k++) {
    oa_recording *rec = s[k].rec;
    for (uint32_t g = 0; g < oa_rec_nregions(rec) && g < s[k].out.nregions; g++) {
      const struct oa_region_sums *rs = &s[k].out.regions[g];
      if (!rs->fragments)
        continue;
      const char *name = oa_rec_region_at(rec, g)->name;
      row *r = find_row(rows, n, name);
      if (!r) {
        r = &rows[n++];
        memset(r, 0, sizeof *r);
        r->name = name;
      }
      r->present[k] = 1;
      r->start |= oa_rec_region_at(rec, g)->start;
      r->work[k] += rs->work;
      r->span[k] += on_path(&s[k], g);
      r->frags[k] += rs->fragments;
      /* SPMD: runs straight in the team's implicit tasks, once per thread */
      if (k == 1 && rs->spmd_fragments * 2 > rs->fragments)
        r->spmd = 1;
    }
  }
  for (size_t i = 0; i < n; i++) {
    if (rows[i].frags[1] <= rows[i].frags[0] || !rows[i].present[0])
      rows[i].spmd = 0;  /* SPMD code runs once per thread: more fragments with more threads */
    rows[i].work_infl = ratio(rows[i].work[1], rows[i].work[0]);
    rows[i].span_infl = ratio(rows[i].span[1], rows[i].span[0]);
  }
  return n;
}

static int by_span_other(const void *a, const void *b)
{
  const row *x = a, *y = b;
  if (x->span[1] != y->span[1])
    return x->span[1] < y->span[1] ? 1 : -1;
  if (x->work[1] != y->work[1])
    return x->work[1] < y->work[1] ? 1 : -1;
  return strcmp(x->name, y->name);
}

/* The figure to read: span inflation for SPMD code (its work grows with the
 * team by construction), work inflation otherwise (3.8.1). */
static double inflation(const row *r)
{
  return r->spmd ? r->span_infl : r->work_infl;
}

/* --sort (diff_sort_keys): largest first, the region in source order */
static int by_key(const void *a, const void *b, void *key)
{
  const row *x = a, *y = b;
  const char *k = key;
  int d = 0;
  if (strcmp(k, "work") == 0)
    d = x->work[1] < y->work[1] ? 1 : x->work[1] > y->work[1] ? -1 : 0;
  else if (strcmp(k, "inflation") == 0)
    d = inflation(x) < inflation(y) ? 1 : inflation(x) > inflation(y) ? -1 : 0;
  else if (strcmp(k, "region") == 0)
    d = strverscmp(x->name, y->name);
  return d ? d : by_span_other(a, b);
}

/* Flagged: on the parallel run's critical path (span_other long) for at
 * least 1% of it (less is noise of fragments a few microseconds long), and
 * inflated; never the region from the process's start, whose loading and
 * runtime start-up (the team's threads are made there) are not the
 * program's code. */
static int flagged(const row *r, double threshold, uint64_t span_other)
{
  return r->present[0] && r->present[1] && !r->start && r->span[1] > 0
         && r->span[1] * 100 >= span_other && inflation(r) > threshold;
}

static void infl_text(FILE *f, double v, int ok)
{
  if (ok)
    fprintf(f, "  %8.2fx", v);
  else
    fprintf(f, "  %9s", "-");
}

/* How the table shows its rows: --top, --percent-limit (keep), seconds per
 * unit of either run (0: counts), the directory the names leave out. */
typedef struct view {
  const unsigned char *keep;
  size_t left_out, below;
  double spu[2];
  size_t root;
} view;

static void print_text(FILE *f, side *s, row *rows, size_t n, const char *metric,
                       const view *t)
{
  char b[4][32];
  const oa_profile_header *h0 = &s[0].out.h, *h1 = &s[1].out.h;
  if (t->spu[0] > 0 && t->spu[1] > 0)
    fprintf(f, "differential profile: %u thread%s -> %u thread%s  (work %s -> %s, %s, %.2fx; "
               "span %s -> %s, %.2fx; parallelism %.2f -> %.2f)\n\n",
            h0->threads, h0->threads == 1 ? "" : "s", h1->threads, h1->threads == 1 ? "" : "s",
            oa_amount(h0->work, t->spu[0], b[0], 32), oa_amount(h1->work, t->spu[1], b[1], 32),
            metric, ratio(h1->work, h0->work), oa_amount(h0->span, t->spu[0], b[2], 32),
            oa_amount(h1->span, t->spu[1], b[3], 32), ratio(h1->span, h0->span),
            ratio(h0->work, h0->span), ratio(h1->work, h1->span));
  else
    fprintf(f, "differential profile: %u thread%s -> %u thread%s  (work %s -> %s %s, %.2fx; "
               "span %s -> %s, %.2fx; parallelism %.2f -> %.2f)\n\n",
            h0->threads, h0->threads == 1 ? "" : "s", h1->threads, h1->threads == 1 ? "" : "s",
            oa_si(h0->work, b[0], 32),
            oa_si(h1->work, b[1], 32), metric, ratio(h1->work, h0->work), oa_si(h0->span, b[2], 32),
            oa_si(h1->span, b[3], 32), ratio(h1->span, h0->span), ratio(h0->work, h0->span),
            ratio(h1->work, h1->span));
  size_t w = strlen("region");
  for (size_t i = 0; i < n; i++)
    if (t->keep[i] && strlen(rows[i].name + (rows[i].name[0] == '/' ? t->root : 0)) > w)
      w = strlen(rows[i].name + (rows[i].name[0] == '/' ? t->root : 0));
  for (size_t i = 0; i < n && t->root; i++)
    if (t->keep[i] && rows[i].name[0] == '/') {
      fprintf(f, "  regions in %.*s\n", (int)t->root, rows[i].name);
      break;
    }
  fprintf(f, "  %-*s  %9s  %9s  %9s  %9s  %9s  %9s\n", (int)w, "region", "work base",
          "work", "inflation", "span base", "span", "inflation");
  for (size_t i = 0; i < n; i++) {
    const row *r = &rows[i];
    if (!t->keep[i])
      continue;
    int both = r->present[0] && r->present[1];
    fprintf(f, "  %-*s  %9s  %9s", (int)w, r->name + (r->name[0] == '/' ? t->root : 0),
            oa_amount(r->work[0], t->spu[0], b[0], 32), oa_amount(r->work[1], t->spu[1], b[1], 32));
    infl_text(f, r->work_infl, both && r->work[0]);
    fprintf(f, "  %9s  %9s", oa_amount(r->span[0], t->spu[0], b[2], 32),
            oa_amount(r->span[1], t->spu[1], b[3], 32));
    infl_text(f, r->span_infl, both && r->span[0]);
    const char *mark[3] = { r->spmd ? "SPMD" : NULL, !both ? "unmatched" : NULL,
                            r->flagged ? "<<" : NULL };
    for (int k = 0, sep = 0; k < 3; k++)
      if (mark[k]) {
        fprintf(f, "%s%s", sep ? " " : "  ", mark[k]);
        sep = 1;
      }
    fputc('\n', f);
  }
}

static void json_seconds(FILE *f, const char *key, uint64_t v, double spu)
{
  if (spu > 0)
    fprintf(f, ", \"%s\": %.9g", key, (double)v * spu);
}

/* t: the rows shown, or NULL (the page: every one) */
static void print_json(FILE *f, side *s, row *rows, size_t n, const diff_opts *o,
                       const char *metric, const view *t)
{
  const oa_profile_header *h0 = &s[0].out.h, *h1 = &s[1].out.h;
  fprintf(f, "{\"ompadv\": 1, \"mode\": \"diff\", \"metric\": \"%s\", \"threads\": [%u, %u], "
             "\"threshold\": %g,\n", metric, h0->threads, h1->threads, o->threshold);
  fprintf(f, "  \"program\": {\"work_base\": %llu, \"work_other\": %llu, \"work_inflation\": %.4f, "
             "\"span_base\": %llu, \"span_other\": %llu, \"span_inflation\": %.4f",
          (unsigned long long)h0->work, (unsigned long long)h1->work, ratio(h1->work, h0->work),
          (unsigned long long)h0->span, (unsigned long long)h1->span, ratio(h1->span, h0->span));
  double spu0 = oa_seconds_per_unit(h0->metric, oa_rec_header(s[0].rec));
  double spu1 = oa_seconds_per_unit(h1->metric, oa_rec_header(s[1].rec));
  json_seconds(f, "work_base_seconds", h0->work, spu0);
  json_seconds(f, "work_other_seconds", h1->work, spu1);
  json_seconds(f, "span_base_seconds", h0->span, spu0);
  json_seconds(f, "span_other_seconds", h1->span, spu1);
  fprintf(f, "},\n");
  if (t && t->left_out)
    fprintf(f, "  \"rows_not_shown\": %zu,\n", t->left_out);
  fprintf(f, "  \"regions\": [");
  int first = 1;
  for (size_t i = 0; i < n; i++) {
    const row *r = &rows[i];
    if (!(r->present[0] && r->present[1]) || (t && !t->keep[i]))
      continue;
    fprintf(f, "%s\n    {\"region\": ", first ? "" : ",");
    first = 0;
    oa_json_string(f, r->name);
    fprintf(f, ", \"work_base\": %llu, \"work_other\": %llu, \"work_inflation\": %.4f, "
               "\"span_base\": %llu, \"span_other\": %llu, \"span_inflation\": %.4f, "
               "\"fragments_base\": %llu, \"fragments_other\": %llu, \"spmd\": %s, "
               "\"flagged\": %s",
            (unsigned long long)r->work[0], (unsigned long long)r->work[1], r->work_infl,
            (unsigned long long)r->span[0], (unsigned long long)r->span[1], r->span_infl,
            (unsigned long long)r->frags[0], (unsigned long long)r->frags[1],
            r->spmd ? "true" : "false", r->flagged ? "true" : "false");
    json_seconds(f, "work_base_seconds", r->work[0], spu0);
    json_seconds(f, "work_other_seconds", r->work[1], spu1);
    json_seconds(f, "span_base_seconds", r->span[0], spu0);
    json_seconds(f, "span_other_seconds", r->span[1], spu1);
    fputc('}', f);
  }
  fprintf(f, "\n  ],\n  \"unmatched\": [");
  first = 1;
  for (size_t i = 0; i < n; i++) {
    const row *r = &rows[i];
    if ((r->present[0] && r->present[1]) || (t && !t->keep[i]))
      continue;
    fprintf(f, "%s\n    {\"region\": ", first ? "" : ",");
    first = 0;
    oa_json_string(f, r->name);
    fprintf(f, ", \"in\": \"%s\", \"work\": %llu}", r->present[0] ? "base" : "other",
            (unsigned long long)(r->work[0] + r->work[1]));
  }
  fprintf(f, "\n  ]}\n");
}

static void print_csv(FILE *f, row *rows, size_t n, const view *t)
{
  fprintf(f, "region,work_base,work_other,work_inflation,span_base,span_other,span_inflation,"
             "spmd,matched,flagged\n");
  for (size_t i = 0; i < n; i++) {
    const row *r = &rows[i];
    if (!t->keep[i])
      continue;
    oa_csv_field(f, r->name);
    fprintf(f, ",%llu,%llu,%.4f,%llu,%llu,%.4f,%d,%d,%d\n",
            (unsigned long long)r->work[0], (unsigned long long)r->work[1], r->work_infl,
            (unsigned long long)r->span[0], (unsigned long long)r->span[1], r->span_infl,
            r->spmd, r->present[0] && r->present[1], r->flagged);
  }
}

/* --fail-over X: the regions that would be flagged with X as the
 * threshold, each said on stderr (-q too); 1 when there is one. */
static int gate_over(side *s, const row *rows, size_t n, double x)
{
  int failed = 0;
  for (size_t i = 0; x > 0 && i < n; i++)
    if (flagged(&rows[i], x, s[1].out.h.span)) {
      oa_error("diff: %s: inflated %.4gx on the critical path, over %g (--fail-over): exit %d",
               rows[i].name, inflation(&rows[i]), x, OA_EXIT_GATE);
      failed = 1;
    }
  return failed;
}

/* What to look at, on stderr with the notes. */
static void summary(side *s, row *rows, size_t n, const diff_opts *o, const char *metric)
{
  size_t nflag = 0, nun = 0;
  for (size_t i = 0; i < n; i++) {
    nflag += rows[i].flagged;
    /* an unmatched region under 0.1% of its run's work is a boundary that
     * only one of the team sizes has (a team of several threads gets a
     * dispatch event a team of one does not), not another path */
    int k = rows[i].present[0] ? 0 : 1;
    nun += !(rows[i].present[0] && rows[i].present[1])
           && rows[i].work[k] * 1000 >= s[k].out.h.work;
  }
  if (s[0].exe && s[1].exe && strcmp(s[0].exe, s[1].exe) != 0)
    oa_warn("the two recordings are of different programs (%s and %s): regions are matched "
            "by source lines only", s[0].exe, s[1].exe);
  if (nun)
    oa_warn("%zu region%s ran in one recording only (marked unmatched): the program took "
            "other paths in the two runs (non-deterministic, or depending on the team size)",
            nun, nun == 1 ? "" : "s");
  if (!nflag) {
    oa_note("diff: no region on the critical path has inflation above %gx", o->threshold);
  } else {
    for (size_t i = 0; i < n; i++)
      if (rows[i].flagged)
        oa_note("diff: %s: %s inflated %.2fx on the critical path (%.1f%% of the %u-thread "
                "span)", rows[i].name, rows[i].spmd ? "SPMD code, critical-path work" : "work",
                inflation(&rows[i]), 100.0 * ratio(rows[i].span[1], s[1].out.h.span),
                s[1].out.h.threads);
    oa_note("diff: inflated work in parallel is the cost of sharing: cache lines written by "
            "several threads (false or true sharing), memory bandwidth, NUMA placement, or "
            "contention on locks and atomics");
    int fd = oa_counter_open(OA_METRIC_CYCLES);
    if (fd >= 0) {
      close(fd);
      oa_note("diff: re-run with --metric instructions: if instructions inflate too the "
              "threads do more (spinning, contention); if only cycles do, they wait on "
              "memory (sharing, bandwidth)");
    } else {
      oa_note("diff: this machine has no hardware counters, so the %s metric cannot tell "
              "memory stalls from extra instructions; on one with a PMU, compare --metric "
              "cycles with --metric instructions", metric);
    }
  }
  if (s[1].out.h.metric == OA_METRIC_TSC && !oa_rec_header(s[1].rec)->offcpu_seen)
    oa_note("diff: tsc counted a fragment's wall-clock ticks here, preemption included (this "
            "system does not tell when a thread is off its core); with more threads than free "
            "cores, --metric cputime measures inflation better");
  if (s[0].out.h.threads >= s[1].out.h.threads)
    oa_warn("BASE ran with %u threads and OTHER with %u: the comparison is meant against fewer "
            "threads in BASE (the program chooses its own team size, with a num_threads clause "
            "or omp_set_num_threads, over the 1-thread run's OMP_NUM_THREADS=1)",
            s[0].out.h.threads, s[1].out.h.threads);
  if (s[0].out.h.metric != s[1].out.h.metric)
    oa_warn("the recordings use different metrics (%s and %s): ratios mix units",
            oa_metric_name(s[0].out.h.metric), oa_metric_name(s[1].out.h.metric));
}

static int analyse(side *s, const diff_opts *o, const oa_common *c, oa_page *page)
{
  load(&s[0]);
  load(&s[1]);
  size_t cap = oa_rec_nregions(s[0].rec) + oa_rec_nregions(s[1].rec) + 1;
  row *rows = oa_xcalloc(cap, sizeof *rows);
  size_t n = collect(s, rows, 0);
  qsort_r(rows, n, sizeof *rows, by_key, (void *)(c->sort ? c->sort : "span"));
  for (size_t i = 0; i < n; i++)
    rows[i].flagged = flagged(&rows[i], o->threshold, s[1].out.h.span);
  const char *metric = oa_metric_name(s[1].out.h.metric);
  /* --percent-limit: a region's share of the parallel run's span or work */
  double *pct = oa_xcalloc(n + 1, sizeof *pct);
  unsigned char *keep = oa_xcalloc(n + 1, 1);
  const char **names = oa_xcalloc(n + 1, sizeof *names);
  for (size_t i = 0; i < n; i++) {
    double ps = 100.0 * ratio(rows[i].span[1], s[1].out.h.span);
    double pw = 100.0 * ratio(rows[i].work[1], s[1].out.h.work);
    pct[i] = ps > pw ? ps : pw;
  }
  view t = { keep, 0, 0, { oa_seconds_per_unit(s[0].out.h.metric, oa_rec_header(s[0].rec)),
                           oa_seconds_per_unit(s[1].out.h.metric, oa_rec_header(s[1].rec)) }, 0 };
  t.left_out = oa_table_keep(c, pct, n, keep, &t.below);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (keep[i])
      names[k++] = rows[i].name;
  t.root = oa_common_root(names, k);
  FILE *f = oa_open_output(c);
  if (strcmp(c->format, "json") == 0)
    print_json(f, s, rows, n, o, metric, &t);
  else if (strcmp(c->format, "csv") == 0)
    print_csv(f, rows, n, &t);
  else {
    print_text(f, s, rows, n, metric, &t);
    oa_table_left_out(f, c, t.left_out, t.below);
  }
  fflush(f);
  if (page)
    print_json(oa_page_doc(page, "diff"), s, rows, n, o, metric, NULL);
  int rc = oa_close_output(f, 0);
  summary(s, rows, n, o, metric);
  if (gate_over(s, rows, n, o->fail_over) && !rc)
    rc = OA_EXIT_GATE;
  free(pct);
  free(keep);
  free(names);
  free(rows);
  for (int k = 0; k < 2; k++) {
    oa_replay_out_free(&s[k].out);
    oa_rec_close(s[k].rec);
    free(s[k].exe);
  }
  return rc;
}

/* What a run left to compare (name_run). */
enum { NOTHING, CUT_SHORT, RAN_TO_END };

/* A recording of the run, named; *left (ctx): what it holds. */
static int name_run(void *left, const oa_launch *l)
{
  if (oa_recording_name(l->result_path, 0) != 0)
    return OA_EXIT_FAIL;
  *(int *)left = WIFSIGNALED(l->status) ? CUT_SHORT : RAN_TO_END;
  return 0;
}

/* Record PROG with `threads` threads into path, with the configuration
 * run; returns how ompadv should exit for this run.  *left: what there is to
 * compare. */
static int record(char **argv, int threads, const oa_run_config *run, const char *path,
                  int *left)
{
  oa_launch l = { .run = *run, .threads = threads, .result = path, .argv = argv, .again = 1 };
  oa_run_ops ops = { .cmd = "diff", .verb = "compare", .own_result = 1, .analyse = name_run,
                     .ctx = left };
  *left = NOTHING;
  return oa_run(&l, &ops);
}

static int run_diff(const oa_command *self, int argc, char **argv)
{
  oa_common c = { 0 };
  diff_opts o = { .threshold = 1.2 };
  int first = oa_parse_options(self, argc, argv, &c, on_option, &o);
  side s[2] = { { 0 }, { 0 } };
  if (o.ninput) {
    if (o.ninput != 2)
      oa_die(OA_EXIT_USAGE, "diff: give two recordings (-i BASE -i OTHER), or a program");
    if (first < argc)
      oa_die(OA_EXIT_USAGE, "diff: give either -i BASE -i OTHER or a program, not both");
    if (o.time && c.html)
      oa_die(OA_EXIT_USAGE, "diff: --html draws the work inflation, not --time; draw each "
             "recording's time with: ompadv report -i FILE --html PAGE");
    /* both, before the long work on BASE: a bad OTHER (a named pipe, that
     * would block its opening for ever) is told at once */
    oa_recording_check(o.input[0]);
    oa_recording_check(o.input[1]);
    c.to_stdout = 1;  /* no program runs: the report is the output */
    if (o.time)
      return oa_time_diff(o.input[0], o.input[1], &c);
    s[0].path = o.input[0];
    s[1].path = o.input[1];
    oa_page *page = c.html ? oa_page_open(c.html, "diff") : NULL;
    if (page) {
      oa_page_subject(page, "recordings %s and %s", s[0].path, s[1].path);
    }
    int rc = analyse(s, &o, &c, page);
    return oa_page_end(page, rc);
  }
  if (o.time)
    oa_die(OA_EXIT_USAGE, "diff: --time compares two recordings of ompadv time: record each "
           "with 'ompadv time --record FILE PROG', then run ompadv diff -i BASE -i OTHER --time");
  oa_need_program(self, first, argc);
  if (oa_mpi_rank(NULL) >= 0)
    oa_die(OA_EXIT_USAGE, "diff: an MPI launcher starts each rank's program once, and diff "
           "runs it twice: record the two runs with 'mpirun ... ompadv record --threads 1 -o "
           "base.%%r.data' and '--threads N -o other.%%r.data', then compare a rank's with "
           "'ompadv diff -i base.0.data -i other.0.data'");
  int n = c.threads > 0 ? c.threads : (int)sysconf(_SC_NPROCESSORS_ONLN);
  if (n < 2)
    oa_die(OA_EXIT_USAGE, "diff: the parallel run needs at least 2 threads (--threads N)");
  oa_page *page = NULL;
  if (c.html) {
    page = oa_page_open(c.html, "diff");
    oa_page_argv(page, argv + first);
  }
  char *dir = oa_tmpdir_make();  /* the two recordings */
  oa_launch_keep_input(dir, NULL);  /* both runs read the same input */
  char *base = oa_xasprintf("%s/base.data", dir), *other = oa_xasprintf("%s/other.data", dir);
  oa_common c1 = c;
  c1.threads = n;
  oa_run_config p1 = { .mode = OA_RUN_PROFILE, .record = 1 };
  oa_profile_prepare(&c1, &p1);  /* the task cost of the parallel run's team */
  /* the runtime's own time around events depends on the team: each run
   * gets its own */
  oa_run_config p0 = p1;
  oa_profile_runtime_cost(&p0, 1);
  oa_note("diff: recording with 1 thread, then with %d", n);
  int left, rc = record(argv + first, 1, &p0, base, &left);
  /* a 1-thread run that was killed, or ran no OpenMP construct, is not run
   * again: its status, nothing to compare */
  if (left == RAN_TO_END) {
    rc = record(argv + first, n, &p1, other, &left);
    if (left != NOTHING) {  /* a parallel run killed by a signal still compares what it did */
      s[0].path = base;
      s[1].path = other;
      int arc = analyse(s, &o, &c, page);
      if (!rc)  /* the program's own failure first, then the report's or the gate's */
        rc = arc;
    }
  }
  rc = oa_page_end(page, rc);
  oa_tmpdir_remove(dir);
  free(base);
  free(other);
  return rc;
}

static const oa_option diff_options[] = {
  { "input", 'i', "FILE", D_INPUT, "compare recordings: -i BASE -i OTHER instead of running a program" },
  { "threshold", 0, "X", D_THRESHOLD, "flag regions on the critical path inflated more than X times [1.2]" },
  { "fail-over", 0, "X", D_FAIL_OVER, "exit 3 (after the report) when a region on the critical path is inflated more than X times: a CI gate" },
  { "time", 0, NULL, D_TIME, "with -i BASE -i OTHER, recordings of ompadv time --record: compare where the threads' time went, directive by directive" },
  { NULL, 0, NULL, 0, NULL },
};

static const char *const diff_sort_keys[] = { "span", "work", "inflation", "region", NULL };

const oa_command oa_cmd_diff = {
  "diff", run_diff, "where running in parallel inflates work: N threads against 1 thread",
  "[OPTIONS] [--] PROG [ARGS]  |  -i BASE -i OTHER [OPTIONS]",
  OPT_THREADS | OPT_METRIC | OPT_FORMAT | OPT_OUTPUT | OPT_HTML | OPT_TABLE | OPT_QUIET | OPT_VERBOSE,
  diff_options,
  "the number of CPUs",
  NULL,
  diff_sort_keys,
};
