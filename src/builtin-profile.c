/* `ompadv profile`: run the target with the tool building its OSPG, and print
 * its logical parallelism and, per OpenMP directive, where it is lost
 * (dissertation 3.6): work, serial work, parallelism, share of the critical
 * path, estimated tasking overhead. */
#include "ompadv.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "calcache.h"
#include "launch.h"
#include "render.h"
#include "metric.h"
#include "progress.h"
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

/* --- the calibration helper ------------------------------------------------
 *
 * ompadv-calibrate runs as a child of ompadv, before the program.  A
 * SIGINT, SIGTERM, SIGHUP or SIGQUIT that ompadv receives meanwhile (a kill
 * of ompadv alone, a timeout, or a Ctrl-C that the helper got too) ends the
 * helper and then ompadv, with 128 + the signal, as launch.c ends a
 * program's run: the helper must not outlive ompadv, and ompadv must not
 * die without a word. */

static volatile sig_atomic_t calib_pid;     /* the helper while it runs, else 0 */
static volatile sig_atomic_t calib_signal;  /* the signal that stops the calibration */
static const int calib_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
enum { N_CALIB_SIGS = sizeof calib_sigs / sizeof calib_sigs[0] };
static struct sigaction calib_old[N_CALIB_SIGS];  /* the dispositions before calibrating */
static int calib_depth;

static void stop_calibration(int sig)
{
  calib_signal = sig;
  if (calib_pid > 0)
    kill((pid_t)calib_pid, SIGKILL);  /* the helper holds nothing to clean up */
}

static void exit_if_interrupted(void)
{
  int sig = calib_signal;
  if (!sig)
    return;
  oa_error("interrupted during calibration (signal %d, %s): the program did not run", sig,
           strsignal(sig));
  exit(128 + sig);
}

/* From the first calibration to the last: the signals stop it. */
static void calibration_begin(void)
{
  struct sigaction sa;
  if (calib_depth++)
    return;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = stop_calibration;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < N_CALIB_SIGS; i++)
    sigaddset(&sa.sa_mask, calib_sigs[i]);
  for (int i = 0; i < N_CALIB_SIGS; i++) {
    sigaction(calib_sigs[i], NULL, &calib_old[i]);
    if (calib_old[i].sa_handler != SIG_IGN)  /* nohup, a background job: still ignored */
      sigaction(calib_sigs[i], &sa, NULL);
  }
}

static void calibration_end(void)
{
  if (--calib_depth == 0)
    for (int i = 0; i < N_CALIB_SIGS; i++)
      sigaction(calib_sigs[i], &calib_old[i], NULL);
  exit_if_interrupted();
}

/* Run the helper (between calibration_begin and _end) with arg (or none)
 * and metric, OMP_TOOL=omp_tool and, for threads > 0,
 * OMP_NUM_THREADS=threads; its first line of output in line, without the
 * newline; *busy: it said the machine was busy (a second line "busy").
 * 0 when it exited with 0 after printing one, else -1.  Exits 128 + the
 * signal, after one line, if ompadv is told to stop meanwhile. */
static int run_helper(const char *helper, const char *arg, const char *metric, int threads,
                      const char *omp_tool, char *line, size_t size, int *busy)
{
  char *argv[4] = { (char *)helper, (char *)(arg ? arg : metric), arg ? (char *)metric : NULL,
                    NULL };
  sigset_t block, prev;
  int fds[2];
  size_t got = 0;
  line[0] = 0;
  if (pipe2(fds, O_CLOEXEC) != 0)
    return -1;
  sigemptyset(&block);
  for (int i = 0; i < N_CALIB_SIGS; i++)
    sigaddset(&block, calib_sigs[i]);
  /* blocked until the helper's pid is known: a signal meanwhile is taken
   * when the helper can be killed */
  sigprocmask(SIG_BLOCK, &block, &prev);
  pid_t parent = getpid(), pid = -1;
  fflush(NULL);
  if (!calib_signal)
    pid = fork();
  if (pid == 0) {
    for (int i = 0; i < N_CALIB_SIGS; i++)  /* as ompadv had them (ignored in a background job) */
      sigaction(calib_sigs[i], &calib_old[i], NULL);
    sigprocmask(SIG_SETMASK, &prev, NULL);
    /* ended with ompadv, even when that is killed with SIGKILL */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
      _exit(127);
    if (dup2(fds[1], STDOUT_FILENO) < 0)
      _exit(127);
    setenv("OMP_TOOL", omp_tool, 1);
    if (threads > 0) {
      char n[16];
      snprintf(n, sizeof n, "%d", threads);
      setenv("OMP_NUM_THREADS", n, 1);
    }
    execv(helper, argv);
    _exit(127);
  }
  if (pid > 0)
    calib_pid = pid;
  sigprocmask(SIG_SETMASK, &prev, NULL);  /* a pending signal kills the helper now */
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    exit_if_interrupted();
    return -1;
  }
  for (;;) {  /* all of it: the helper must not block on a full pipe */
    char buf[512];
    ssize_t n = read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    size_t take = (size_t)n < size - 1 - got ? (size_t)n : size - 1 - got;
    memcpy(line + got, buf, take);
    got += take;
  }
  close(fds[0]);
  line[got] = 0;
  /* waited for without reaping first: calib_pid is cleared while the pid
   * cannot name another process yet */
  siginfo_t si;
  while (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT) != 0 && errno == EINTR)
    ;
  calib_pid = 0;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  exit_if_interrupted();
  size_t eol = strcspn(line, "\n");
  int whole = line[eol] == '\n';
  if (busy)
    *busy = whole && strncmp(line + eol + 1, "busy", 4) == 0;
  line[eol] = 0;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 && whole ? 0 : -1;
}

