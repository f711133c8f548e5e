/* `ompadv race`: run a TSan-instrumented program on ompadv's race runtime,
 * which checks every access against the OSPG (dissertation ch. 4), and print
 * the races it found, in any schedule for this input, TSan-style or as JSON. */
#include "ompadv.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "contract.h"
#include "launch.h"
#include "recording.h"
#include "render.h"
#include "result.h"
#include "symbolize.h"
#include "html.h"
#include "util.h"

/* Race mode runs more threads than a small machine has cores: more, smaller
 * static chunks put more conflicting iterations into different fragments
 * (OMPT reports one chunk per thread for a static loop, so iterations inside
 * one thread's chunk look serial to the detector). */
#define RACE_THREADS 4

enum { R_MODE = 1, R_GRAIN, R_ERROR_EXITCODE, R_THREADS, R_FORMAT, R_EARLIER_STACKS };

typedef struct race_opts {
  const char *mode;          /* auto|fast|precise */
  int grain;                 /* 0: the runtime's default (4) */
  int error_exitcode;        /* 0: the target's own status */
  int threads;               /* 0: not given */
  const char *format;
  int earlier_stacks;        /* each access's calling context kept: both stacks shown */
} race_opts;

static _Noreturn void bad_value(const char *opt, const char *v, const char *want)
{
  oa_die(OA_EXIT_USAGE, "race: %s wants %s, not '%s' (see 'ompadv race --help')", opt, want, v);
}

static long parse_num(const char *opt, const char *v, long lo, long hi, const char *want)
{
  char *end;
  errno = 0;
  long n = strtol(v, &end, 10);
  if (errno || end == v || *end || n < lo || n > hi)
    bad_value(opt, v, want);
  return n;
}

static int on_option(int id, const char *arg, void *ctx)
{
  race_opts *o = ctx;
  switch (id) {
  case R_MODE:
    if (strcmp(arg, "auto") && strcmp(arg, "fast") && strcmp(arg, "precise"))
      bad_value("--mode", arg, "auto, fast or precise");
    o->mode = arg;
    break;
  case R_GRAIN:
    if (strcmp(arg, "4") && strcmp(arg, "1"))
      bad_value("--grain", arg, "4 or 1 (bytes of memory per shadow cell)");
    o->grain = atoi(arg);
    break;
  case R_ERROR_EXITCODE:
    o->error_exitcode = (int)parse_num("--error-exitcode", arg, 1, 255, "a number from 1 to 255");
    break;
  case R_THREADS:
    o->threads = (int)parse_num("--threads", arg, 1, 100000, "a positive number");
    break;
  case R_EARLIER_STACKS:
    o->earlier_stacks = 1;
    break;
  case R_FORMAT:
    if (strcmp(arg, "text") && strcmp(arg, "json"))
      bad_value("--format", arg, "text or json");
    o->format = arg;
    break;
  }
  return 0;
}

/* ---- the races of a run ------------------------------------------------------ */

#define OA_MAX_THREADS_SEEN 256  /* threads told apart when stacks wait for reports */

/* One side of a race. */
typedef struct race_access {
  int write;
  unsigned size;             /* 0: unknown (the earlier access) */
  unsigned thread;
  uint64_t code, construct;  /* code addresses */
  unsigned kind;             /* enum oa_construct of the construct */
  char *location;            /* "file:line:col", or the code address */
  const char *function;      /* NULL: unknown */
  char *construct_location;  /* "file:line"; NULL: serial code of main */
  uint64_t *callers;         /* its call sites, innermost first (the earlier access:
                              * with --earlier-stacks only) */
  size_t ncallers;
} race_access;

typedef struct race {
  uint64_t seq;              /* the first report's, for a stable order */
  uint64_t address;
  unsigned memory;           /* enum oa_race_mem: the stack or TLS of which thread */
  int concurrent;
  int simd;                  /* two lanes of one simd loop (OA_RACE_SIMD) */
  size_t reports;            /* runtime reports merged into this one */
  race_access first, second;      /* the earlier and the later access */
  const char *key[2];        /* the two locations, sorted: the merge key */
} race;

