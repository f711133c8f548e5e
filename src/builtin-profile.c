/* `ompadv profile`: run the target with the tool building its OSPG, and print
 * its logical parallelism and, per OpenMP directive, where it is lost
 * (dissertation 3.6): work, serial work, parallelism, share of the critical
 * path, estimated tasking overhead. */
#include "ompadv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "launch.h"
#include "render.h"
#include "metric.h"
#include "result.h"
#include "symbolize.h"
#include "html.h"
#include "util.h"

/* Can this process count its own user-space cycles? (No PMU in most VMs.) */
static int have_pmu(void)
{
  int fd = oa_counter_open(OA_METRIC_CYCLES);
  if (fd < 0)
    return 0;
  close(fd);
  return 1;
}

static const char *resolve_metric(const char *asked, const char **why)
{
  int pmu = have_pmu();
  *why = NULL;
  if (strcmp(asked, "auto") == 0) {
    *why = pmu ? "hardware cycles" : "no hardware counters here: time stamp counter";
    return pmu ? "cycles" : "tsc";
  }
  if ((strcmp(asked, "cycles") == 0 || strcmp(asked, "instructions") == 0) && !pmu)
    oa_die(OA_EXIT_USAGE, "profile: --metric %s needs hardware performance counters, which this "
           "machine does not offer (perf_event_open: %s); use --metric tsc or cputime", asked,
           strerror(errno));
  return asked;
}

/* Run the calibration helper: the cost of creating one deferred and one
 * undeferred task, in the metric's units, on this machine and team size.
 * Returns "D,U" for the tool. */
static char *calibrate(const char *metric, int threads)
{
  char *helper = oa_helper_program("ompadv-calibrate");
  unsigned long long d = 0, u = 0;
  if (!helper) {
    oa_warn("ompadv-calibrate not found: task creation costs are not estimated");
    return oa_xstrdup("0,0");
  }
  char *cmd = threads > 0 ? oa_xasprintf("OMP_NUM_THREADS=%d OMP_TOOL=disabled '%s' %s", threads,
                                         helper, metric)
                          : oa_xasprintf("OMP_TOOL=disabled '%s' %s", helper, metric);
  FILE *p = popen(cmd, "r");
  if (!p || fscanf(p, "%llu %llu", &d, &u) != 2) {
    oa_warn("task creation cost calibration failed: tasking overhead is not estimated");
    d = u = 0;
  }
  if (p)
    pclose(p);
  free(cmd);
  free(helper);
  return oa_xasprintf("%llu,%llu", d, u);
}

/* Run the helper's other measurement: libomp's own time around each kind of
 * OMPT event (metric.h), which the tool takes off the fragments.  It runs
 * the helper with its own minimal OMPT tool.  Returns the text for
 * OMPADV_RUNTIME_COST ("none": nothing to take off). */
static char *calibrate_runtime(const char *metric, int threads)
{
  char *helper = oa_helper_program("ompadv-calibrate");
  char line[1024] = "";
  if (!helper) {
    oa_warn("ompadv-calibrate not found: the runtime's own time around loops, barriers and "
            "parallel regions is counted as work");
    return oa_xstrdup("none");
  }
  char *cmd = threads > 0 ? oa_xasprintf("OMP_NUM_THREADS=%d OMP_TOOL=enabled '%s' --runtime %s",
                                         threads, helper, metric)
                          : oa_xasprintf("OMP_TOOL=enabled '%s' --runtime %s", helper, metric);
  FILE *p = popen(cmd, "r");
  oa_rt_costs c;
  if (!p || !fgets(line, sizeof line, p)
      || (strncmp(line, "none", 4) != 0 && oa_rt_costs_parse(line, &c) == 0)) {
    oa_warn("calibrating the runtime's own time failed: it is counted as work");
    strcpy(line, "none");
  }
  line[strcspn(line, "\n")] = 0;
  if (p)
    pclose(p);
  free(cmd);
  free(helper);
  return oa_xstrdup(line);
}

char *oa_profile_runtime_cost(const char *metric, int threads)
{
  const char *given = getenv(OMPADV_ENV_RTCOST);
  return given && *given ? oa_xstrdup(given) : calibrate_runtime(metric, threads);
}

static char *location_of(oa_symbolizer *sym, const oa_profile_loc *l)
{
  oa_srcloc loc;
  if (l->kind == OA_C_MAIN)
    return oa_xstrdup("main");
  if (!l->where)
    return oa_xstrdup("(unknown)");
  if (oa_sym_lookup(sym, l->where, &loc) && loc.file && loc.line)
    return oa_source_text(loc.file, loc.line, -1);
  return oa_sym_stable_name(&loc, l->where);
}

static char *name_by_symbol(void *ctx, const oa_profile_loc *l)
{
  return location_of(ctx, l);
}