/* run_helper, through the calibration cache (calcache.h): a value kept from
 * an earlier run with the same key, if valid says it is well formed, else
 * the helper's line, kept when it is. */
static int cached_helper(const char *helper, const char *arg, const char *metric, int threads,
                         const char *omp_tool, char *line, size_t size,
                         int (*valid)(const char *))
{
  char *what = oa_xasprintf("%s %s threads=%d tool=%s", arg ? arg : "-", metric, threads,
                            omp_tool);
  char *key = oa_calcache_key(helper, what);
  char *kept = oa_calcache_get(key);
  int rc;
  if (kept && strlen(kept) < size && valid(kept)) {
    strcpy(line, kept);
    rc = 0;
  } else {
    int busy = 0;
    /* seconds at 64 threads: said on a terminal while it runs */
    char team[32] = "the default team";
    if (threads > 0)
      snprintf(team, sizeof team, "%d threads", threads);
    oa_progress *p = oa_progress_start(1, "calibrating %s at %s (kept for a day)",
                                       arg ? "libomp's own time" : "task creation", team);
    rc = run_helper(helper, arg, metric, threads, omp_tool, line, size, &busy);
    oa_progress_end(p);
    if (rc == 0 && valid(line))
      oa_calcache_put(key, line, busy);
  }
  free(kept);
  free(key);
  free(what);
  return rc;
}

/* The helper's "D U" */
static int valid_task_cost(const char *line)
{
  uint64_t d, u;
  const char *sp = strchr(line, ' ');
  if (!sp)
    return 0;
  char *comma = oa_xstrdup(line);
  comma[sp - line] = ',';
  int ok = oa_task_cost_parse(comma, &d, &u) == 0;
  free(comma);
  return ok;
}

static int valid_rt_costs(const char *line)
{
  oa_rt_costs c;
  return oa_rt_costs_parse(line, &c) >= 0;
}

/* Run the calibration helper: the cost of creating one deferred and one
 * undeferred task, in the metric's units, on this machine and team size.
 * Returns "D,U" for the tool. */
static char *calibrate(const char *metric, int threads)
{
  char *helper = oa_helper_program("ompadv-calibrate");
  char line[256];
  uint64_t d, u;
  if (!helper) {
    oa_warn("ompadv-calibrate not found: task creation costs are not estimated");
    return oa_xstrdup("0,0");
  }
  /* the helper prints "D U" */
  char *comma = NULL;
  calibration_begin();
  int ok = cached_helper(helper, NULL, metric, threads, "disabled", line, sizeof line,
                         valid_task_cost) == 0
           && (comma = strchr(line, ' ')) != NULL;
  calibration_end();
  if (ok) {
    *comma = ',';
    ok = oa_task_cost_parse(line, &d, &u) == 0;
  }
  free(helper);
  if (!ok) {
    oa_warn("task creation cost calibration failed: tasking overhead is not estimated");
    return oa_xstrdup("0,0");
  }
  return oa_xasprintf("%llu,%llu", (unsigned long long)d, (unsigned long long)u);
}

/* Run the helper's other measurement: libomp's own time around each kind of
 * OMPT event (metric.h), which the tool takes off the fragments.  It runs
 * the helper with its own minimal OMPT tool.  Returns the text for
 * OMPADV_RUNTIME_COST ("none": nothing to take off). */
