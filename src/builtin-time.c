/* `ompadv time`: where the threads' time went.  The program runs as under
 * `ompadv record`, in time mode (contract.h: OMPADV_TIME): the recording
 * also places every fragment, task, region, wait and lock on the TSC.  The
 * analysis (corelib/timeprof.c) splits each thread's time into work,
 * overhead, delay, no-work and lock waiting, blames waiting on the code that
 * ran meanwhile, profiles each task directive's tasks (creation, wait in the
 * pool, execution, suspension) and lists the properties that hold; the
 * logical parallelism beside it comes from replaying the same recording's
 * OSPG.  `ompadv report -i FILE --time` shows the same for a recording made
 * with `ompadv time --record FILE`. */
#include "ompadv.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "launch.h"
#include "recfile.h"
#include "render.h"
#include "timeprof.h"
#include "html.h"
#include "outfile.h"
#include "util.h"

/* The timeline's slices (--timeline, the HTML page). */
#define TIMELINE_POINTS 10000

enum { T_OUTPUT_REC = 1, T_TIMELINE, T_INPUT, T_TRACE_EVENTS };

typedef struct time_opts {
  const char *record_to;        /* -o: keep the recording there */
  const char *timeline;         /* --timeline FILE */
  const char *trace_events;     /* --trace-events FILE */
  const char **inputs;          /* every -i, in order */
  size_t ninputs;
} time_opts;

static int on_option(int id, const char *arg, void *ctx)
{
  time_opts *o = ctx;
  switch (id) {
  case T_OUTPUT_REC: o->record_to = arg; break;
  case T_TIMELINE: o->timeline = arg; break;
  case T_TRACE_EVENTS: o->trace_events = arg; break;
  case T_INPUT:
    o->inputs = oa_xrealloc(o->inputs, (o->ninputs + 1) * sizeof *o->inputs);
    o->inputs[o->ninputs++] = arg;
    break;
  }
  return 0;
}

/* A row's construct: its directive's kind, or what waited there.  Barriers
 * say which: an explicit one, or the implicit one at the end of a loop,
 * sections, single or parallel region (one line may hold a loop's and its
 * region's). */
static char *loc_name(oa_recording *rec, uint32_t loc, int what);

static const char *what_name(const oa_recording *rec, uint32_t loc, int what)
{
  static const char *const names[OA_TW_N] = { NULL, "barrier", "taskwait", "taskgroup",
                                              "lock", "idle", "ws-barrier", "parallel-barrier" };
  const oa_rec_loc *l = oa_rec_loc_at(rec, loc);
  if (what == OA_TW_BAR_WS && l)
    switch (l->kind) {
    case OA_C_LOOP: return "for-barrier";
    case OA_C_SECTIONS: return "sections-barrier";
    case OA_C_SINGLE: return "single-barrier";
    }
  if (what != OA_TW_CODE)
    return names[what];
  if (l && l->kind == OA_C_EDGE)
    return "code";  /* code between directives, named by where it began or ended */
  if (l && loc && l->kind == OA_C_MASKED) {  /* master or masked, as the source says */
    char *where = loc_name((oa_recording *)rec, loc, what);
    const char *name = oa_construct_label(l->kind, where);
    free(where);
    return name;
  }
  return oa_construct_name(loc == 0 || !l ? OA_C_MAIN : l->kind);
}

static char *loc_name(oa_recording *rec, uint32_t loc, int what)
{
  if (what == OA_TW_IDLE)
    return oa_xstrdup("(between parallel regions)");
  const oa_rec_loc *l = oa_rec_loc_at(rec, loc);
  oa_profile_loc p = { .where = l ? l->where : 0, .id = loc,
                       .kind = (uint16_t)(loc == 0 || !l ? OA_C_MAIN : l->kind) };
  return oa_recording_loc_name(rec, &p);
}

/* Rows named alike (a directive reached through several code addresses)
 * are one row. */
typedef struct named_row {
  char *name;
  const char *construct;
  oa_time_row r;
} named_row;

static size_t merge_rows(oa_recording *rec, const oa_time_result *t, named_row *out)
{
  size_t n = 0;
  for (size_t i = 0; i < t->nrows; i++) {
    const oa_time_row *x = &t->rows[i];
    if (x->work + x->overhead + x->delay + x->no_work + x->lock_wait + x->preempted
        + x->blamed <= 0)
      continue;
    char *name = loc_name(rec, x->loc, x->what);
    const char *cons = what_name(rec, x->loc, x->what);
    size_t k = 0;
    while (k < n && (strcmp(out[k].name, name) != 0 || strcmp(out[k].construct, cons) != 0))
      k++;
    if (k == n) {
      out[n++] = (named_row){ name, cons, *x };
      continue;
    }
    free(name);
    out[k].r.work += x->work, out[k].r.overhead += x->overhead, out[k].r.delay += x->delay;
    out[k].r.no_work += x->no_work, out[k].r.lock_wait += x->lock_wait;
    out[k].r.preempted += x->preempted, out[k].r.blamed += x->blamed;
  }
  return n;
}

/* Findings that read alike (one property, at one name and construct, with
 * one hint: a directive reached through several code addresses) are one,
 * as their rows are: in place, most severe first. */
static void merge_findings(oa_recording *rec, oa_time_result *t)
{
  char **names = oa_xcalloc(t->nfindings + 1, sizeof *names);
  size_t n = 0;
  for (size_t i = 0; i < t->nfindings; i++) {
    oa_time_finding *x = &t->findings[i];
    char *name = loc_name(rec, x->loc, x->what);
    size_t k = 0;
    while (k < n && (strcmp(names[k], name) != 0 || strcmp(t->findings[k].property, x->property)
                     || strcmp(t->findings[k].hint, x->hint)
                     || strcmp(what_name(rec, t->findings[k].loc, t->findings[k].what),
                               what_name(rec, x->loc, x->what))))
      k++;
    if (k == n) {
      names[n] = name;
      t->findings[n++] = *x;
      continue;
    }
    free(name);
    oa_time_finding *y = &t->findings[k];
    if (x->seconds > y->seconds)
      memcpy(y->detail, x->detail, sizeof y->detail);
    /* one phase (the run's, for the rows' findings) counts once */
    y->of = y->of == x->of ? y->of : y->of + x->of;
    y->seconds += x->seconds, y->count += x->count;
    y->severity = y->of > 0 ? y->seconds / y->of : 0;
  }
  for (size_t i = 0; i < n; i++)
    free(names[i]);
  free(names);
  t->nfindings = n;
  /* (merging only adds to a finding, which stays ahead of those after it
   * that were less severe; order again for the rare one it passes) */
  for (size_t i = 1; i < n; i++)
    for (size_t j = i; j > 0 && t->findings[j].severity > t->findings[j - 1].severity; j--) {
      oa_time_finding z = t->findings[j];
      t->findings[j] = t->findings[j - 1];
      t->findings[j - 1] = z;
    }
}