/* What the report of a run needs. */
typedef struct profile_run {
  const oa_common *c;
  const char *why;           /* how the metric was chosen, or NULL */
  FILE *out;
  oa_page *page;             /* --html, or NULL */
} profile_run;

static int report(void *ctx, const oa_launch *l)
{
  const profile_run *p = ctx;
  oa_result r;
  char err[PATH_MAX + 256];
  if (oa_result_read(l->result_path, &r, err, sizeof err) != 0) {
    oa_error("cannot read the profile: %s", err);
    return OA_EXIT_FAIL;
  }
  if (!r.profile) {
    oa_warn("no profile: the program ended (a crash, a signal or _exit) before the end of its "
            "first top-level parallel region");
    oa_result_free(&r);
    return 0;
  }
  if (r.profile->flags & OA_PROF_PARTIAL)
    oa_warn("the program did not reach its end (a crash, a signal or _exit): this profile "
            "covers it up to the end of one of its last top-level parallel regions (a snapshot "
            "is kept at most every 10 ms)");
  oa_symbolizer *sym = oa_sym_for_result(&r);
  oa_profile_view v = { r.profile, r.locs, r.nested, "profile", &r.header, NULL };
  oa_render_profile(p->out, p->c, &v, name_by_symbol, sym, NULL, p->why);
  if (p->page)
    oa_render_profile_json(oa_page_doc(p->page, "profile"), p->c, &v, name_by_symbol, sym, NULL);
  oa_sym_free(sym);
  oa_result_free(&r);
  return 0;
}

static void saved_raw(void *ctx, const oa_launch *l, int fail)
{
  (void)ctx;
  if (l->result && l->handshake == OA_TOOL_STARTED && !fail)
    oa_note("profile: raw fragments and OSPG saved in %s", l->result_path);
}

enum { P_SAVE_RAW = 1 };

static int on_option(int id, const char *arg, void *ctx)
{
  const char **save_raw = ctx;
  if (id == P_SAVE_RAW)
    *save_raw = arg;
  return 0;
}

/* The settings of a profiling run (profile, record, whatif, diff): the
 * metric, the task creation costs, calibrated unless OMPADV_TASK_COST
 * ("D,U") is set, and the runtime's own time around events, calibrated
 * unless OMPADV_RUNTIME_COST is set ("none": count it as work).  Returns how
 * the metric was chosen (for the notes), or NULL. */
const char *oa_profile_prepare(const oa_common *c, oa_profiling *p)
{
  const char *why;
  p->metric = resolve_metric(c->metric, &why);
  const char *given = getenv(OMPADV_ENV_TASKCOST);
  p->task_cost = given && *given ? oa_xstrdup(given) : calibrate(p->metric, c->threads);
  p->runtime_cost = oa_profile_runtime_cost(p->metric, c->threads);
  return why;
}

void oa_profiling_free(oa_profiling *p)
{
  free(p->task_cost);
  free(p->runtime_cost);
}

static int run_profile(const oa_command *self, int argc, char **argv)
{
  oa_common c = { 0 };
  const char *save_raw = NULL;
  int first = oa_parse_options(self, argc, argv, &c, on_option, &save_raw);
  if (first >= argc)
    oa_die(OA_EXIT_USAGE, "profile: no program given (usage: ompadv profile [OPTIONS] [--] PROG "
           "[ARGS])");
  oa_launch l = { .mode = "profile", .threads = c.threads, .result = save_raw,
                  .argv = argv + first, .prof.raw = save_raw != NULL };
  profile_run p = { .c = &c, .why = oa_profile_prepare(&c, &l.prof) };
  p.out = oa_open_output(&c);
  if (c.html) {
    p.page = oa_page_open(c.html, "profile");
    oa_page_not(p.page, c.output, "--output");
    oa_page_not(p.page, save_raw, "--save-raw");
    oa_page_argv(p.page, argv + first);
  }
  oa_run_ops ops = { .cmd = "profile", .verb = "profile", .analyse = report, .done = saved_raw,
                     .ctx = &p };
  int rc = oa_run(&l, &ops);
  rc = oa_page_end(p.page, rc);
  if (p.out != stderr)
    fclose(p.out);
  oa_profiling_free(&l.prof);
  return rc;
}

static const oa_option profile_options[] = {
  { "save-raw", 0, "FILE", P_SAVE_RAW,
    "also keep every fragment, synchronization and OSPG node in FILE (%p: pid), for checking" },
  { NULL, 0, NULL, 0, NULL },
};

const oa_command oa_cmd_profile = {
  "profile", run_profile, "the program's logical parallelism and where it is lost, per directive",
  "[OPTIONS] [--] PROG [ARGS]",
  OPT_THREADS | OPT_METRIC | OPT_FORMAT | OPT_OUTPUT | OPT_HTML | OPT_QUIET | OPT_VERBOSE,
  profile_options,
  NULL,
  NULL,
};