typedef struct race_run {
  oa_result r;
  oa_symbolizer *sym;
  race *races;
  size_t nraces;
  const struct oa_race_summary *summary; /* NULL: the runtime never finished */
  const struct oa_race_check *check;     /* an auto run's verdict at its end; NULL: none
                                          * (where it was ruled out: the header says) */
  const char *detector;      /* the one asked for */
  int grain;
  int idle;                  /* no OpenMP construct ran: nothing was checked */
  int races_fail;            /* --error-exitcode given: races change the exit status */
  int earlier_stacks;        /* --earlier-stacks given */
  /* STACK records awaiting their REPORT: the later access's callers [0] and
   * the earlier one's [1] */
  uint64_t *pending[OA_MAX_THREADS_SEEN][2];
  size_t npending[OA_MAX_THREADS_SEEN][2];
  int complete;              /* idle: the program was not killed */
  size_t cap;                /* races' room */
} race_run;

/* Code without line information: its function and the offset in it (or
 * its object's), the same in every run, not the address. */
static char *stable_of(oa_symbolizer *sym, uint64_t ra)
{
  oa_srcloc loc;
  oa_sym_lookup(sym, ra, &loc);
  return oa_sym_stable_name(&loc, ra);
}

/* "file:line[:col]" of a return address, or NULL. */
static char *source_of(oa_symbolizer *sym, uint64_t ra, int with_col, const char **func)
{
  oa_srcloc loc;
  int known = oa_sym_lookup(sym, ra, &loc);
  if (func)
    *func = known ? loc.func : NULL;
  if (!known || !loc.file || !loc.line)
    return NULL;
  return oa_source_text(loc.file, loc.line, with_col && loc.col ? loc.col : -1);
}

/* A caller inside the OpenMP runtime (it started an outlined region or a
 * task): not the program's, left out of the stacks shown. */
static int runtime_frame(oa_symbolizer *sym, uint64_t ra)
{
  oa_srcloc loc;
  oa_sym_lookup(sym, ra, &loc);
  const char *base = loc.module ? strrchr(loc.module, '/') : NULL;
  base = base ? base + 1 : loc.module;
  return base && strncmp(base, "libomp", 6) == 0;
}

static void describe(race_run *rr, race_access *a, uint64_t code, uint64_t construct,
                     unsigned kind)
{
  a->code = code;
  a->construct = construct;
  a->kind = kind;
  a->location = source_of(rr->sym, code, 1, &a->function);
  if (!a->location)
    a->location = stable_of(rr->sym, code);
  a->construct_location = construct ? source_of(rr->sym, construct, 0, NULL) : NULL;
  if (construct && !a->construct_location)
    a->construct_location = stable_of(rr->sym, construct);
}

/* A STACK record: callers of an access of the next report of its thread. */
static void add_callers(race_run *rr, const struct oa_race_stack *e)
{
  unsigned th = e->thread % OA_MAX_THREADS_SEEN, k = (e->sub & OA_RACE_STACK_EARLIER) != 0;
  unsigned n = e->sub & ~OA_RACE_STACK_EARLIER;
  uint64_t **p = &rr->pending[th][k];
  size_t *np = &rr->npending[th][k];
  *p = oa_xrealloc(*p, (*np + 5) * sizeof **p);
  for (unsigned i = 0; i < n && i < 5; i++)
    (*p)[(*np)++] = e->callers[i];
}

/* The callers gathered for the next report of thread th: access k. */
static void take_callers(race_run *rr, unsigned th, unsigned k, race_access *a)
{
  a->callers = rr->pending[th][k];
  a->ncallers = rr->npending[th][k];
  rr->pending[th][k] = NULL;
  rr->npending[th][k] = 0;
}

