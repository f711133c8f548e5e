/* `ompadv profile`: run the target with the tool building its OSPG, and print
 * its logical parallelism and, per OpenMP directive, where it is lost
 * (dissertation 3.6): work, serial work, parallelism, share of the critical
 * path, estimated tasking overhead. */
#include "ompadv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "launch.h"
#include "metric.h"
#include "result.h"
#include "symbolize.h"
#include "util.h"

static const char *const construct_names[] = {
  [OA_C_MAIN] = "main", [OA_C_PARALLEL] = "parallel", [OA_C_LOOP] = "for",
  [OA_C_SECTIONS] = "sections", [OA_C_SINGLE] = "single", [OA_C_MASKED] = "masked",
  [OA_C_CRITICAL] = "critical", [OA_C_ORDERED] = "ordered", [OA_C_TASK] = "task",
  [OA_C_TASKLOOP] = "taskloop", [OA_C_TASKGROUP] = "taskgroup",
};

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

/* A row: one directive, i.e. one source line and construct, whatever code
 * addresses reached it. */
typedef struct row {
  char *where;               /* file:line or "main" */
  unsigned kind;
  uint64_t work, serial, critical, cost, count;
  double parallelism, serial_pct, tasking_pct;
} row;

static char *location_of(oa_symbolizer *sym, const oa_profile_loc *l)
{
  oa_srcloc loc;
  if (l->kind == OA_C_MAIN)
    return oa_xstrdup("main");
  if (!l->where)
    return oa_xstrdup("(unknown)");
  if (oa_sym_lookup(sym, l->where, &loc) && loc.file && loc.line) {
    char *path = oa_path_display(loc.file);
    char *s = oa_xasprintf("%s:%d", path, loc.line);
    free(path);
    return s;
  }
  if (loc.func)
    return oa_xasprintf("%s+0x%llx", loc.func, (unsigned long long)l->where);
  return oa_xasprintf("0x%llx", (unsigned long long)l->where);
}

static double ratio(uint64_t a, uint64_t b)
{
  return b ? (double)a / (double)b : 0.0;
}

static int by_serial_pct(const void *a, const void *b)
{
  const row *x = a, *y = b;
  if (x->serial_pct != y->serial_pct)
    return x->serial_pct < y->serial_pct ? 1 : -1;
  return x->work < y->work ? 1 : x->work > y->work ? -1 : 0;
}

/* Map every location to its row, merging code addresses of one directive. */
static size_t assign_rows(const oa_result *r, oa_symbolizer *sym, row *rows, uint32_t *row_of)
{
  size_t n = 0;
  for (uint32_t i = 0; i < r->profile->nlocs; i++) {
    char *where = location_of(sym, &r->locs[i]);
    size_t k = 0;
    while (k < n && !(rows[k].kind == r->locs[i].kind && strcmp(rows[k].where, where) == 0))
      k++;
    if (k == n) {
      rows[n].where = where;
      rows[n].kind = r->locs[i].kind;
      n++;
    } else {
      free(where);
    }
    row_of[i] = (uint32_t)k;
  }
  return n;
}

/* An instance nested in instances of other addresses of the same directive
 * is already in theirs. */
static int nested_in_itself(const oa_profile_nested *e, const uint32_t *row_of)
{
  if (e->nanc > OA_ANC_MAX)
    return 1;
  for (uint32_t k = 0; k < e->nanc; k++)
    if (row_of[e->anc[k]] == row_of[e->loc])
      return 1;
  return 0;
}

static row *make_rows(const oa_result *r, oa_symbolizer *sym, size_t *nrows)
{
  const oa_profile_header *h = r->profile;
  row *rows = oa_xcalloc(h->nlocs, sizeof *rows);
  uint32_t *row_of = oa_xcalloc(h->nlocs, sizeof *row_of);
  size_t n = assign_rows(r, sym, rows, row_of);
  for (uint32_t i = 0; i < h->nlocs; i++) {
    row *w = &rows[row_of[i]];
    w->work += r->locs[i].work;
    w->serial += r->locs[i].serial;
    w->critical += r->locs[i].critical;
    w->cost += r->locs[i].cost;
    w->count += r->locs[i].count;
  }
  for (uint32_t i = 0; i < h->nnested; i++) {
    const oa_profile_nested *e = &r->nested[i];
    if (nested_in_itself(e, row_of))
      continue;
    row *w = &rows[row_of[e->loc]];
    w->work += e->work;
    w->serial += e->serial;
    w->count += e->count;
  }
  size_t kept = 0;
  for (size_t k = 0; k < n; k++) {
    row *w = &rows[k];
    if (w->kind != OA_C_MAIN && !w->work && !w->critical && !w->count) {
      free(w->where);
      continue;
    }
    w->parallelism = ratio(w->work, w->serial);
    w->serial_pct = 100.0 * ratio(w->critical, h->span);
    w->tasking_pct = 100.0 * ratio(w->cost, w->work);
    rows[kept++] = *w;
  }
  free(row_of);
  qsort(rows, kept, sizeof *rows, by_serial_pct);
  *nrows = kept;
  return rows;
}

