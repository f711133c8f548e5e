/* `ompadv scale`: the program's work, span, parallelism and predicted
 * speedup at every team size from 1 to --max-threads, from one recording
 * (corelib/scale.h; the model in doc/SCALE.md). */
#include "ompadv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "launch.h"
#include "metric.h"
#include "recfile.h"
#include "scale.h"
#include "util.h"

enum { S_INPUT = 1, S_MAX };

typedef struct scale_opts {
  const char *input;
  uint32_t max_threads;
  oa_rt_costs costs;
  int costs_set;
  int calibrate;             /* calibrate the costs in the recording's metric */
} scale_opts;

static int on_option(int id, const char *arg, void *ctx)
{
  scale_opts *o = ctx;
  char *end;
  switch (id) {
  case S_INPUT: o->input = arg; break;
  case S_MAX:
    errno = 0;
    unsigned long v = strtoul(arg, &end, 10);
    if (errno || *end || arg[0] == '-' || v < 1 || v > 4096)
      oa_die(OA_EXIT_USAGE, "scale: --max-threads %s: give a team size from 1 to 4096", arg);
    o->max_threads = (uint32_t)v;
    break;
  }
  return 0;
}

/* The runtime's costs on the critical path, from the calibration's
 * estimates of its time around each event (metric.h): in and out of the
 * program's code at each kind of event. */
static oa_scale_costs burden_costs(const oa_rt_costs *c)
{
#define IO(e) ((double)c->in[e] + (double)c->out[e])
  return (oa_scale_costs){
    .fork = IO(OA_RTE_PAR_BEGIN) + IO(OA_RTE_FORK) + IO(OA_RTE_JOIN) + IO(OA_RTE_PAR_END),
    .barrier = IO(OA_RTE_BARRIER) + IO(OA_RTE_BARRIER_END),
    .loop = IO(OA_RTE_LOOP_STATIC) + IO(OA_RTE_CHUNK_STATIC) + IO(OA_RTE_LOOP_END_STATIC),
    .chunk = IO(OA_RTE_CHUNK_DYNAMIC),
    .task = IO(OA_RTE_TASK_CREATE) + IO(OA_RTE_TASK_SWITCH),
  };
#undef IO
}

/* "file:line kind" of a location of the recording, or "main". */
static char *loc_name(oa_recording *rec, uint32_t loc)
{
  const oa_rec_loc *l = oa_rec_loc_at(rec, loc);
  if (!loc || !l || l->kind == OA_C_MAIN)
    return oa_xstrdup("main");
  oa_profile_loc pl = { .where = l->where, .id = loc, .kind = l->kind, .flags = l->flags };
  char *where = oa_recording_loc_name(rec, &pl);
  char *s = oa_xasprintf("%s %s", where, oa_construct_name(l->kind));
  free(where);
  return s;
}

static void print_text(FILE *f, const oa_scale_result *r, char *const *names, const char *metric)
{
  char b[5][32];
  size_t w = strlen("limited by");
  for (size_t k = 0; k < r->npoints; k++)
    if (strlen(names[k]) > w)
      w = strlen(names[k]);
  fprintf(f, "scale: recorded with %u thread%s; work and span in %s\n\n", r->recorded_threads,
          r->recorded_threads == 1 ? "" : "s", metric);
  fprintf(f, "  %7s  %9s  %9s  %11s  %8s  %9s  %15s  %-*s  %5s\n", "threads", "work", "span",
          "parallelism", "burdened", "speedup", "bounds", (int)w, "limited by", "share");
  for (size_t k = 0; k < r->npoints; k++) {
    const oa_scale_point *p = &r->points[k];
    snprintf(b[0], sizeof b[0], "%.2f-%.2f", p->speedup_low, p->speedup_high);
    fprintf(f, "  %7u  %9s  %9s  %11.2f  %8.2f  %9.2f  %15s  %-*s  %4.0f%%\n", p->threads,
            oa_si((uint64_t)(p->work + 0.5), b[1], sizeof b[1]),
            oa_si((uint64_t)(p->span + 0.5), b[2], sizeof b[2]), p->parallelism,
            p->burdened_parallelism, p->speedup, b[0], (int)w, names[k], 100 * p->limit_share);
  }
}