static void add_report(race_run *rr, const struct oa_race_report *e, size_t *cap)
{
  if (rr->nraces == *cap) {
    *cap = *cap ? 2 * *cap : 64;
    rr->races = oa_xrealloc(rr->races, *cap * sizeof *rr->races);
  }
  race *x = &rr->races[rr->nraces++];
  memset(x, 0, sizeof *x);
  x->seq = e->seq;
  x->address = e->address;
  x->memory = e->memory;
  x->concurrent = (e->sub & OA_RACE_CONCURRENT) != 0;
  x->simd = (e->sub & OA_RACE_SIMD) != 0;
  x->reports = 1;
  x->second.write = (e->sub & OA_RACE_LATER_WRITE) != 0;
  x->second.size = e->size;
  x->second.thread = e->thread;
  describe(rr, &x->second, e->later_code, e->later_construct, e->later_kind);
  unsigned th = e->thread % OA_MAX_THREADS_SEEN;
  take_callers(rr, th, 0, &x->second);
  take_callers(rr, th, 1, &x->first);
  x->first.write = (e->sub & OA_RACE_EARLIER_WRITE) != 0;
  x->first.thread = e->earlier_thread;
  describe(rr, &x->first, e->earlier_code, e->earlier_construct, e->earlier_kind);
  int swap = strcmp(x->first.location, x->second.location) > 0;
  x->key[0] = swap ? x->second.location : x->first.location;
  x->key[1] = swap ? x->first.location : x->second.location;
}

static int by_key(const void *a, const void *b)
{
  const race *x = a, *y = b;
  int c = strcmp(x->key[0], y->key[0]);
  if (!c)
    c = strcmp(x->key[1], y->key[1]);
  return c ? c : (x->seq > y->seq) - (x->seq < y->seq);
}

static void free_access(race_access *a)
{
  free(a->callers);
  free(a->location);
  free(a->construct_location);
}

/* The runtime tells pairs of code addresses apart; the user sees source
 * lines, which inlining and unrolling reach through several addresses, and
 * a pair found in either order is one race. */
static void merge(race_run *rr)
{
  qsort(rr->races, rr->nraces, sizeof *rr->races, by_key);
  size_t n = 0;
  for (size_t i = 0; i < rr->nraces; i++) {
    race *x = &rr->races[i];
    race *kept = n ? &rr->races[n - 1] : NULL;
    if (kept && !strcmp(kept->key[0], x->key[0]) && !strcmp(kept->key[1], x->key[1])) {
      kept->reports += x->reports;
      kept->concurrent |= x->concurrent;
      free_access(&x->first);
      free_access(&x->second);
      continue;
    }
    rr->races[n++] = *x;
  }
  rr->nraces = n;
}

/* The race records, through the record visitor (recording.h). */
static int on_stack(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  add_callers(ctx, &x->race_stack);
  return 0;
}

static int on_report(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  race_run *rr = ctx;
  add_report(rr, &x->race_report, &rr->cap);
  return 0;
}

static int on_summary(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  ((race_run *)ctx)->summary = &x->race_summary;
  return 0;
}

static int on_run_check(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  ((race_run *)ctx)->check = &x->race_check;
  return 0;
}

static int collect(race_run *rr, const char *path)
{
  char err[PATH_MAX + 256];
  if (oa_result_read(path, &rr->r, err, sizeof err) != 0) {
    oa_error("cannot read the race runtime's results: %s", err);
    return -1;
  }
  rr->sym = oa_sym_for_result(&rr->r);
  oa_rec_visitor v = { .ctx = rr, .on = { [OA_RACE_STACK] = on_stack,
                                          [OA_RACE_REPORT] = on_report,
                                          [OA_RACE_SUMMARY] = on_summary,
                                          [OA_RACE_CHECK] = on_run_check } };
  if (oa_rec_visit_events(rr->r.events, rr->r.nevents, &v, path, err, sizeof err) != 0) {
    oa_error("cannot read the race runtime's results: %s", err);
    return -1;
  }
  merge(rr);
  return 0;
}

static void race_run_free(race_run *rr)
{
  for (size_t i = 0; i < rr->nraces; i++) {
    free_access(&rr->races[i].first);
    free_access(&rr->races[i].second);
  }
  free(rr->races);
  for (size_t i = 0; i < OA_MAX_THREADS_SEEN; i++) {
    free(rr->pending[i][0]);
    free(rr->pending[i][1]);
  }
  oa_sym_free(rr->sym);
  oa_result_free(&rr->r);
}