static char *calibrate_runtime(const char *metric, int threads)
{
  char *helper = oa_helper_program("ompadv-calibrate");
  char line[1024];
  oa_rt_costs c;
  if (!helper) {
    oa_warn("ompadv-calibrate not found: the runtime's own time around loops, barriers and "
            "parallel regions is counted as work");
    return oa_xstrdup("none");
  }
  calibration_begin();
  int ok = cached_helper(helper, "--runtime", metric, threads, "enabled", line, sizeof line,
                         valid_rt_costs) == 0;
  calibration_end();
  if (!ok || oa_rt_costs_parse(line, &c) < 0) {
    oa_warn("calibrating the runtime's own time failed: it is counted as work");
    strcpy(line, "none");
  }
  free(helper);
  return oa_xstrdup(line);
}

/* --- the settings the user may give ----------------------------------------
 *
 * Checked before anything runs, calibration included: a value the tool
 * would misread (a sign, a word, a count that wraps around) is refused with
 * the form it takes, never read as something else. */

/* The value as the message shows it, on one line and not too long. */
static char *shown(const char *v)
{
  size_t n = strlen(v), max = 80;
  char *s = oa_xasprintf("%.*s%s", (int)(n > max ? max : n), v, n > max ? "..." : "");
  for (char *p = s; *p; p++)
    if ((unsigned char)*p < 0x20 || *p == 0x7f)
      *p = '?';
  return s;
}

static void check_settings(void)
{
  const char *v = getenv(OMPADV_ENV_TASKCOST);
  uint64_t d, u;
  oa_rt_costs c;
  if (v && oa_task_cost_parse(v, &d, &u) != 0)
    oa_die(OA_EXIT_USAGE, "%s='%s': give two counts of the metric's unit, D,U (such as "
           "150,120; each at most %llu), or unset it", OMPADV_ENV_TASKCOST, shown(v),
           OA_COST_MAX);
  v = getenv(OMPADV_ENV_RTCOST);
  if (v && oa_rt_costs_parse(v, &c) < 0) {
    char names[256] = "";
    for (unsigned e = OA_RTE_NONE + 1; e < OA_RTE_N; e++)
      snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
               e > OA_RTE_NONE + 1 ? ", " : "", oa_rt_event_name(e));
    oa_die(OA_EXIT_USAGE, "%s='%s': give none, or EVENT=IN/OUT,... in counts of the metric's "
           "unit (such as barrier=40/60,fork=0/120; each event once, each count at most %llu; "
           "EVENT: %s), or unset it", OMPADV_ENV_RTCOST, shown(v), OA_COST_MAX, names);
  }
}

void oa_profile_runtime_cost(oa_run_config *r, int threads)
{
  check_settings();
  const char *given = getenv(OMPADV_ENV_RTCOST);
  char *v = given ? oa_xstrdup(given) : calibrate_runtime(oa_metric_name(r->metric), threads);
  /* both checked: well formed */
  r->rt_costs_set = oa_rt_costs_parse(v, &r->rt_costs) >= 0;
  free(v);
}

static char *location_of(oa_symbolizer *sym, const oa_profile_loc *l)
{
  oa_srcloc loc;
  if (l->kind == OA_C_MAIN)
    return oa_xstrdup("main");
  if (!l->where)
    return oa_xstrdup("(unknown)");
  if (oa_sym_lookup(sym, l->where, &loc) && loc.file && loc.line)
    return oa_source_text(loc.file, oa_directive_line(loc.file, loc.line), -1);
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
  double fail_below;         /* --fail-below P, 0: none */
  int gate_failed;
} profile_run;

static int report(void *ctx, const oa_launch *l)
{
  profile_run *p = ctx;
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
  if (!r.profile->work) {
    /* Every run has work: main's start, before the first region, at least.
     * None means the model never closed the program's root (as with more
     * than 64 nested parallel regions before issue 31, item 8): figures of
     * 0 would read as a profile. */
    oa_error("the profile is empty (work 0): the tool lost track of the program's OpenMP "
             "structure (a limit or a bug of ompadv), so it has no figures to report");
    oa_result_free(&r);
    return OA_EXIT_FAIL;
  }
  if (r.profile->flags & OA_PROF_PARTIAL)
    oa_warn("the program did not reach its end (a crash, a signal or _exit): this profile "
            "covers it up to the end of one of its last top-level parallel regions (a snapshot "
            "is kept at most every 10 ms)");
  oa_symbolizer *sym = oa_sym_for_result(&r);
  oa_profile_view v = { r.profile, r.locs, r.nested, "profile", &r.header, NULL };
  oa_render_profile(p->out, p->c, &v, name_by_symbol, sym, NULL, p->why);
  p->gate_failed = oa_gate_below("profile", "", r.profile, p->fail_below);
  if (p->page)
    oa_render_profile_json(oa_page_doc(p->page, "profile"), p->c, &v, name_by_symbol, sym, NULL);
  oa_sym_free(sym);
  oa_result_free(&r);
  return 0;
}