static void json_dist(FILE *f, const char *key, const oa_time_dist *d)
{
  fprintf(f, "\"%s\": {\"median\": %.9g, \"p90\": %.9g, \"max\": %.9g, \"total\": %.9g}", key,
          d->median, d->p90, d->max, d->total);
}

/* The achieved parallelism: the threads' work over the wall time. */
static double achieved(const oa_time_result *t)
{
  return t->wall > 0 ? t->work / t->wall : 0;
}

static void json_breakdown(FILE *f, const oa_time_result *t)
{
  fprintf(f, "\"breakdown\": {\"work\": %.9g, \"overhead\": %.9g, \"delay\": %.9g, \"no_work\": "
          "%.9g, \"lock_wait\": %.9g, \"preempted\": %.9g}", t->work, t->overhead, t->delay,
          t->no_work, t->lock_wait, t->preempted);
}

/* left_out: the rows --top and --percent-limit left out */
static void render_json(FILE *f, oa_recording *rec, const oa_time_result *t, double par,
                        uint32_t team, const named_row *rows, size_t nrows, size_t left_out)
{
  fprintf(f, "{\"ompadv\": 1, \"mode\": \"time\", \"wall\": %.9g, \"threads\": %u, \"team\": %u, "
          "\"parallelism\": %.4f, \"achieved\": %.4f, \"ompadv_callbacks\": %.9g, "
          "\"before_first_construct\": %.9g,\n ", t->wall, t->threads, team, par, achieved(t),
          t->tool, t->before_tool);
  json_breakdown(f, t);
  if (left_out)
    fprintf(f, ",\n \"rows_not_shown\": %zu", left_out);
  fprintf(f, ",\n \"regions\": [");
  for (size_t i = 0; i < nrows; i++) {
    const oa_time_row *r = &rows[i].r;
    fprintf(f, "%s\n  {\"location\": ", i ? "," : "");
    oa_json_string(f, rows[i].name);
    fprintf(f, ", \"construct\": \"%s\", \"work\": %.9g, \"overhead\": %.9g, \"delay\": %.9g, "
            "\"no_work\": %.9g, \"lock_wait\": %.9g, \"preempted\": %.9g, \"blamed\": %.9g}",
            rows[i].construct, r->work, r->overhead, r->delay, r->no_work, r->lock_wait,
            r->preempted, r->blamed);
  }
  fprintf(f, "],\n \"tasks\": [");
  for (size_t i = 0; i < t->ntasks; i++) {
    const oa_time_tasks *x = &t->tasks[i];
    char *name = loc_name(rec, x->loc, OA_TW_CODE);
    fprintf(f, "%s\n  {\"location\": ", i ? "," : "");
    oa_json_string(f, name);
    free(name);
    fprintf(f, ", \"count\": %llu, ", (unsigned long long)x->count);
    json_dist(f, "create", &x->create);
    fputs(", ", f);
    json_dist(f, "wait", &x->wait);
    fputs(", ", f);
    json_dist(f, "exec", &x->exec);
    fputs(", ", f);
    json_dist(f, "suspended", &x->suspended);
    fputc('}', f);
  }
  fprintf(f, "],\n \"findings\": [");
  for (size_t i = 0; i < t->nfindings; i++) {
    const oa_time_finding *x = &t->findings[i];
    char *name = loc_name(rec, x->loc, x->what);
    fprintf(f, "%s\n  {\"property\": \"%s\", \"location\": ", i ? "," : "", x->property);
    oa_json_string(f, name);
    free(name);
    fprintf(f, ", \"construct\": \"%s\", \"count\": %u, \"severity\": %.4f, \"seconds\": %.9g, "
            "\"detail\": ", what_name(rec, x->loc, x->what), x->count, x->severity, x->seconds);
    oa_json_string(f, x->detail);
    fputs(", \"hint\": ", f);
    oa_json_string(f, x->hint);
    fputc('}', f);
  }
  fprintf(f, "]}\n");
}

/* rank >= 0: the rows of one rank of several, each row saying which (the
 * header only with the first's) */
static void render_csv(FILE *f, const named_row *rows, size_t nrows, long rank, int header)
{
  if (header)
    fprintf(f, "%slocation,construct,work,overhead,delay,no_work,lock_wait,preempted,blamed\n",
            rank >= 0 ? "rank," : "");
  for (size_t i = 0; i < nrows; i++) {
    const oa_time_row *r = &rows[i].r;
    if (rank >= 0)
      fprintf(f, "%ld,", rank);
    oa_csv_field(f, rows[i].name);
    fprintf(f, ",%s,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", rows[i].construct, r->work,
            r->overhead, r->delay, r->no_work, r->lock_wait, r->preempted, r->blamed);
  }
}

/* The width of the location column: the longest name. */
static int name_width(const named_row *const *rows, const named_row *flat, size_t n)
{
  size_t width = 8;
  for (size_t i = 0; i < n; i++) {
    const char *name = rows ? rows[i]->name : flat[i].name;
    width = strlen(name) > width ? strlen(name) : width;
  }
  return (int)width;
}

static double pct(double a, double total)
{
  return total > 0 ? 100 * a / total : 0;
}