/* ---- printing ---------------------------------------------------------------- */

static const char *summary_detector(const race_run *rr)
{
  if (rr->summary && rr->summary->detector == 1)
    return "fast";
  if (rr->summary && rr->summary->detector == 2)
    return "precise";
  return rr->detector;
}

static int summary_grain(const race_run *rr)
{
  if (rr->summary && rr->summary->sub)
    return rr->summary->sub;
  return rr->grain ? rr->grain : 4;
}

static const char *construct_text(const race *x, const race_access *a)
{
  if (x->simd)
    return "simd loop";
  return a->construct_location ? oa_construct_name(a->kind) : "serial code of main";
}

static void print_text_race(FILE *f, const race *x, oa_symbolizer *sym)
{
  const char *var;
  uint64_t off;
  fprintf(f, "==================\nWARNING: ompadv: data race (%s)\n",
          x->simd         ? "two lanes of one simd loop: iterations that may run at once"
          : x->concurrent ? "concurrent in this run"
                          : "logically parallel; not concurrent in this run");
  for (int later = 1; later >= 0; later--) {
    const race_access *a = later ? &x->second : &x->first;
    if (later)
      fprintf(f, "  %s of size %u at 0x%llx", a->write ? "Write" : "Read", a->size,
              (unsigned long long)x->address);
    else
      fprintf(f, "  Previous %s", a->write ? "write" : "read");
    fprintf(f, " by thread T%u:\n    #0 %s %s\n", a->thread, a->function ? a->function : "??",
            a->location);
    for (size_t i = 0, k = 1; i < a->ncallers; i++) {
      const char *fn;
      if (runtime_frame(sym, a->callers[i]))
        continue;
      char *at = source_of(sym, a->callers[i], 1, &fn);
      if (!at)
        at = stable_of(sym, a->callers[i]);
      fprintf(f, "    #%zu %s %s\n", k++, fn ? fn : "??", at);
      free(at);
    }
    if (a->construct_location)
      fprintf(f, "    in %s at %s\n", construct_text(x, a), a->construct_location);
    else
      fprintf(f, "    in %s\n", construct_text(x, a));
  }
  if (oa_sym_data(sym, x->address, &var, &off) && off)
    fprintf(f, "  Location is global '%s' + %llu at 0x%llx\n", var, (unsigned long long)off,
            (unsigned long long)x->address);
  else if (var)
    fprintf(f, "  Location is global '%s' at 0x%llx\n", var, (unsigned long long)x->address);
  else if (x->memory & (OA_RACE_MEM_THREAD - 1))
    fprintf(f, "  Location is %s of thread T%u at 0x%llx\n",
            x->memory & OA_RACE_MEM_TLS ? "in the thread-local storage" : "on the stack",
            (x->memory & (OA_RACE_MEM_THREAD - 1)) - 1, (unsigned long long)x->address);
  else
    fprintf(f, "  Location is heap or mapped memory at 0x%llx\n",
            (unsigned long long)x->address);
  fprintf(f, "==================\n");
}

static void print_summary_line(FILE *f, const race_run *rr)
{
  char b[32];
  if (rr->idle) {
    fprintf(f, "ompadv: race: no races found (no OpenMP construct ran: nothing was checked)\n");
    return;
  }
  fprintf(f, "ompadv: race: ");
  if (rr->nraces)
    fprintf(f, "%zu race%s", rr->nraces, rr->nraces == 1 ? "" : "s");
  else
    fprintf(f, "no races found");
  /* 4-byte cells split in bytes on demand: byte-exact either way */
  fprintf(f, " (%s detector, %s", summary_detector(rr),
          summary_grain(rr) == 1 ? "1-byte cells" : "byte-exact");
  if (rr->summary)
    fprintf(f, ", %s accesses checked", oa_si(rr->summary->checked, b, sizeof b));
  else if (rr->complete && rr->r.header.events_lost)
    fprintf(f, "; its last records were lost, see below");
  else
    fprintf(f, "; the run ended early: only what it reached was checked");
  /* valgrind's default: the program's status; a CI job wants to fail */
  fprintf(f, "%s)\n", rr->nraces && !rr->races_fail
                          ? "; --error-exitcode=N makes races fail the run" : "");
  if (rr->nraces && !rr->earlier_stacks)
    fprintf(f, "ompadv: race: run with --earlier-stacks to see the earlier accesses' "
               "call stacks too\n");
}

