/* `ompadv scale`: the program's work, span, parallelism and predicted
 * speedup at every team size from 1 to --max-threads, from one recording
 * (corelib/scale.h; the model in doc/SCALE.md). */
#include "ompadv.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"
#include "launch.h"
#include "metric.h"
#include "recfile.h"
#include "scale.h"
#include "util.h"

enum { S_INPUT = 1, S_MAX, S_MEASURE };

typedef struct scale_opts {
  const char *input;
  uint32_t max_threads;
  oa_rt_costs costs;
  int costs_set;
  int calibrate;             /* calibrate the costs in the recording's metric */
  int measure;               /* --measure: runs of the bare program per team size (0: none) */
  char *const *argv;         /* the program, for --measure */
} scale_opts;

static int on_option(int id, const char *arg, void *ctx)
{
  scale_opts *o = ctx;
  switch (id) {
  case S_INPUT: o->input = arg; break;
  case S_MAX: o->max_threads = oa_parse_team_size("scale", "--max-threads", arg); break;
  case S_MEASURE: o->measure = 5; break;
  }
  return 0;
}

/* The runtime's costs on the critical path, from the calibration
 * (metric.h): the wall time of an empty region and of an empty barrier
 * with the calibration's team; else (given by hand without them) its time
 * around each event, in and out of the program's code. */