static void render_text(FILE *f, oa_recording *rec, const oa_time_result *t, double par,
                        uint32_t team, const named_row *rows, size_t nrows,
                        const oa_common *c, size_t left_out, size_t below, size_t root)
{
  double total = t->wall * t->threads;
  fprintf(f, "ompadv time: %u threads (largest team %u), wall %.4f s, %llu fragments, %llu "
          "explicit tasks\n", t->threads, team, t->wall, (unsigned long long)t->fragments,
          (unsigned long long)t->explicit_tasks);
  fprintf(f, "  logical parallelism %.2f, achieved %.2f (work / wall)\n\n", par, achieved(t));
  fprintf(f, "  %-22s %10s %7s\n", "thread time", "seconds", "%");
  const char *names[] = { "work", "overhead", "delay", "no work", "lock wait", "preempted" };
  double v[] = { t->work, t->overhead, t->delay, t->no_work, t->lock_wait, t->preempted };
  for (int i = 0; i < 6; i++)
    fprintf(f, "  %-22s %10.4f %7.1f%s\n", names[i], v[i], pct(v[i], total),
            i == 5 ? "  (runnable, off its core: the machine's other load)" : "");
  if (t->before_tool > 0)
    fprintf(f, "  %-22s %10.4f %7.1f  (of work: main's code before the first construct)\n",
            "  before OpenMP", t->before_tool, pct(t->before_tool, total));
  if (t->tool > 0)
    fprintf(f, "  %-22s %10.4f %7.1f  (of overhead: ompadv's own callbacks)\n",
            "  ompadv", t->tool, pct(t->tool, total));
  if (total > 0 && t->tool / total > 0.1)
    fprintf(f, "  note: ompadv's own callbacks took %.0f%% of the threads' time (%.1f us per fragment):"
            " the run was slowed by them, and the other figures with it\n", 100 * t->tool / total,
            t->fragments ? 1e6 * t->tool / (double)t->fragments : 0);
  char tot[64];
  snprintf(tot, sizeof tot, "total (%u x %.4f s)", t->threads, t->wall);
  fprintf(f, "  %-22s %10.4f %7.1f\n", tot, t->work + t->overhead + t->delay + t->no_work
          + t->lock_wait + t->preempted, 100.0);

  int width = name_width(NULL, rows, nrows), cw = 9;
  for (size_t i = 0; i < nrows; i++)
    cw = (int)strlen(rows[i].construct) > cw ? (int)strlen(rows[i].construct) : cw;
  if (root) {  /* the locations below their common directory, named once */
    width = 8;
    for (size_t i = 0; i < nrows; i++) {
      int w = (int)strlen(rows[i].name + (rows[i].name[0] == '/' ? root : 0));
      width = w > width ? w : width;
    }
  }

  fprintf(f, "\nDirectives, thread time in seconds (blamed: others' waiting while it ran)\n");
  for (size_t i = 0; i < nrows && root; i++)
    if (rows[i].name[0] == '/') {
      fprintf(f, "  locations in %.*s\n", (int)root, rows[i].name);
      break;
    }
  fprintf(f, "  %-*s %-*s %9s %9s %9s %9s %9s %9s %9s\n", width, "location", cw, "construct",
          "work", "overhead", "delay", "no-work", "lock-wait", "preempted", "blamed");
  for (size_t i = 0; i < nrows; i++) {
    const oa_time_row *r = &rows[i].r;
    fprintf(f, "  %-*s %-*s %9.4f %9.4f %9.4f %9.4f %9.4f %9.4f %9.4f\n", width,
            rows[i].name + (rows[i].name[0] == '/' ? root : 0),
            cw, rows[i].construct, r->work, r->overhead, r->delay, r->no_work, r->lock_wait,
            r->preempted, r->blamed);
  }
  if (c)
    oa_table_left_out(f, c, left_out, below);
  if (t->ntasks) {
    fprintf(f, "\nTasks, microseconds per task: median / p90 / max\n");
    fprintf(f, "  %-*s %9s %-22s %-22s %-22s %-22s\n", width, "location", "count",
            "create", "wait", "exec", "suspended");
    for (size_t i = 0; i < t->ntasks; i++) {
      const oa_time_tasks *x = &t->tasks[i];
      char *name = loc_name(rec, x->loc, OA_TW_CODE);
      char d[4][64];
      const oa_time_dist *ds[4] = { &x->create, &x->wait, &x->exec, &x->suspended };
      for (int k = 0; k < 4; k++)
        snprintf(d[k], sizeof d[k], "%.1f/%.1f/%.1f", ds[k]->median * 1e6, ds[k]->p90 * 1e6,
                 ds[k]->max * 1e6);
      fprintf(f, "  %-*s %9llu %-22s %-22s %-22s %-22s\n", width, name,
              (unsigned long long)x->count, d[0], d[1], d[2], d[3]);
      free(name);
    }
  }
  fprintf(f, "\nFindings, most severe first (severity: share of the phase's thread time)\n");
  if (!t->nfindings)
    fprintf(f, "  none above %.0f%%\n", 100 * OA_TIME_FINDING_MIN);
  for (size_t i = 0; i < t->nfindings; i++) {
    const oa_time_finding *x = &t->findings[i];
    char *name = loc_name(rec, x->loc, x->what);
    /* a wait says which (a loop's barrier and its region's share a line) */
    fprintf(f, "  %5.1f%%  %-26s %s%s%s%s: %s\n          try: %s\n", 100 * x->severity,
            x->property, name, x->what != OA_TW_CODE && x->what != OA_TW_IDLE ? " (" : "",
            x->what != OA_TW_CODE && x->what != OA_TW_IDLE ? what_name(rec, x->loc, x->what) : "",
            x->what != OA_TW_CODE && x->what != OA_TW_IDLE ? ")" : "", x->detail, x->hint);
    free(name);
  }
}

/* The timeline as CSV, written whole (outfile.h): 0, or OA_EXIT_FAIL
 * after saying why. */
static int write_timeline(const char *path, const oa_time_result *t)
{
  oa_outfile *o = oa_outfile_open(path, "time", "--timeline");
  FILE *f = oa_outfile_stream(o);
  fprintf(f, "time,running,ready,lock_wait\n");
  for (size_t i = 0; i < t->ntimeline; i++)
    fprintf(f, "%.9f,%.3f,%.3f,%.3f\n", t->timeline[i].t, t->timeline[i].running,
            t->timeline[i].ready, t->timeline[i].lock_wait);
  return oa_outfile_close(o);
}

/* --trace-events: the threads' timelines as Chrome's trace events, the JSON
 * Object Format ({"traceEvents": [...], "displayTimeUnit": "ns"}) that
 * Perfetto and chrome://tracing open.  Each stretch of a thread's time in
 * one state (the analysis's segments: a directive's code, an explicit
 * task, the runtime's overhead, a wait, a lock) is a complete event ("X",
 * its time stamp and duration in microseconds), named by what it was and
 * where, its source location in args; metadata events ("M") name the
 * process (pid: the MPI rank, or the program's pid) and its threads (tid:
 * the thread's number in the recording, 0 the initial thread).  The events
 * of one recording go to a temporary file first: the analysis may read a
 * recording twice (timeprof.h: oa_time_seg_fn), and the threads are known
 * at its end. */
typedef struct te_pending {
  int have;
  oa_time_seg s;
  double off;                /* seconds of it preempted */
} te_pending;

typedef struct trace_events {
  oa_outfile *out;
  FILE *f;                   /* the output's stream */
  FILE *body;                /* the events of the recording being read */
  size_t events;             /* written to f so far (a comma before each but the first) */
  /* the recording being read */
  oa_recording *rec;
  long pid;
  double base_us;            /* its start, on the file's clock */
  char **names;              /* by location * OA_TW_N + what: "location\0construct", or NULL */
  uint32_t nlocs;
  char *spare;               /* the name of a location not in the table */
  te_pending *pend;          /* per thread */
  size_t nthreads;
} trace_events;

static trace_events *te_open(const char *path)
{
  trace_events *te = oa_xcalloc(1, sizeof *te);
  te->out = oa_outfile_open(path, "time", "--trace-events");
  te->f = oa_outfile_stream(te->out);
  fputs("{\"traceEvents\": [", te->f);
  return te;
}

/* The name of what the segment was: "location" and "construct" (cached:
 * names are symbolized once each). */
static const char *te_name(trace_events *te, uint32_t loc, int what, const char **construct)
{
  char **slot = loc < te->nlocs && what < OA_TW_N
                    ? &te->names[(size_t)loc * OA_TW_N + (size_t)what]
                    : &te->spare;  /* (not in the table) */
  if (!*slot || slot == &te->spare) {
    char *where = loc_name(te->rec, loc, what);
    free(*slot);
    *slot = oa_xasprintf("%s%c%s", where, 0, what_name(te->rec, loc, what));
    free(where);
  }
  *construct = *slot + strlen(*slot) + 1;
  return *slot;
}