static void print_text(FILE *f, race_run *rr)
{
  for (size_t i = 0; i < rr->nraces; i++)
    print_text_race(f, &rr->races[i], rr->sym);
  print_summary_line(f, rr);
}

static void json_or_null(FILE *f, const char *s)
{
  if (s)
    oa_json_string(f, s);
  else
    fputs("null", f);
}

static void print_json_access(FILE *f, const race *x, const race_access *a, int later,
                              oa_symbolizer *sym)
{
  fprintf(f, "{\"access\": \"%s\", ", a->write ? "write" : "read");
  if (later)
    fprintf(f, "\"size\": %u, ", a->size);
  fputs("\"location\": ", f);
  oa_json_string(f, a->location);
  fputs(", \"function\": ", f);
  json_or_null(f, a->function);
  fprintf(f, ", \"thread\": %u, \"construct\": \"%s\", \"construct_location\": ", a->thread,
          x->simd ? "simd" : a->construct_location ? oa_construct_name(a->kind) : "main");
  json_or_null(f, a->construct_location);
  if (later || a->ncallers) {
    fputs(", \"callers\": [", f);
    for (size_t i = 0, k = 0; i < a->ncallers; i++) {
      const char *fn;
      if (runtime_frame(sym, a->callers[i]))
        continue;
      char *at = source_of(sym, a->callers[i], 1, &fn);
      fputs(k++ ? ", {\"function\": " : "{\"function\": ", f);
      json_or_null(f, fn);
      fputs(", \"location\": ", f);
      json_or_null(f, at);
      fputc('}', f);
      free(at);
    }
    fputc(']', f);
  }
  fputc('}', f);
}

static void print_json(FILE *f, race_run *rr)
{
  const struct oa_race_summary *s = rr->summary;
  fprintf(f, "{\"ompadv\": 1, \"mode\": \"race\", \"detector\": \"%s\", \"grain\": %d, "
             "\"threads\": %u,\n  \"races\": [", summary_detector(rr), summary_grain(rr),
          rr->r.header.nthreads);
  for (size_t i = 0; i < rr->nraces; i++) {
    const race *x = &rr->races[i];
    const char *var;
    uint64_t off;
    int known = oa_sym_data(rr->sym, x->address, &var, &off);
    fprintf(f, "%s\n    {\"address\": \"0x%llx\", \"variable\": ", i ? "," : "",
            (unsigned long long)x->address);
    json_or_null(f, known ? var : NULL);
    unsigned owner = x->memory & (OA_RACE_MEM_THREAD - 1);
    fprintf(f, ", \"offset\": %llu, \"memory\": \"%s\"", (unsigned long long)off,
            known ? "global" : !owner ? "heap" : x->memory & OA_RACE_MEM_TLS ? "tls" : "stack");
    if (owner && !known)
      fprintf(f, ", \"memory_thread\": %u", owner - 1);
    fprintf(f, ", \"concurrent\": %s, \"simd\": %s, \"reports\": %zu,\n     \"first\": ",
            x->concurrent ? "true" : "false", x->simd ? "true" : "false", x->reports);
    print_json_access(f, x, &x->first, 0, rr->sym);
    fputs(",\n     \"second\": ", f);
    print_json_access(f, x, &x->second, 1, rr->sym);
    fputc('}', f);
  }
  fprintf(f, "%s],\n  \"summary\": {\"races\": %zu, \"complete\": %s", rr->nraces ? "\n  " : "",
          rr->nraces, s || (rr->idle && rr->complete) ? "true" : "false");
  if (s)
    fprintf(f, ", \"accesses\": %llu, \"reports\": %llu, \"dropped\": %llu, "
               "\"shadow_bytes\": %llu", (unsigned long long)s->checked,
            (unsigned long long)s->races, (unsigned long long)s->dropped,
            (unsigned long long)s->peak_shadow);
  else if (rr->idle && rr->complete)
    fprintf(f, ", \"accesses\": 0, \"reports\": 0, \"dropped\": 0, \"shadow_bytes\": 0");
  fprintf(f, ", \"openmp_ran\": %s}}\n", rr->idle ? "false" : "true");
}