static void print_json(FILE *f, const oa_scale_result *r, char *const *names, const char *metric)
{
  fprintf(f, "{\"ompadv\": 1, \"mode\": \"scale\", \"metric\": \"%s\", \"recorded_threads\": %u,\n"
             "  \"static_loops\": %llu, \"coarse_loops\": %llu, \"coarse_work\": %.4f, "
             "\"fixed_regions\": %llu, \"split_regions\": %llu, \"own_work\": %.4f,\n"
             "  \"regions\": %llu, \"phases\": %llu,\n  \"points\": [",
          metric, r->recorded_threads, (unsigned long long)r->static_loops,
          (unsigned long long)r->coarse_loops, r->coarse_work,
          (unsigned long long)r->fixed_regions, (unsigned long long)r->split_regions,
          r->own_work, (unsigned long long)r->regions, (unsigned long long)r->phases);
  for (size_t k = 0; k < r->npoints; k++) {
    const oa_scale_point *p = &r->points[k];
    fprintf(f, "%s\n    {\"threads\": %u, \"work\": %.0f, \"span\": %.0f, \"burdened_span\": %.0f, "
               "\"parallelism\": %.4f, \"burdened_parallelism\": %.4f, \"predicted_speedup\": "
               "%.4f, \"speedup_low\": %.4f, \"speedup_high\": %.4f, \"limit\": ",
            k ? "," : "", p->threads, p->work, p->span, p->burdened_span, p->parallelism,
            p->burdened_parallelism, p->speedup, p->speedup_low, p->speedup_high);
    oa_json_string(f, names[k]);
    fprintf(f, ", \"limit_share\": %.4f}", p->limit_share);
  }
  fprintf(f, "\n  ]}\n");
}

static void print_csv(FILE *f, const oa_scale_result *r, char *const *names)
{
  fprintf(f, "threads,work,span,burdened_span,parallelism,burdened_parallelism,"
             "predicted_speedup,speedup_low,speedup_high,limit,limit_share\n");
  for (size_t k = 0; k < r->npoints; k++) {
    const oa_scale_point *p = &r->points[k];
    fprintf(f, "%u,%.0f,%.0f,%.0f,%.4f,%.4f,%.4f,%.4f,%.4f,", p->threads, p->work, p->span,
            p->burdened_span, p->parallelism, p->burdened_parallelism, p->speedup,
            p->speedup_low, p->speedup_high);
    oa_csv_field(f, names[k]);
    fprintf(f, ",%.4f\n", p->limit_share);
  }
}

/* What the model could not see, said after the table. */
static void notes(const oa_scale_result *r, const char *path, int input)
{
  if (!r->regions)
    oa_note("scale: the program ran no parallel region: its figures do not change with the "
            "team size");
  if (r->coarse_loops)
    oa_note("scale: %llu static loop instance%s (%.0f%% of the work) ran blocks of unequal cost "
            "per iteration on fewer threads than the largest team asked for: their blocks there "
            "are estimates inside each measured one; record with more threads to sharpen them "
            "(the tsc metric leaves out the time off the cores: --threads 16 on 2 cores "
            "measures 16 blocks)", (unsigned long long)r->coarse_loops,
            r->coarse_loops == 1 ? "" : "s", 100 * r->coarse_work);
  if (r->fixed_regions)
    oa_note("scale: %llu region instance%s kept the team size the program chose (num_threads, "
            "an if clause, or omp_set_num_threads)", (unsigned long long)r->fixed_regions,
            r->fixed_regions == 1 ? "" : "s");
  if (r->nested_regions)
    oa_note("scale: regions nested in another region or in a task keep their recorded team size");
  if (r->own_work >= 0.05)
    oa_note("scale: %.0f%% of the work ran in parallel regions outside worksharing: every thread "
            "runs it, so it grows with the team%s", 100 * r->own_work,
            r->split_regions ? " (except where the region asked omp_get_num_threads: that code "
                               "is taken as split among the threads)" : "");
  if (r->no_trip)
    oa_note("scale: %llu static loop instance%s had no trip count or schedule in the recording: "
            "split as equal blocks", (unsigned long long)r->no_trip, r->no_trip == 1 ? "" : "s");
  oa_note("scale: the prediction sees work, span and the runtime's costs, not memory bandwidth, "
          "caches or contention; compare with a run: ompadv profile --threads P%s%s",
          input ? "" : " PROG", input ? "" : "");
  (void)path;
}