static void te_comma(trace_events *te)
{
  fputs(te->events++ ? ",\n" : "\n", te->f);
}

/* Microseconds, to the nanosecond: ts and ts + dur of the events that
 * follow one another on a thread meet exactly. */
static double te_us(double base_us, double seconds)
{
  return round((base_us + seconds * 1e6) * 1e3) / 1e3;
}

/* One event into the output (te_end: the recording's locations are all
 * known then). */
static void te_json(trace_events *te, const te_pending *p)
{
  static const char *const cats[] = { [OA_TS_WORK] = "work", [OA_TS_OVERHEAD] = "overhead",
                                      [OA_TS_WAIT] = "wait", [OA_TS_LOCK] = "lock" };
  const oa_time_seg *s = &p->s;
  const char *cons, *where = te_name(te, s->loc, s->what, &cons);
  const char *cat = s->task ? "task" : cats[s->cat];
  char name[600];
  if (s->cat == OA_TS_WAIT && s->what == OA_TW_IDLE)
    snprintf(name, sizeof name, "idle");
  else if (s->cat == OA_TS_OVERHEAD)
    snprintf(name, sizeof name, "overhead %s", where);
  else if (s->cat == OA_TS_LOCK)
    snprintf(name, sizeof name, "lock wait %s", where);
  else if (strcmp(cons, where) == 0)
    snprintf(name, sizeof name, "%s", cons);  /* main */
  else
    snprintf(name, sizeof name, "%s %s", cons, where);
  double t0 = te_us(te->base_us, s->t0), t1 = te_us(te->base_us, s->t1);
  FILE *f = te->f;
  te_comma(te);
  fputs("{\"name\": ", f);
  oa_json_string(f, name);
  fprintf(f, ", \"cat\": \"%s\", \"ph\": \"X\", \"ts\": %.3f, \"dur\": %.3f, \"pid\": %ld, "
          "\"tid\": %u, \"args\": {\"location\": ", cat, t0, t1 - t0, te->pid, s->thread);
  oa_json_string(f, where);
  fprintf(f, ", \"construct\": \"%s\"", cons);
  if (p->off > 0)
    fprintf(f, ", \"preempted_us\": %.3f", p->off * 1e6);
  fputs("}}", f);
}

/* One event, kept aside as it is until the recording is read. */
static void te_put(trace_events *te, const te_pending *p)
{
  if (fwrite(p, sizeof *p, 1, te->body) != 1)
    oa_die(OA_EXIT_FAIL, "time: --trace-events: cannot write its temporary file: %s",
           strerror(errno));
}

/* A segment (timeprof.h): one event, or part of the one before it on its
 * thread when it goes on with the same thing (preempted or not). */
static void te_segment(void *ctx, const oa_time_seg *s)
{
  trace_events *te = ctx;
  if (!s) {  /* they all come again */
    fflush(te->body);
    if (ftruncate(fileno(te->body), 0) != 0 || fseek(te->body, 0, SEEK_SET) != 0)
      oa_die(OA_EXIT_FAIL, "time: --trace-events: cannot start its temporary file again: %s",
             strerror(errno));
    memset(te->pend, 0, te->nthreads * sizeof *te->pend);
    return;
  }
  if (s->thread >= te->nthreads) {
    size_t n = s->thread + 1;
    te->pend = oa_xrealloc(te->pend, n * sizeof *te->pend);
    memset(te->pend + te->nthreads, 0, (n - te->nthreads) * sizeof *te->pend);
    te->nthreads = n;
  }
  te_pending *p = &te->pend[s->thread];
  if (p->have && p->s.loc == s->loc && p->s.cat == s->cat && p->s.what == s->what
      && p->s.task == s->task && p->s.t1 == s->t0) {
    p->s.t1 = s->t1;
    p->off += s->off ? s->t1 - s->t0 : 0;
    return;
  }
  if (p->have)
    te_put(te, p);
  *p = (te_pending){ 1, *s, s->off ? s->t1 - s->t0 : 0 };
}

/* Before a recording's analysis: its events are process pid's. */
static void te_begin(trace_events *te, oa_recording *rec, long pid, double base_us)
{
  te->rec = rec;
  te->pid = pid;
  te->base_us = base_us;
  te->body = tmpfile();
  if (!te->body)
    oa_die(OA_EXIT_FAIL, "time: --trace-events: cannot make a temporary file: %s",
           strerror(errno));
}

/* After it (analysed: ok set): its metadata and events into the file. */
static void te_end(trace_events *te, int ok, const char *process)
{
  if (ok) {
    for (size_t th = 0; th < te->nthreads; th++)
      if (te->pend[th].have)
        te_put(te, &te->pend[th]);
    te_comma(te);
    fprintf(te->f, "{\"name\": \"process_name\", \"ph\": \"M\", \"ts\": 0, \"pid\": %ld, "
            "\"tid\": 0, \"args\": {\"name\": ", te->pid);
    oa_json_string(te->f, process);
    fputs("}}", te->f);
    te_comma(te);
    fprintf(te->f, "{\"name\": \"process_sort_index\", \"ph\": \"M\", \"ts\": 0, \"pid\": %ld, "
            "\"tid\": 0, \"args\": {\"sort_index\": %ld}}", te->pid, te->pid);
    for (size_t th = 0; th < te->nthreads; th++) {
      te_comma(te);
      fprintf(te->f, "{\"name\": \"thread_name\", \"ph\": \"M\", \"ts\": 0, \"pid\": %ld, "
              "\"tid\": %zu, \"args\": {\"name\": \"OpenMP thread %zu%s\"}}", te->pid, th, th,
              th ? "" : " (initial)");
      te_comma(te);
      fprintf(te->f, "{\"name\": \"thread_sort_index\", \"ph\": \"M\", \"ts\": 0, \"pid\": %ld, "
              "\"tid\": %zu, \"args\": {\"sort_index\": %zu}}", te->pid, th, th);
    }
    /* the events, named now that the recording's locations are known */
    te->nlocs = oa_rec_nlocs(te->rec);
    te->names = oa_xcalloc((size_t)te->nlocs * OA_TW_N + 1, sizeof *te->names);
    fflush(te->body);
    rewind(te->body);
    te_pending p;
    while (fread(&p, sizeof p, 1, te->body) == 1)
      te_json(te, &p);
    if (ferror(te->body))
      oa_die(OA_EXIT_FAIL, "time: --trace-events: cannot read its temporary file: %s",
             strerror(errno));
  }
  if (te->body)
    fclose(te->body);
  te->body = NULL;
  for (size_t i = 0; te->names && i < (size_t)te->nlocs * OA_TW_N; i++)
    free(te->names[i]);
  free(te->names);
  te->names = NULL;
  free(te->spare);
  te->spare = NULL;
  free(te->pend);
  te->pend = NULL;
  te->nthreads = 0;
}