/* What the user should know beside the races: lost results, the cost. */
static void report_notes(const race_run *rr)
{
  const struct oa_race_summary *s = rr->summary;
  const oa_file_header *h = &rr->r.header;
  if (h->shadow_stopped) {
    char lim[128] = "";
    if (h->shadow_limit)
      snprintf(lim, sizeof lim, " under its address-space limit of %llu MB (ulimit -v, RLIMIT_AS)",
               (unsigned long long)(h->shadow_limit >> 20));
    oa_warn("race: detection stopped partway: the shadow memory could not grow past %llu MB%s; "
            "the races found until then are reported, later accesses were not checked: raise "
            "the limit (ulimit -v unlimited) to check the whole run",
            (unsigned long long)(h->shadow_stopped_at >> 20), lim);
  }
  if (rr->r.header.events_lost)
    oa_warn("race: %llu records were lost (the result file could not grow: %s); some races "
            "may be missing", (unsigned long long)rr->r.header.events_lost,
            oa_full_reason((int)rr->r.header.full_errno));
  if (s && s->dropped)
    oa_warn("race: %llu more pairs of racing code addresses were dropped (the runtime's table "
            "is full); fix the races shown and run again", (unsigned long long)s->dropped);
  if (s) {
    char b[32];
    oa_debug("race: %llu reports before merging by source line, peak shadow memory %sB",
             (unsigned long long)s->races, oa_si(s->peak_shadow, b, sizeof b));
  }
}

/* ---- the runs ------------------------------------------------------------------ */

static const char *first_line_of(oa_symbolizer *sym, uint64_t ra, char *buf, size_t len)
{
  char *s = ra ? source_of(sym, ra, 0, NULL) : NULL;
  snprintf(buf, len, "%s", s ? s : "?");
  free(s);
  return buf;
}

/* Why auto mode's run ruled fast mode out, for the note. */
static char *precise_reason(uint32_t why, uint64_t code, oa_symbolizer *sym)
{
  char where[PATH_MAX + 32];
  const char *at = code ? first_line_of(sym, code, where, sizeof where) : NULL;
  if (why & OA_RACE_WHY_MUTEX)
    return at ? oa_xasprintf("critical, lock or ordered at %s needs locksets", at)
              : oa_xstrdup("critical, lock or ordered needs locksets");
  if (why & OA_RACE_WHY_FLAG)
    return at ? oa_xasprintf("an atomic read at %s may wait for another thread's write, an "
                             "order only the precise detector follows", at)
              : oa_xstrdup("an atomic read may wait for another thread's write, an order only "
                           "the precise detector follows");
  if (why & OA_RACE_WHY_DOACROSS)
    return at ? oa_xasprintf("ordered depend(sink/source) at %s orders iterations, an order "
                             "only the precise detector follows", at)
              : oa_xstrdup("ordered depend(sink/source) orders iterations, an order only the "
                           "precise detector follows");
  if (why & OA_RACE_WHY_TASKWAIT)
    return at ? oa_xasprintf("a task at %s leaves children nobody waits for", at)
              : oa_xstrdup("a task leaves children nobody waits for");
  return oa_xstrdup("the fast detector was ruled out");
}

/* The team size: --threads, else the user's OMP_NUM_THREADS, else ours. */
static int team_size(const race_opts *o)
{
  const char *env = getenv("OMP_NUM_THREADS");
  if (o->threads)
    return o->threads;
  return env && *env ? 0 : RACE_THREADS;
}