static oa_scale_costs burden_costs(const oa_rt_costs *c)
{
#define IO(e) ((double)c->in[e] + (double)c->out[e])
  double fork = IO(OA_RTE_PAR_BEGIN) + IO(OA_RTE_FORK) + IO(OA_RTE_JOIN) + IO(OA_RTE_PAR_END);
  double barrier = IO(OA_RTE_BARRIER) + IO(OA_RTE_BARRIER_END);
  return (oa_scale_costs){
    .fork = c->in[OA_RTE_REGION_LATENCY] ? (double)c->in[OA_RTE_REGION_LATENCY] : fork,
    .barrier = c->in[OA_RTE_BARRIER_LATENCY] ? (double)c->in[OA_RTE_BARRIER_LATENCY] : barrier,
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
  int measured = 0;
  for (size_t k = 0; k < r->npoints; k++)
    measured |= r->points[k].measured_speedup >= 0;
  fprintf(f, "  %7s  %9s  %9s  %11s  %8s  %9s  %15s%s  %-*s  %5s\n", "threads", "work", "span",
          "parallelism", "burdened", "speedup", "bounds", measured ? "   measured" : "", (int)w,
          "limited by", "share");
  for (size_t k = 0; k < r->npoints; k++) {
    const oa_scale_point *p = &r->points[k];
    snprintf(b[0], sizeof b[0], "%.2f-%.2f", p->speedup_low, p->speedup_high);
    if (p->measured_speedup >= 0)
      snprintf(b[3], sizeof b[3], "  %9.2f", p->measured_speedup);
    else
      snprintf(b[3], sizeof b[3], "  %9s", "-");
    fprintf(f, "  %7u  %9s  %9s  %11.2f  %8.2f  %9.2f  %15s%s  %-*s  %4.0f%%\n", p->threads,
            oa_si((uint64_t)(p->work + 0.5), b[1], sizeof b[1]),
            oa_si((uint64_t)(p->span + 0.5), b[2], sizeof b[2]), p->parallelism,
            p->burdened_parallelism, p->speedup, b[0], measured ? b[3] : "", (int)w, names[k],
            100 * p->limit_share);
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
    fprintf(f, ", \"limit_share\": %.4f", p->limit_share);
    if (p->measured_speedup >= 0)
      fprintf(f, ", \"measured_speedup\": %.4f", p->measured_speedup);
    fputc('}', f);
  }
  fprintf(f, "\n  ]}\n");
}

static void print_csv(FILE *f, const oa_scale_result *r, char *const *names)
{
  fprintf(f, "threads,work,span,burdened_span,parallelism,burdened_parallelism,"
             "predicted_speedup,speedup_low,speedup_high,limit,limit_share,measured_speedup\n");
  for (size_t k = 0; k < r->npoints; k++) {
    const oa_scale_point *p = &r->points[k];
    fprintf(f, "%u,%.0f,%.0f,%.0f,%.4f,%.4f,%.4f,%.4f,%.4f,", p->threads, p->work, p->span,
            p->burdened_span, p->parallelism, p->burdened_parallelism, p->speedup,
            p->speedup_low, p->speedup_high);
    oa_csv_field(f, names[k]);
    fprintf(f, ",%.4f,", p->limit_share);
    if (p->measured_speedup >= 0)
      fprintf(f, "%.4f", p->measured_speedup);
    fputc('\n', f);
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

/* --measure: the bare program's wall time at each team size up to the
 * cores this process may run on, the runs of all sizes alternating, the
 * median of each; measured[k] the speedup over one thread, or -1. */
static double wall_run(char *const *argv, uint32_t threads)
{
  struct timespec t0, t1;
  char nt[16];
  snprintf(nt, sizeof nt, "%u", threads);
  clock_gettime(CLOCK_MONOTONIC, &t0);
  pid_t pid = fork();
  if (pid == 0) {
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
      dup2(null, 0);
      dup2(null, 1);
      dup2(null, 2);
    }
    setenv("OMP_NUM_THREADS", nt, 1);
    execvp(argv[0], argv);
    _exit(127);
  }
  int st;
  if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0)
    return -1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static void measure(const scale_opts *o, const uint32_t *threads, size_t n, double *measured)
{
  cpu_set_t set;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    cores = CPU_COUNT(&set);
  double *t = oa_xcalloc(n * (size_t)o->measure, sizeof *t);
  size_t m = 0;
  for (size_t k = 0; k < n; k++)
    m += threads[k] <= cores;
  if (isatty(2))
    fprintf(stderr, "ompadv: scale: measuring: %d runs at %zu team sizes ...\n", o->measure, m);
  int failed = 0;
  for (int run = 0; run < o->measure && !failed; run++)
    for (size_t k = 0; k < n && !failed; k++)
      if (threads[k] <= cores && (t[k * o->measure + run] = wall_run(o->argv, threads[k])) < 0)
        failed = 1;
  for (size_t k = 0; k < n; k++) {
    measured[k] = -1;
    if (!failed && threads[k] <= cores)
      qsort(t + k * o->measure, (size_t)o->measure, sizeof *t, cmp_double);
  }
  double load[1];
  if (failed)
    oa_warn("scale: --measure: the program failed when run alone: no measured speedup");
  else if (getloadavg(load, 1) == 1)
    oa_note("scale: measured: the median of %d runs of the program alone at each team size up to "
            "%ld (the cores here), sizes alternating; the machine's load was %.2f (1-minute "
            "average): other work on the cores lowers the measured speedup", o->measure, cores,
            load[0]);
  if (!failed && threads[0] == 1)
    for (size_t k = 0; k < n; k++)
      if (threads[k] <= cores) {
        double med = t[k * o->measure + o->measure / 2], one = t[o->measure / 2];
        measured[k] = med > 0 ? one / med : -1;
      }
  free(t);
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
    if (costs.task > 0 || costs.chunk > 0) {
      /* the tasks and chunks on the critical path: a replay that charges
       * each its cost */
      oa_replay_out b;
      oa_recording_replay(rec, &(oa_replay_opts){ .burden_task = (uint64_t)costs.task,
                                                  .burden_chunk = (uint64_t)costs.chunk }, &b);
      costs.pieces = b.h.span > out.h.span ? (double)(b.h.span - out.h.span) : 0;
      oa_replay_out_free(&b);
    }
    oa_scale_set_costs(s, &costs);
  }
  oa_scale_result r;
  oa_scale_compute(s, (double)out.h.work, (double)out.h.span, &out.cp, &r);
  if (o->measure && o->argv) {
    double measured[OA_SCALE_MAX_POINTS];
    measure(o, threads, n, measured);
    for (size_t k = 0; k < r.npoints; k++)
      r.points[k].measured_speedup = measured[k];
  }
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
  if (page) {
    /* the page's table is drawn from the JSON report, its chart from r */
    print_json(oa_page_doc(page, "scale"), &r, names, metric);
    oa_page_scale(page, &r, metric, (const char *const *)names);
  }
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
  if (o.input && o.measure)
    oa_die(OA_EXIT_USAGE, "scale: --measure runs the program: give the program, not -i FILE");
  if (o.input) {
    oa_recording_check(o.input);
    c.to_stdout = 1;  /* no program runs: the report is the output */
    o.calibrate = 1;
    rc = analyse(o.input, &o, &c, page);
  } else {
    oa_launch l = { .run = { .mode = OA_RUN_PROFILE, .record = 1 }, .threads = c.threads,
                    .argv = argv + first };
    oa_profile_prepare(&c, &l.run);
    o.costs = l.run.rt_costs;
    o.costs_set = l.run.rt_costs_set;
    struct scale_run w = { &o, &c, page };
    o.argv = argv + first;
    oa_run_ops ops = { .cmd = "scale", .verb = "analyse", .analyse = analyse_run, .ctx = &w };
    rc = oa_run(&l, &ops);
  }
  return oa_page_end(page, rc);
}

static const oa_option scale_options[] = {
  { "max-threads", 0, "N", S_MAX, "the largest team size to predict [128]" },
  { "measure", 0, NULL, S_MEASURE, "also run the program alone, 5 times at each team size up to the cores here, and show the measured speedup" },
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
  NULL,
};