/* Close the file: 0, or OA_EXIT_FAIL after saying why. */
static int te_close(trace_events *te, int rc)
{
  int r;
  if (rc) {
    oa_outfile_discard(te->out);
    r = rc;
  } else {
    fputs("\n],\n\"displayTimeUnit\": \"ns\", \"otherData\": {\"ompadv\": 1}}\n", te->f);
    r = oa_outfile_close(te->out);
  }
  free(te);
  return r;
}

/* One location per name and kind: the first location id that has them,
 * found once for every location (the analysis asks for each segment). */
typedef struct named_loc {
  uint32_t id;
  uint16_t kind;
  char *name;
} named_loc;

static int by_kind_name_id(const void *x, const void *y)
{
  const named_loc *a = x, *b = y;
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  int c = strcmp(a->name, b->name);
  return c ? c : (a->id > b->id) - (a->id < b->id);
}

/* canon[loc]: the location that stands for loc (n of them). */
static uint32_t *same_locs(oa_recording *rec, uint32_t *n)
{
  *n = oa_rec_nlocs(rec);
  uint32_t *canon = oa_xcalloc(*n + 1, sizeof *canon);
  named_loc *v = oa_xcalloc(*n + 1, sizeof *v);
  for (uint32_t i = 0; i < *n; i++) {
    const oa_rec_loc *l = oa_rec_loc_at(rec, i);
    v[i] = (named_loc){ i, l ? l->kind : 0, loc_name(rec, i, OA_TW_CODE) };
  }
  /* location 0 (main) stands for itself */
  if (*n > 1)
    qsort(v + 1, *n - 1, sizeof *v, by_kind_name_id);
  for (uint32_t i = 0; i < *n; i++) {
    int same = i > 1 && v[i].kind == v[i - 1].kind && strcmp(v[i].name, v[i - 1].name) == 0;
    canon[v[i].id] = same ? canon[v[i - 1].id] : v[i].id;
  }
  for (uint32_t i = 0; i < *n; i++)
    free(v[i].name);
  free(v);
  return canon;
}

typedef struct same_names {
  uint32_t *canon;
  uint32_t n;
} same_names;

static uint32_t same_loc(void *ctx, uint32_t loc)
{
  const same_names *s = ctx;
  return loc < s->n ? s->canon[loc] : loc;
}

/* A recording's time analysis, its rows named and merged by name. */
typedef struct time_view {
  oa_recording *rec;
  oa_replay_out base;
  int borrowed;              /* rec and base are the caller's (oa_time_page) */
  double par;                /* logical parallelism */
  oa_time_result t;
  named_row *rows;
  size_t nrows;
  trace_events *te;          /* --trace-events: its segments go there too, or NULL */
} time_view;

/* 0, or the exit status after saying what is wrong; 1 without a word when
 * quiet_untimed is set and the recording holds no time records. */
static int view_analyse(const char *path, time_view *v, int quiet_untimed, oa_time_reader *tr);

/* The replay and the time analysis's reading of the records in one read of
 * the file; the analysis after the replay, which reads the location table
 * that names rows.  Without need_profile (only the parallelism and the team
 * are wanted from it), a run that ended gives them in its own profile, the
 * one the tool computed as it ran (the replay's figures are the same: it
 * runs the same analysis on the same records): then only the location table
 * and the time records are read, a third of the time on a program of fine
 * tasks. */
static int view_load(const char *path, time_view *v, int quiet_untimed, int need_profile,
                     oa_recording *rec, trace_events *te)
{
  memset(v, 0, sizeof *v);
  v->rec = rec ? rec : oa_recording_load(path);  /* (the view's from now on) */
  v->te = te;
  const oa_profile_header *h;
  const oa_profile_loc *locs;
  const oa_profile_nested *nested;
  char err[PATH_MAX + 256];
  if (!need_profile && oa_rec_online(v->rec, &h, &locs, &nested)
      && !(h->flags & OA_PROF_PARTIAL) && oa_rec_scan_locs(v->rec, err, sizeof err) == 0) {
    v->base.h = *h;
    v->base.h.nlocs = v->base.h.nnested = 0;  /* (none borrowed) */
    return view_analyse(path, v, quiet_untimed, NULL);
  }
  oa_time_reader *tr = oa_time_start(v->rec, TIMELINE_POINTS);
  if (te)
    oa_time_segments(tr, te_segment, te);
  oa_replay_opts ro = { .also = oa_time_visitor(tr) };
  oa_recording_replay(v->rec, &ro, &v->base);
  return view_analyse(path, v, quiet_untimed, tr);
}

/* The time analysis of v's recording, once it is replayed (tr: its records
 * read already, with the replay's; NULL: read them now). */
static int view_analyse(const char *path, time_view *v, int quiet_untimed, oa_time_reader *tr)
{
  char err[256] = "";
  v->par = v->base.h.span ? (double)v->base.h.work / (double)v->base.h.span : 0;
  same_names names;
  names.canon = same_locs(v->rec, &names.n);
  oa_time_opts opts = { .max_points = TIMELINE_POINTS, .same = same_loc, .ctx = &names,
                        .seg = v->te ? te_segment : NULL, .seg_ctx = v->te };
  int rc = tr ? oa_time_finish(tr, 0, &opts, &v->t, err, sizeof err)
              : oa_time_analyse(v->rec, &opts, &v->t, err, sizeof err);
  free(names.canon);
  if (rc == 1 && !quiet_untimed)
    oa_error("%s holds no time records: it was recorded without time mode; record it with: "
             "ompadv time --record %s PROG", path, path);
  else if (rc < 0)
    oa_error("%s: %s", path, err);
  if (rc != 0) {
    if (!v->borrowed) {
      oa_replay_out_free(&v->base);
      oa_rec_close(v->rec);
    }
    return rc == 1 ? quiet_untimed ? 1 : OA_EXIT_USAGE : OA_EXIT_FAIL;
  }
  v->rows = oa_xcalloc(v->t.nrows + 1, sizeof *v->rows);
  v->nrows = merge_rows(v->rec, &v->t, v->rows);
  merge_findings(v->rec, &v->t);
  double sum = v->t.work + v->t.overhead + v->t.delay + v->t.no_work + v->t.lock_wait
               + v->t.preempted;
  oa_debug("time: %s: %.6f s of thread time accounted for, of %u x %.6f s", path, sum,
           v->t.threads, v->t.wall);
  return 0;
}

static void view_free(time_view *v)
{
  for (size_t i = 0; i < v->nrows; i++)
    free(v->rows[i].name);
  free(v->rows);
  oa_time_result_free(&v->t);
  if (!v->borrowed) {
    oa_replay_out_free(&v->base);
    oa_rec_close(v->rec);
  }
}

/* The page's documents (html.h): the time report, its timeline, and the
 * profile when with_profile is set. */