static const char *si(uint64_t v, char *buf, size_t len)
{
  static const char *const suffix[] = { "", "K", "M", "G", "T", "P" };
  double d = (double)v;
  int k = 0;
  while (d >= 1000.0 && k < 5) {
    d /= 1000.0;
    k++;
  }
  snprintf(buf, len, k ? "%.2f%s" : "%.0f%s", d, suffix[k]);
  return buf;
}

static void json_string(FILE *f, const char *s)
{
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      fprintf(f, "\\%c", *s);
    else if ((unsigned char)*s < 0x20)
      fprintf(f, "\\u%04x", *s);
    else
      fputc(*s, f);
  }
  fputc('"', f);
}

static void render_json(FILE *f, const oa_profile_header *h, const char *metric, int threads,
                        const row *rows, size_t n)
{
  fprintf(f, "{\"ompadv\": 1, \"mode\": \"profile\", \"metric\": \"%s\", \"threads\": %d,\n", metric,
          threads);
  fprintf(f, "  \"program\": {\"work\": %llu, \"span\": %llu, \"parallelism\": %.4f, "
             "\"tasking_overhead_pct\": %.4f, \"tasks\": %llu, \"task_cost\": %llu, "
             "\"task_cost_undeferred\": %llu},\n",
          (unsigned long long)h->work, (unsigned long long)h->span, ratio(h->work, h->span),
          100.0 * ratio(h->cost, h->work), (unsigned long long)h->tasks,
          (unsigned long long)h->task_cost, (unsigned long long)h->task_cost_undeferred);
  fprintf(f, "  \"regions\": [");
  for (size_t i = 0; i < n; i++) {
    fprintf(f, "%s\n    {\"location\": ", i ? "," : "");
    json_string(f, rows[i].where);
    fprintf(f, ", \"construct\": \"%s\", \"work\": %llu, \"span\": %llu, \"parallelism\": %.4f, "
               "\"serial_work_pct\": %.4f, \"tasking_overhead_pct\": %.4f, \"instances\": %llu}",
            construct_names[rows[i].kind], (unsigned long long)rows[i].work,
            (unsigned long long)rows[i].serial, rows[i].parallelism, rows[i].serial_pct,
            rows[i].tasking_pct, (unsigned long long)rows[i].count);
  }
  fprintf(f, "\n  ]}\n");
}