static void saved_raw(void *ctx, const oa_launch *l)
{
  (void)ctx;
  oa_note("profile: raw fragments and OSPG saved in %s", l->result_name);
}

enum { P_SAVE_RAW = 1, P_FAIL_BELOW };

typedef struct profile_opts {
  const char *save_raw;
  double fail_below;
} profile_opts;

static int on_option(int id, const char *arg, void *ctx)
{
  profile_opts *o = ctx;
  if (id == P_SAVE_RAW)
    o->save_raw = arg;
  else if (id == P_FAIL_BELOW)
    o->fail_below = oa_parse_fail_below("profile", arg);
  return 0;
}

/* The settings of a profiling run (profile, record, whatif, diff): the
 * metric, the task creation costs, calibrated unless OMPADV_TASK_COST
 * ("D,U") is set, and the runtime's own time around events, calibrated
 * unless OMPADV_RUNTIME_COST is set ("none": count it as work).  Returns how
 * the metric was chosen (for the notes), or NULL. */
const char *oa_profile_prepare(const oa_common *c, oa_run_config *r)
{
  const char *why;
  check_settings();
  const char *metric = resolve_metric(c->metric, &why);
  r->metric = oa_metric_parse(metric);
  const char *given = getenv(OMPADV_ENV_TASKCOST);
  calibration_begin();  /* and between the two runs of the helper */
  char *cost = given ? oa_xstrdup(given) : calibrate(metric, c->threads);
  /* both checked: well formed */
  r->task_cost_set = oa_task_cost_parse(cost, &r->task_cost, &r->task_cost_undeferred) == 0;
  free(cost);
  oa_profile_runtime_cost(r, c->threads);
  calibration_end();
  return why;
}

static int run_profile(const oa_command *self, int argc, char **argv)
{
  oa_common c = { 0 };
  profile_opts o = { 0 };
  int first = oa_parse_options(self, argc, argv, &c, on_option, &o);
  const char *save_raw = o.save_raw;
  oa_need_program(self, first, argc);
  oa_launch l = { .run = { .mode = OA_RUN_PROFILE, .raw = save_raw != NULL },
                  .threads = c.threads, .result = save_raw, .argv = argv + first };
  profile_run p = { .c = &c, .why = oa_profile_prepare(&c, &l.run), .fail_below = o.fail_below };
  p.out = oa_open_output(&c);
  if (c.html) {
    p.page = oa_page_open(c.html, "profile");
    oa_page_argv(p.page, argv + first);
  }
  oa_run_ops ops = { .cmd = "profile", .verb = "profile", .analyse = report, .kept = saved_raw,
                     .ctx = &p };
  int rc = oa_run(&l, &ops);
  rc = oa_page_end(p.page, rc);
  rc = oa_close_output(p.out, rc);
  /* the gate's status where the program's own is 0: its failure first */
  return rc == 0 && p.gate_failed ? OA_EXIT_GATE : rc;
}

static const oa_option profile_options[] = {
  { "save-raw", 0, "FILE", P_SAVE_RAW,
    "also keep every fragment, synchronization and OSPG node in FILE (%p: pid), for checking" },
  { "fail-below", 0, "P", P_FAIL_BELOW,
    "exit 3 (after the report) when the program's parallelism is below P: a CI gate" },
  { NULL, 0, NULL, 0, NULL },
};

static const char *const profile_sort_keys[] = { "critical", "work", "span", "parallelism", "tasking", "instances", "location", NULL };

const oa_command oa_cmd_profile = {
  "profile", run_profile, "the program's logical parallelism and where it is lost, per directive",
  "[OPTIONS] [--] PROG [ARGS]",
  OPT_THREADS | OPT_METRIC | OPT_FORMAT | OPT_OUTPUT | OPT_HTML | OPT_TABLE | OPT_QUIET | OPT_VERBOSE,
  profile_options,
  NULL,
  NULL,
  profile_sort_keys,
};