static void page_docs(const time_view *v, const oa_common *c, oa_page *page, int with_profile)
{
  if (with_profile) {
    oa_profile_view pv = oa_replay_view(&v->base, v->rec);
    pv.cmd = "time";
    oa_render_profile_json(oa_page_doc(page, "profile"), c, &pv, oa_recording_loc_name, v->rec,
                           NULL);
  }
  render_json(oa_page_doc(page, "time"), v->rec, &v->t, v->par, v->base.h.threads, v->rows,
              v->nrows, 0);
  FILE *f = oa_page_doc(page, "timeline");
  fputc('[', f);
  for (size_t i = 0; i < v->t.ntimeline; i++)
    fprintf(f, "%s[%.9g,%.3f,%.3f,%.3f]", i ? "," : "", v->t.timeline[i].t,
            v->t.timeline[i].running, v->t.timeline[i].ready, v->t.timeline[i].lock_wait);
  fputs("]\n", f);
}

int oa_time_page(oa_recording *rec, const oa_replay_out *base, const char *path,
                 const oa_common *c, oa_page *page)
{
  time_view v = { .rec = rec, .base = *base, .borrowed = 1 };
  int rc = view_analyse(path, &v, 1, NULL);
  if (rc)
    return rc;
  page_docs(&v, c, page, 0);
  view_free(&v);
  return 0;
}

/* --sort (time_sort_keys: the rows come largest total first), --top and
 * --percent-limit (a row's share of the threads' time): the rows the
 * report shows, a copy of v's, *n of them. */
static int by_key(const void *a, const void *b, void *key)
{
  const oa_time_row *x = &((const named_row *)a)->r, *y = &((const named_row *)b)->r;
  const char *k = key;
  double p = 0, q = 0;
  if (strcmp(k, "location") == 0)
    return strverscmp(((const named_row *)a)->name, ((const named_row *)b)->name);
  else if (strcmp(k, "work") == 0)
    p = x->work, q = y->work;
  else if (strcmp(k, "overhead") == 0)
    p = x->overhead, q = y->overhead;
  else if (strcmp(k, "delay") == 0)
    p = x->delay, q = y->delay;
  else if (strcmp(k, "no-work") == 0)
    p = x->no_work, q = y->no_work;
  else if (strcmp(k, "lock-wait") == 0)
    p = x->lock_wait, q = y->lock_wait;
  return (p < q) - (p > q);
}

static named_row *shown_rows(const oa_common *c, const time_view *v, size_t *n, size_t *left_out,
                             size_t *below)
{
  named_row *rows = oa_xcalloc(v->nrows + 1, sizeof *rows);
  memcpy(rows, v->rows, v->nrows * sizeof *rows);
  static const char *const keys[] = { "work", "overhead", "delay", "no-work", "lock-wait",
                                      "location", NULL };
  for (int k = 0; c->sort && keys[k]; k++)
    if (strcmp(c->sort, keys[k]) == 0)
      qsort_r(rows, v->nrows, sizeof *rows, by_key, (void *)c->sort);
  double total = v->t.wall * v->t.threads;
  double *share = oa_xcalloc(v->nrows + 1, sizeof *share);
  unsigned char *keep = oa_xcalloc(v->nrows + 1, 1);
  for (size_t i = 0; i < v->nrows; i++) {
    const oa_time_row *r = &rows[i].r;
    share[i] = pct(r->work + r->overhead + r->delay + r->no_work + r->lock_wait + r->preempted,
                   total);
  }
  *left_out = oa_table_keep(c, share, v->nrows, keep, below);
  *n = 0;
  for (size_t i = 0; i < v->nrows; i++)
    if (keep[i])
      rows[(*n)++] = rows[i];
  free(share);
  free(keep);
  return rows;
}

/* The recordings' time reports, one after the other (several: the ranks of
 * an MPI job, in order; --timeline and the page take one), and their
 * timelines in one --trace-events file (trace: its name, or NULL), the
 * ranks aligned by when each started: 0, or an exit status. */
static int time_reports(char *const *files, size_t n, const oa_common *c, const char *timeline,
                        const char *trace, oa_page *page, const char *program)
{
  oa_recording **recs = oa_xcalloc(n, sizeof *recs);
  uint64_t first = UINT64_MAX;
  for (size_t i = 0; trace && i < n; i++) {
    recs[i] = oa_recording_load(files[i]);
    uint64_t at = oa_rec_header(recs[i])->started_ns;
    first = at && at < first ? at : first;
  }
  trace_events *te = trace ? te_open(trace) : NULL;
  FILE *out = NULL;
  const char *fmt = c->format ? c->format : "text";
  int rc = 0, trc = 0;
  size_t i;
  for (i = 0; i < n && !rc; i++) {
    time_view v;
    char *process = NULL;
    if (te) {
      /* pid: the rank (among several recordings, or the launcher's), else the
       * program's own */
      int rank = n > 1 ? (int)i : oa_mpi_rank(NULL);
      const oa_file_header *h = oa_rec_header(recs[i]);
      uint64_t at = h->started_ns;
      te_begin(te, recs[i], rank >= 0 ? rank : (long)h->pid,
               n > 1 && at && first != UINT64_MAX && at > first ? (double)(at - first) / 1e3 : 0);
      /* named by the recording, or in a run by the program */
      const char *what = program ? program : files[i];
      process = rank >= 0 ? oa_xasprintf("rank %d (%s)", rank, what)
                          : oa_xasprintf("%s (pid %u)", what, h->pid);
    }
    rc = view_load(files[i], &v, 0, page != NULL, recs[i], te);
    if (te)
      te_end(te, rc == 0, process);
    free(process);
    if (rc) {
      i++;
      break;
    }
    if (page)
      page_docs(&v, c, page, 1);
    if (timeline)
      trc = write_timeline(timeline, &v.t);
    if (!out)
      out = oa_open_output(c);
    size_t nr, left_out, below;
    named_row *rows = shown_rows(c, &v, &nr, &left_out, &below);
    if (strcmp(fmt, "json") == 0) {
      if (n > 1) {
        fprintf(out, "%s{\"rank\": %zu, \"recording\": ", i ? ",\n " : "{\"ompadv\": 1, "
                "\"mode\": \"time\", \"ranks\": [\n ", i);
        oa_json_string(out, files[i]);
        fputs(", \"report\":\n", out);
      }
      render_json(out, v.rec, &v.t, v.par, v.base.h.threads, rows, nr, left_out);
      if (n > 1)
        fprintf(out, "}%s", i + 1 == n ? "]}\n" : "");
    } else if (strcmp(fmt, "csv") == 0)
      render_csv(out, rows, nr, n > 1 ? (long)i : -1, i == 0);
    else {
      if (n > 1)
        fprintf(out, "%s== rank %zu: %s\n", i ? "\n" : "", i, files[i]);
      const char **names = oa_xcalloc(nr + 1, sizeof *names);
      for (size_t k = 0; k < nr; k++)
        names[k] = rows[k].name;
      size_t root = oa_common_root(names, nr);
      free(names);
      render_text(out, v.rec, &v.t, v.par, v.base.h.threads, rows, nr, c, left_out, below, root);
    }
    free(rows);  /* (the names are v's) */
    view_free(&v);
  }
  for (; i < n; i++)  /* (those no view took, after a failure) */
    if (recs[i])
      oa_rec_close(recs[i]);
  free(recs);
  if (te)
    trc = te_close(te, rc) ? OA_EXIT_FAIL : trc;
  if (!out)
    return rc;
  return oa_close_output(out, rc ? rc : trc);
}