static int analyse(const char *path, const scale_opts *o, const oa_common *c, oa_page *page)
{
  oa_recording *rec = oa_recording_load(path);
  uint32_t threads[OA_SCALE_MAX_POINTS];
  size_t n = 0;
  for (uint32_t p = 1; p < o->max_threads && n + 1 < OA_SCALE_MAX_POINTS; p *= 2)
    threads[n++] = p;
  threads[n++] = o->max_threads;
  oa_scale *s = oa_scale_new(threads, n, NULL);
  oa_replay_opts ro = { .scale = s };
  oa_replay_out out;
  oa_recording_replay(rec, &ro, &out);
  oa_run_config run = { .metric = (enum oa_metric)out.h.metric,
                        .rt_costs = o->costs, .rt_costs_set = o->costs_set };
  if (o->calibrate)  /* on this machine, in the recording's metric */
    oa_profile_runtime_cost(&run, 2);
  if (run.rt_costs_set) {
    oa_scale_costs costs = burden_costs(&run.rt_costs);
    oa_scale_set_costs(s, &costs);
  }
  oa_scale_result r;
  oa_scale_compute(s, (double)out.h.work, (double)out.h.span, &out.cp, &r);
  char **names = oa_xcalloc(r.npoints, sizeof *names);
  for (size_t k = 0; k < r.npoints; k++)
    names[k] = loc_name(rec, r.points[k].limit_loc);
  const char *metric = oa_metric_name(out.h.metric);
  FILE *f = oa_open_output(c);
  if (strcmp(c->format, "json") == 0)
    print_json(f, &r, names, metric);
  else if (strcmp(c->format, "csv") == 0)
    print_csv(f, &r, names);
  else
    print_text(f, &r, names, metric);
  fflush(f);
  if (page)
    print_json(oa_page_doc(page, "scale"), &r, names, metric);
  int rc = oa_close_output(f, 0);
  notes(&r, path, o->input != NULL);
  for (size_t k = 0; k < r.npoints; k++)
    free(names[k]);
  free(names);
  oa_replay_out_free(&out);
  oa_scale_free(s);
  oa_rec_close(rec);
  return rc;
}

struct scale_run {
  const scale_opts *o;
  const oa_common *c;
  oa_page *page;
};

static int analyse_run(void *ctx, const oa_launch *l)
{
  const struct scale_run *w = ctx;
  if (oa_recording_name(l->result_path, 0) != 0)
    return OA_EXIT_FAIL;
  return analyse(l->result_path, w->o, w->c, w->page);
}

static int run_scale(const oa_command *self, int argc, char **argv)
{
  oa_common c = { 0 };
  scale_opts o = { .max_threads = 128 };
  int first = oa_parse_options(self, argc, argv, &c, on_option, &o);
  if (o.input && first < argc)
    oa_die(OA_EXIT_USAGE, "scale: give either -i FILE or a program, not both");
  if (!o.input && first >= argc)
    oa_die(OA_EXIT_USAGE, "scale: no program and no recording given (usage: ompadv scale "
           "[--max-threads N] (-i FILE | [--] PROG [ARGS]))");
  oa_page *page = NULL;
  if (c.html) {
    page = oa_page_open(c.html, "scale");
    if (o.input)
      oa_page_subject(page, "recording %s", o.input);
    else
      oa_page_argv(page, argv + first);
  }
  int rc;
  if (o.input) {
    oa_recording_check(o.input);
    o.calibrate = 1;
    rc = analyse(o.input, &o, &c, page);
  } else {
    oa_launch l = { .run = { .mode = OA_RUN_PROFILE, .record = 1 }, .threads = c.threads,
                    .argv = argv + first };
    oa_profile_prepare(&c, &l.run);
    o.costs = l.run.rt_costs;
    o.costs_set = l.run.rt_costs_set;
    struct scale_run w = { &o, &c, page };
    oa_run_ops ops = { .cmd = "scale", .verb = "analyse", .analyse = analyse_run, .ctx = &w };
    rc = oa_run(&l, &ops);
  }
  return oa_page_end(page, rc);
}

static const oa_option scale_options[] = {
  { "max-threads", 0, "N", S_MAX, "the largest team size to predict [128]" },
  { "input", 'i', "FILE", S_INPUT, "analyse this recording (ompadv record) instead of running a program" },
  { NULL, 0, NULL, 0, NULL },
};

const oa_command oa_cmd_scale = {
  "scale", run_scale, "the program's parallelism and speedup at every team size, from one run",
  "[--max-threads N] (-i FILE | [--] PROG [ARGS])",
  OPT_THREADS | OPT_METRIC | OPT_FORMAT | OPT_OUTPUT | OPT_HTML | OPT_QUIET | OPT_VERBOSE,
  scale_options,
  NULL,
  NULL,
};