/* The detection run's report. */
typedef struct detection {
  race_run rr;
  const race_opts *o;
  FILE *out;
  oa_page *page;             /* --html, or NULL */
  int auto_run;              /* auto mode's one run: fast until fast is ruled out */
  char *rerun;               /* ... ruled out: why (the precise run follows) */
  int ok;                    /* the report was printed */
} detection;

#define FAST_EXACT "no critical, lock, ordered, doacross or atomic read, and every task is waited for"

/* An auto run's verdict, before its report: 1 when the fast detector was
 * ruled out (d->rerun says why, nothing is printed, the precise run
 * follows); else the races found are the report, and a note says why
 * they are all there are. */
static int auto_verdict(detection *d)
{
  race_run *rr = &d->rr;
  const oa_file_header *h = &rr->r.header;
  rr->detector = "fast";
  if (rr->idle)
    return 0;
  if (h->race_ruled_out) {  /* written before the record, and there when it is not */
    d->rerun = precise_reason(h->race_ruled_out, h->race_ruled_out_code, rr->sym);
    return 1;
  }
  if (rr->check && rr->check->fast_ok)
    oa_note("race: fast detector (%s)", FAST_EXACT);
  else if (!rr->complete)  /* killed: what ran was checked exactly */
    oa_note("race: fast detector (the run ended before it could be ruled out: the races "
            "are those of the run so far)");
  else
    oa_note("race: fast detector (nothing ruled it out; the run's verdict was lost with its "
            "last records)");
  return 0;
}

static int report(void *ctx, const oa_launch *l)
{
  detection *d = ctx;
  race_run *rr = &d->rr;
  /* a run with no OpenMP construct had nothing in parallel: no race */
  rr->idle = l->handshake == OA_TOOL_IDLE;
  rr->complete = !WIFSIGNALED(l->status);
  d->ok = rr->idle || collect(rr, l->result_path) == 0;
  if (!d->ok)
    return OA_EXIT_FAIL;
  if (d->auto_run && auto_verdict(d)) {
    d->ok = 0;
    return 0;
  }
  if (strcmp(d->o->format, "json") == 0)
    print_json(d->out, rr);
  else
    print_text(d->out, rr);
  fflush(d->out);
  if (d->page)
    print_json(oa_page_doc(d->page, "race"), rr);
  report_notes(rr);
  if (rr->nraces && d->o->error_exitcode)
    return d->o->error_exitcode;
  return rr->r.header.shadow_stopped ? OA_EXIT_FAIL : 0;  /* not all of the run was checked */
}

static void report_end(void *ctx, const oa_launch *l, int fail)
{
  const detection *d = ctx;
  (void)fail;
  if (WIFSIGNALED(l->status) && d->ok && !d->rr.idle)
    oa_note("race: the report holds the races found before '%s' died", l->argv[0]);
}

/* The detection run and its report; returns ompadv's exit status.  det
 * "auto": fast detection that ends where fast mode is ruled out; then
 * *rerun (else NULL) says why, nothing was reported, and the return value
 * is only ompadv's: 128 + a signal it got meanwhile, else 0. */
static int detect(const race_opts *o, FILE *out, oa_page *page, char **argv, int threads,
                  const char *det, char **rerun)
{
  int auto_run = strcmp(det, "auto") == 0;
  oa_launch l = { .run = { .mode = OA_RUN_RACE, .race_detector = oa_race_detector_parse(det),
                           .race_grain = o->grain, .race_stacks = o->earlier_stacks },
                  .threads = threads, .argv = argv, .again = auto_run };
  detection d = { .rr = { .detector = det, .grain = o->grain,
                          .races_fail = o->error_exitcode != 0,
                          .earlier_stacks = o->earlier_stacks },
                  .o = o, .out = out, .page = page, .auto_run = auto_run };
  oa_run_ops ops = { .cmd = "race", .analyse = report, .done = report_end, .ctx = &d };
  int rc = oa_run(&l, &ops);
  race_run_free(&d.rr);
  if (rerun)
    *rerun = d.rerun;
  if (d.rerun)
    rc = oa_launch_signalled() ? 128 + oa_launch_signalled() : 0;
  return rc;
}