int oa_time_report(const char *path, const oa_common *c, const char *timeline, oa_page *page)
{
  char *files[] = { (char *)path };
  return time_reports(files, 1, c, timeline, NULL, page, NULL);
}

/* `ompadv diff -i BASE -i OTHER --time`: two runs' breakdowns side by side,
 * directive by directive (seed 002's comparison of two runtimes or two
 * settings).  Rows match by location and what was done there. */
static double row_total(const oa_time_row *r)
{
  return r->work + r->overhead + r->delay + r->no_work + r->lock_wait + r->preempted;
}

static const named_row *find_row(const time_view *v, const named_row *r)
{
  for (size_t i = 0; i < v->nrows; i++)
    if (strcmp(v->rows[i].name, r->name) == 0 && strcmp(v->rows[i].construct, r->construct) == 0)
      return &v->rows[i];
  return NULL;
}

static void json_classes(FILE *f, const char *key, const oa_time_row *r)
{
  static const oa_time_row zero;
  r = r ? r : &zero;
  fprintf(f, "\"%s\": {\"work\": %.9g, \"overhead\": %.9g, \"delay\": %.9g, \"no_work\": %.9g, "
          "\"lock_wait\": %.9g, \"preempted\": %.9g}", key, r->work, r->overhead, r->delay,
          r->no_work, r->lock_wait, r->preempted);
}

static void json_run(FILE *f, const char *key, const char *path, const time_view *v)
{
  const oa_time_result *t = &v->t;
  fprintf(f, "\"%s\": {\"recording\": ", key);
  oa_json_string(f, path);
  fprintf(f, ", \"wall\": %.9g, \"threads\": %u, \"parallelism\": %.4f, \"achieved\": %.4f, ",
          t->wall, t->threads, v->par, achieved(t));
  json_breakdown(f, t);
  fputc('}', f);
}

int oa_time_diff(const char *a, const char *b, const oa_common *c)
{
  time_view v[2];
  int rc = view_load(a, &v[0], 0, 0, NULL, NULL);
  if (rc)
    return rc;
  if ((rc = view_load(b, &v[1], 0, 0, NULL, NULL)) != 0) {
    view_free(&v[0]);
    return rc;
  }
  /* every row of either run, the base's first */
  size_t n = 0;
  const named_row **rows = oa_xcalloc(v[0].nrows + v[1].nrows + 1, sizeof *rows);
  for (int s = 0; s < 2; s++)
    for (size_t i = 0; i < v[s].nrows; i++)
      if (s == 0 || !find_row(&v[0], &v[1].rows[i]))
        rows[n++] = &v[s].rows[i];
  FILE *out = oa_open_output(c);
  const char *fmt = c->format ? c->format : "text";
  if (strcmp(fmt, "json") == 0) {
    fprintf(out, "{\"ompadv\": 1, \"mode\": \"diff\", \"time\": true,\n ");
    json_run(out, "base", a, &v[0]);
    fputs(",\n ", out);
    json_run(out, "other", b, &v[1]);
    fputs(",\n \"regions\": [", out);
    for (size_t i = 0; i < n; i++) {
      const named_row *x = find_row(&v[0], rows[i]), *y = find_row(&v[1], rows[i]);
      fprintf(out, "%s\n  {\"location\": ", i ? "," : "");
      oa_json_string(out, rows[i]->name);
      fprintf(out, ", \"construct\": \"%s\", ", rows[i]->construct);
      json_classes(out, "base", x ? &x->r : NULL);
      fputs(", ", out);
      json_classes(out, "other", y ? &y->r : NULL);
      fputc('}', out);
    }
    fputs("]}\n", out);
  } else {
    if (strcmp(fmt, "csv") == 0) {
      fprintf(out, "location,construct,run,work,overhead,delay,no_work,lock_wait,preempted\n");
      for (size_t i = 0; i < n; i++)
        for (int s = 0; s < 2; s++) {
          const named_row *x = find_row(&v[s], rows[i]);
          static const oa_time_row zero;
          const oa_time_row *r = x ? &x->r : &zero;
          oa_csv_field(out, rows[i]->name);
          fprintf(out, ",%s,%s,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", rows[i]->construct,
                  s ? "other" : "base", r->work, r->overhead, r->delay, r->no_work, r->lock_wait,
                  r->preempted);
        }
    } else {
      fprintf(out, "ompadv diff --time: base %s, other %s\n", a, b);
      fprintf(out, "  %-24s %12s %12s\n", "", "base", "other");
      fprintf(out, "  %-24s %12u %12u\n", "threads", v[0].t.threads, v[1].t.threads);
      fprintf(out, "  %-24s %12.4f %12.4f\n", "wall (s)", v[0].t.wall, v[1].t.wall);
      fprintf(out, "  %-24s %12.2f %12.2f\n", "logical parallelism", v[0].par, v[1].par);
      fprintf(out, "  %-24s %12.2f %12.2f\n", "achieved parallelism", achieved(&v[0].t),
              achieved(&v[1].t));
      const char *cls[] = { "work", "overhead", "delay", "no work", "lock wait", "preempted" };
      for (int k = 0; k < 6; k++) {
        double x[2];
        for (int s = 0; s < 2; s++) {
          const oa_time_result *t = &v[s].t;
          double vals[] = { t->work, t->overhead, t->delay, t->no_work, t->lock_wait,
                            t->preempted };
          x[s] = vals[k];
        }
        fprintf(out, "  %-24s %12.4f %12.4f\n", cls[k], x[0], x[1]);
      }
      int width = name_width(rows, NULL, n);
      fprintf(out, "\nDirectives, thread time in seconds, base -> other\n");
      fprintf(out, "  %-*s %-16s %19s %19s %19s %19s %19s %19s\n", width, "location",
              "construct", "work", "overhead", "delay", "no-work", "lock-wait", "preempted");
      for (size_t i = 0; i < n; i++) {
        const named_row *x = find_row(&v[0], rows[i]), *y = find_row(&v[1], rows[i]);
        static const oa_time_row zero;
        const oa_time_row *p = x ? &x->r : &zero, *q = y ? &y->r : &zero;
        if (row_total(p) + row_total(q) <= 0)
          continue;
        fprintf(out, "  %-*s %-16s %8.4f->%-8.4f %8.4f->%-8.4f %8.4f->%-8.4f %8.4f->%-8.4f "
                "%8.4f->%-8.4f %8.4f->%-8.4f\n", width, rows[i]->name, rows[i]->construct,
                p->work, q->work, p->overhead, q->overhead, p->delay, q->delay, p->no_work,
                q->no_work, p->lock_wait, q->lock_wait, p->preempted, q->preempted);
      }
    }
  }
  free(rows);
  view_free(&v[0]);
  view_free(&v[1]);
  return oa_close_output(out, 0);
}