static void csv_field(FILE *f, const char *s)
{
  if (!strpbrk(s, ",\"\n")) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"')
      fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static void render_csv(FILE *f, const row *rows, size_t n)
{
  fprintf(f, "location,construct,work,span,parallelism,serial_work_pct,tasking_overhead_pct,"
             "instances\n");
  for (size_t i = 0; i < n; i++) {
    csv_field(f, rows[i].where);
    fprintf(f, ",%s,%llu,%llu,%.4f,%.4f,%.4f,%llu\n",
            construct_names[rows[i].kind], (unsigned long long)rows[i].work,
            (unsigned long long)rows[i].serial, rows[i].parallelism, rows[i].serial_pct,
            rows[i].tasking_pct, (unsigned long long)rows[i].count);
  }
}

static void render_text(FILE *f, const oa_profile_header *h, const char *metric, int threads,
                        const row *rows, size_t n)
{
  char b1[32], b2[32];
  size_t wloc = strlen("location");
  for (size_t i = 0; i < n; i++)
    if (strlen(rows[i].where) > wloc)
      wloc = strlen(rows[i].where);
  fprintf(f, "parallelism %.2f  (work %s, span %s %s; %d threads; tasking overhead %.1f%%)\n\n",
          ratio(h->work, h->span), si(h->work, b1, sizeof b1), si(h->span, b2, sizeof b2), metric,
          threads, 100.0 * ratio(h->cost, h->work));
  fprintf(f, "  %-*s  %-9s  %9s  %9s  %11s  %8s  %8s\n", (int)wloc, "location", "construct", "work",
          "serial", "parallelism", "serial%", "tasking%");
  for (size_t i = 0; i < n; i++) {
    fprintf(f, "  %-*s  %-9s  %9s  %9s  %11.2f  %7.1f%%  %7.1f%%\n", (int)wloc, rows[i].where,
            construct_names[rows[i].kind], si(rows[i].work, b1, sizeof b1),
            si(rows[i].serial, b2, sizeof b2), rows[i].parallelism, rows[i].serial_pct,
            rows[i].tasking_pct);
  }
}

static void notes(const oa_profile_header *h, const char *why)
{
  if (why)
    oa_note("profile: metric %s (%s)", oa_metric_name(h->metric), why);
  if (h->flags & OA_PROF_METRIC_FALLBACK)
    oa_warn("the hardware counter could not be read in some threads; they used tsc");
  if (h->tasks)
    oa_note("profile: %llu tasks; creating one is estimated at %llu %s, %llu if undeferred "
            "(calibrated on this machine; see man ompadv-profile)", (unsigned long long)h->tasks,
            (unsigned long long)h->task_cost, oa_metric_name(h->metric),
            (unsigned long long)h->task_cost_undeferred);
  if (h->flags & OA_PROF_APPROX_TARGET)
    oa_warn("target offload is not modelled: the profile is approximate");
  if (h->flags & OA_PROF_APPROX_CANCEL)
    oa_warn("cancellation is not modelled: the profile is approximate");
  if (h->flags & OA_PROF_APPROX_DETACH)
    oa_warn("detached tasks are modelled as completing at once: the profile is approximate");
  if (h->flags & OA_PROF_LOC_OVERFLOW)
    oa_warn("too many distinct directives: some were counted under main");
  oa_debug("profile: %llu OSPG nodes created", (unsigned long long)h->nodes);
}

static int report(const char *path, const oa_common *c, const char *why, FILE *out)
{
  oa_result r;
  char err[PATH_MAX + 256];
  if (oa_result_read(path, &r, err, sizeof err) != 0) {
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
  const oa_profile_header *h = r.profile;
  const char *metric = oa_metric_name(h->metric);
  int threads = c->threads > 0 ? c->threads : (int)(h->threads ? h->threads : 1);
  oa_symbolizer *sym = oa_sym_for_result(&r);
  size_t n;
  row *rows = make_rows(&r, sym, &n);
  if (strcmp(c->format, "json") == 0)
    render_json(out, h, metric, threads, rows, n);
  else if (strcmp(c->format, "csv") == 0)
    render_csv(out, rows, n);
  else
    render_text(out, h, metric, threads, rows, n);
  fflush(out);
  notes(h, why);
  for (size_t i = 0; i < n; i++)
    free(rows[i].where);
  free(rows);
  oa_sym_free(sym);
  oa_result_free(&r);
  return 0;
}

enum { P_SAVE_RAW = 1 };

static int on_option(int id, const char *arg, void *ctx)
{
  const char **save_raw = ctx;
  if (id == P_SAVE_RAW)
    *save_raw = arg;
  return 0;
}

static int run_profile(const oa_command *self, int argc, char **argv)
{
  oa_common c = { 0 };
  const char *save_raw = NULL;
  int first = oa_parse_options(self, argc, argv, &c, on_option, &save_raw);
  if (first >= argc)
    oa_die(OA_EXIT_USAGE, "profile: no program given (usage: ompadv profile [OPTIONS] [--] PROG "
           "[ARGS])");
  const char *why;
  const char *metric = resolve_metric(c.metric, &why);
  FILE *out = oa_open_output(&c);
  /* OMPADV_TASK_COST set by the user ("D,U") stands instead of calibrating. */
  const char *given = getenv(OMPADV_ENV_TASKCOST);
  char *cost = given && *given ? oa_xstrdup(given) : calibrate(metric, c.threads);
  setenv(OMPADV_ENV_METRIC, metric, 1);
  setenv(OMPADV_ENV_TASKCOST, cost, 1);
  free(cost);
  if (save_raw)
    setenv(OMPADV_ENV_RAW, "1", 1);
  oa_launch l = { .mode = "profile", .threads = c.threads, .result = save_raw,
                  .argv = argv + first };
  oa_launch_run(&l);
  int rc = oa_launch_handshake(&l) ? report(l.result_path, &c, why, out) : OA_EXIT_FAIL;
  if (out != stderr)
    fclose(out);
  int status = oa_launch_exit_status(&l);
  if (save_raw && rc == 0)
    oa_note("profile: raw fragments and OSPG saved in %s", l.result_path);
  oa_launch_cleanup(&l);
  return rc && !WIFSIGNALED(l.status) ? rc : status;
}

static const oa_option profile_options[] = {
  { "save-raw", 0, "FILE", P_SAVE_RAW,
    "also keep every fragment, synchronization and OSPG node in FILE (%p: pid), for checking" },
  { NULL, 0, NULL, 0, NULL },
};

const oa_command oa_cmd_profile = {
  "profile", run_profile, "the program's logical parallelism and where it is lost, per directive",
  "[OPTIONS] [--] PROG [ARGS]",
  OPT_THREADS | OPT_METRIC | OPT_FORMAT | OPT_OUTPUT | OPT_QUIET | OPT_VERBOSE, profile_options,
};