/* --mode auto: one run under the fast detector, unless fast mode is ruled
 * out on the way; then the precise run follows, on the same input (kept
 * when it is a pipe).  *reported: 0 when ompadv was stopped between the
 * two runs (nothing reported). */
static int run_auto(const race_opts *o, FILE *out, oa_page *page, char **argv, int threads,
                    int *reported)
{
  char *dir = oa_tmpdir_make(), *why = NULL;
  oa_launch_keep_input(dir, "or --mode fast|precise to run the program once");
  int rc = detect(o, out, page, argv, threads, "auto", &why);
  if (why && rc) {
    oa_note("race: stopped by signal %d before the precise run", rc - 128);
    *reported = 0;
  } else if (why) {
    oa_note("race: precise detector (%s): the program runs again from its start under it, so "
            "its output repeats", why);
    rc = detect(o, out, page, argv, threads, "precise", NULL);
  }
  free(why);
  oa_tmpdir_remove(dir);
  return rc;
}

static int run_race(const oa_command *self, int argc, char **argv)
{
  race_opts o = { .mode = "auto", .format = "text" };
  oa_common c = { 0 };
  int first = oa_parse_options(self, argc, argv, &c, on_option, &o);
  oa_need_program(self, first, argc);
  FILE *out = oa_open_output(&c);  /* before the runs: a bad path must not waste them */
  oa_page *page = NULL;
  if (c.html) {
    page = oa_page_open(c.html, "race");
    oa_page_argv(page, argv + first);
  }
  int threads = team_size(&o);
  oa_debug("race: %d threads", threads);
  const char *det = o.mode;
  int reported = 1, rc;
  if (strcmp(o.mode, "auto") == 0 && oa_mpi_rank(NULL) >= 0) {
    /* an MPI launcher starts each rank's program once: no second run */
    det = "precise";
    oa_note("race: precise detector (an MPI rank runs its program once; --mode fast if the "
            "program has no critical, lock or ordered)");
    rc = detect(&o, out, page, argv + first, threads, det, NULL);
  } else if (strcmp(o.mode, "auto") == 0) {
    rc = run_auto(&o, out, page, argv + first, threads, &reported);
  } else {
    rc = detect(&o, out, page, argv + first, threads, det, NULL);
  }
  if (reported)
    rc = oa_page_end(page, rc);
  else if (page)
    oa_page_discard(page);
  return oa_close_output(out, rc);
}

static const oa_option race_options[] = {
  { "mode", 0, "M", R_MODE, "detector: auto|fast|precise (auto: fast, and a second run under precise only if fast cannot follow the program) [auto]" },
  { "grain", 0, "N", R_GRAIN, "bytes of memory per shadow cell: 4 (split in bytes on demand) or 1 [4]" },
  { "error-exitcode", 0, "N", R_ERROR_EXITCODE,
    "exit with N (1-255) when a race is found [the target's status]" },
  { "threads", 0, "N", R_THREADS, "run the target with N OpenMP threads [4, or OMP_NUM_THREADS]" },
  { "format", 0, "F", R_FORMAT, "report format: text|json [text]" },
  { "earlier-stacks", 0, NULL, R_EARLIER_STACKS,
    "keep each access's calling context, to show the earlier access's call stack too (slower)" },
  { NULL, 0, NULL, 0, NULL },
};

const oa_command oa_cmd_race = {
  "race", run_race, "find the data races the program can have in any schedule for its input",
  "[--mode auto|fast|precise] [--grain 4|1] [--error-exitcode N] [--earlier-stacks] [OPTIONS] [--] PROG [ARGS]",
  OPT_OUTPUT | OPT_HTML | OPT_QUIET | OPT_VERBOSE, race_options,
  NULL,
  NULL,
  NULL,
};