typedef struct time_run {
  const time_opts *o;
  const oa_common *c;
  oa_page *page;             /* --html, or NULL */
} time_run;

static int analyse_run(void *ctx, const oa_launch *l)
{
  const time_run *w = ctx;
  int full;
  uint64_t kept;
  if ((full = oa_launch_file_full(l, &kept)) != 0 && !l->result)
    oa_warn("time: %s while the recording was written (%s): what follows covers the run up "
            "to that point", oa_full_reason(full), strerror(full));
  else if (full)  /* the recording asked for is cut short: a failure, as for record */
    oa_error("time: %s while %s was written (%s): it and what follows cover the run up to "
             "that point; free some space or record elsewhere with --record", oa_full_reason(full),
             l->result_name, strerror(full));
  if (oa_recording_name(l->result_path, 0) != 0)
    return OA_EXIT_FAIL;
  char *files[] = { l->result_path };
  int rc = time_reports(files, 1, w->c, w->o->timeline, w->o->trace_events, w->page,
                        l->argv[0]);
  return rc ? rc : full && l->result ? OA_EXIT_FAIL : 0;
}

/* time --record: where the recording went, once it is there (a rank of an
 * MPI job: the ranks' recordings together) */
static void kept(void *ctx, const oa_launch *l)
{
  const time_run *w = ctx;
  char *q = oa_shell_quote(l->result_name);
  char *all = oa_rank_glob(w->o->record_to);
  if (all) {
    char *qa = oa_shell_quote(all);
    oa_note("time: wrote %s; see the ranks again with: ompadv time -i %s (this rank alone: "
            "ompadv report -i %s --time)", l->result_name, qa, q);
    free(qa);
  } else
    oa_note("time: wrote %s; see it again with: ompadv report -i %s --time", l->result_name, q);
  free(all);
  free(q);
}

static int run_time(const oa_command *self, int argc, char **argv)
{
  oa_common c = { 0 };
  time_opts o = { 0 };
  int first = oa_parse_options(self, argc, argv, &c, on_option, &o);
  if (o.trace_events && !*o.trace_events)
    oa_die(OA_EXIT_USAGE, "time: --trace-events needs a file name");
  if (o.trace_events)
    oa_guard_output(o.trace_events, "--trace-events");
  if (o.ninputs) {
    if (first < argc)
      oa_die(OA_EXIT_USAGE, "time: give either -i FILE or a program, not both");
    size_t n;
    char **files = oa_recording_inputs(o.inputs, o.ninputs, &n);
    free(o.inputs);
    if (n > 1 && (c.html || o.timeline))
      oa_die(OA_EXIT_USAGE, "time: --%s draws one recording; give one -i FILE (several are the "
             "ranks of an MPI job: --trace-events puts their timelines in one file)",
             c.html ? "html" : "timeline");
    for (size_t i = 0; i < n; i++) {
      oa_guard_input(files[i], "the recording (-i)");
      oa_recording_check(files[i]);  /* a named pipe: refused, not waited on */
    }
    c.to_stdout = 1;  /* no program runs: the report is the output */
    oa_page *page = NULL;
    if (c.html) {
      page = oa_page_open(c.html, "time");
      oa_page_subject(page, "recording %s", files[0]);
    }
    int rc = time_reports(files, n, &c, o.timeline, o.trace_events, page, NULL);
    if (page && rc)
      oa_page_discard(page);
    else if (page)
      rc = oa_page_close(page);
    oa_recording_inputs_free(files, n);
    return rc;
  }
  oa_need_program(self, first, argc);
  /* under an MPI launcher with several ranks, a trace named without %r gets
   * the rank appended (as the recording does), so that the ranks do not
   * write one file */
  int size, rank = oa_mpi_rank(&size);
  char *trace = o.trace_events && rank >= 0 && size > 1 && !strstr(o.trace_events, "%r")
                    ? oa_xasprintf("%s.%%r", o.trace_events) : NULL;
  if (trace)
    o.trace_events = trace;
  if (o.record_to && !*o.record_to)
    oa_die(OA_EXIT_USAGE, "time: --record needs a file name");
  oa_launch l = { .run = { .mode = OA_RUN_PROFILE, .record = 1, .time = 1 },
                  .threads = c.threads, .result = o.record_to, .argv = argv + first };
  oa_profile_prepare(&c, &l.run);
  time_run w = { &o, &c, NULL };
  if (c.html) {
    w.page = oa_page_open(c.html, "time");
    oa_page_argv(w.page, argv + first);
  }
  oa_run_ops ops = { .cmd = "time", .verb = "time", .analyse = analyse_run, .kept = kept,
                     .ctx = &w };
  int rc = oa_run(&l, &ops);
  free(trace);
  return oa_page_end(w.page, rc);
}

static const oa_option time_options[] = {
  { "timeline", 0, "FILE", T_TIMELINE,
    "write the timeline as CSV: time, threads running work, fragments ready or running, "
    "threads waiting for a lock (at most 10000 rows)" },
  { "record", 'o', "FILE", T_OUTPUT_REC,
    "keep the recording in FILE (%p: the pid), for ompadv report -i FILE --time (-o: an old "
    "name of --record, kept for scripts; the report goes to --output)" },
  { "trace-events", 0, "FILE", T_TRACE_EVENTS,
    "write each thread's timeline (work, tasks, overhead, waits, locks, with their source "
    "locations) as Chrome trace events, for Perfetto or chrome://tracing (%r: the MPI rank)" },
  { "input", 'i', "FILE", T_INPUT,
    "analyse this recording (ompadv time --record) instead of running a program; several "
    "(repeated, or a quoted pattern such as 'app.*.data'): the ranks of an MPI job, one after "
    "the other" },
  { NULL, 0, NULL, 0, NULL },
};

static const char *const time_sort_keys[] = { "total", "work", "overhead", "delay", "no-work", "lock-wait", "location", NULL };

const oa_command oa_cmd_time = {
  "time", run_time,
  "where the threads' time went: work, overhead, delay, no-work, lock wait, preempted",
  "[--timeline FILE] [--trace-events FILE] [--record FILE] [OPTIONS] (-i FILE... | [--] PROG [ARGS])",
  OPT_THREADS | OPT_METRIC | OPT_FORMAT | OPT_OUTPUT | OPT_HTML | OPT_TABLE | OPT_QUIET | OPT_VERBOSE,
  time_options,
  NULL,
  NULL,
  time_sort_keys,
};
