/* `ompadv race`: run a TSan-instrumented program on ompadv's race runtime,
 * which checks every access against the OSPG (dissertation ch. 4), and print
 * the races it found, in any schedule for this input, TSan-style or as JSON. */
#include "config.h"
#include "ompadv.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "contract.h"
#include "launch.h"
#include "recording.h"
#include "render.h"
#include "result.h"
#include "schedule.h"
#include "symbolize.h"
#include "html.h"
#include "json.h"
#include "outfile.h"
#include "util.h"

/* Race mode runs more threads than a small machine has cores: more, smaller
 * static chunks put more conflicting iterations into different fragments
 * (OMPT reports one chunk per thread for a static loop, so iterations inside
 * one thread's chunk look serial to the detector). */
#define RACE_THREADS 4

/* The exit status when a race is found, as TSan's and Archer's (exitcode=66). */
#define RACE_EXITCODE 66

enum { R_MODE = 1, R_GRAIN, R_ERROR_EXITCODE, R_THREADS, R_FORMAT, R_EARLIER_STACKS,
       R_BASELINE, R_SUPPRESSIONS, R_MAX_THREADS };

typedef struct race_opts {
  const char *mode;          /* auto|fast|precise */
  int grain;                 /* 0: the runtime's default (4) */
  int error_exitcode;        /* 0: the target's own status */
  int threads;               /* 0: not given */
  const char *format;
  int earlier_stacks;        /* each access's calling context kept: both stacks shown */
  int max_threads;           /* 0: not given (OA_RACE_MAX_THREADS) */
  const char *baseline;      /* --baseline FILE, or NULL */
  const char *suppressions;  /* --suppressions FILE (or TSAN_OPTIONS'), or NULL */
  const char *supp_from;     /* where that came from: --suppressions or TSAN_OPTIONS */
  struct race_known *known;  /* the baseline's races */
  struct race_supps *supps;  /* the suppressions */
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
    o->error_exitcode = (int)parse_num("--error-exitcode", arg, 0, 255,
                                       "a number from 0 (off) to 255");
    break;
  case R_THREADS:
    o->threads = (int)parse_num("--threads", arg, 1, 100000, "a positive number");
    break;
  case R_EARLIER_STACKS:
    o->earlier_stacks = 1;
    break;
  case R_MAX_THREADS:
    o->max_threads = (int)parse_num("--max-threads", arg, 1, 1 << 20, "a positive number");
    break;
  case R_FORMAT:
    if (strcmp(arg, "text") && strcmp(arg, "json") && strcmp(arg, "sarif"))
      bad_value("--format", arg, "text, json or sarif");
    o->format = arg;
    break;
  case R_BASELINE:
    o->baseline = arg;
    break;
  case R_SUPPRESSIONS:
    o->suppressions = arg;
    o->supp_from = "--suppressions";
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
  const char *file;          /* its source file, or NULL (the symbolizer's strings) */
  int line, col;             /* 0: unknown */
  const char *module;        /* the object holding the code, or NULL */
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
  int teams;                 /* two iterations of a static loop that other team sizes
                              * split apart (OA_RACE_TEAMS): ... */
  struct oa_race_iters iters;/* ... the loop and the iterations */
  size_t reports;            /* runtime reports merged into this one */
  race_access first, second;      /* the earlier and the later access */
  const char *key[2];        /* the two locations, sorted: the merge key */
  int known;                 /* in the --baseline: reported, not counted */
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
  int earlier_stacks;        /* --earlier-stacks given */
  uint32_t max_threads;      /* --max-threads */
  /* ITERS records awaiting their REPORT, by thread */
  struct oa_race_iters iters[OA_MAX_THREADS_SEEN];
  /* STACK records awaiting their REPORT: the later access's callers [0] and
   * the earlier one's [1] */
  uint64_t *pending[OA_MAX_THREADS_SEEN][2];
  size_t npending[OA_MAX_THREADS_SEEN][2];
  int complete;              /* idle: the program was not killed */
  size_t cap;                /* races' room */
  size_t nknown;             /* races in the baseline (flagged known) */
  size_t nsuppressed;        /* races the suppressions removed */
  const struct race_known *baseline;  /* --baseline, or NULL */
  const char *supp_file;     /* the suppressions' file, or NULL */
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
  oa_srcloc loc;
  a->code = code;
  a->construct = construct;
  a->kind = kind;
  a->location = source_of(rr->sym, code, 1, &a->function);
  if (oa_sym_lookup(rr->sym, code, &loc)) {
    a->module = loc.module;
    if (a->location) {
      a->file = loc.file;
      a->line = loc.line;
      a->col = loc.col;
    }
  }
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
  x->teams = (e->sub & OA_RACE_TEAMS) != 0;
  if (x->teams)
    x->iters = rr->iters[e->thread % OA_MAX_THREADS_SEEN];
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
      if (kept->teams && !x->teams) {
        /* it races at this run's team size too: x's two accesses (their
         * threads, in x's order) say so, not the one thread's iterations
         * (which gave a race of T0 with T0) */
        race was = *kept;
        *kept = *x;
        kept->seq = was.seq;
        kept->reports += was.reports;
        kept->concurrent |= was.concurrent;
        free_access(&was.first);
        free_access(&was.second);
        continue;
      }
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

static int on_iters(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  race_run *rr = ctx;
  rr->iters[x->race_iters.thread % OA_MAX_THREADS_SEEN] = x->race_iters;
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
                                          [OA_RACE_ITERS] = on_iters,
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

/* ---- baselines and suppressions (CI) ---------------------------------------- */

/* A file's text, or NULL with errno set: a directory (EISDIR) or more
 * than 64 MB (EFBIG, /dev/zero) refused; a pipe (<(...)) read. */
static char *read_text(const char *path)
{
  FILE *f = fopen(path, "re");
  struct stat st;
  char *text = NULL;
  size_t len = 0;
  if (!f)
    return NULL;
  int e = 0;
  if (fstat(fileno(f), &st) != 0)
    e = errno;
  else if (S_ISDIR(st.st_mode))
    e = EISDIR;
  if (e) {
    fclose(f);
    errno = e;
    return NULL;
  }
  FILE *m = open_memstream(&text, &len);
  char buf[65536];
  size_t k, total = 0;
  while (m && total <= (64u << 20) && (k = fread(buf, 1, sizeof buf, f)) > 0) {
    fwrite(buf, 1, k, m);
    total += k;
  }
  e = ferror(f) ? errno : total > (64u << 20) ? EFBIG : 0;
  fclose(f);
  if (!m || fclose(m) != 0 || e) {
    free(text);
    errno = e ? e : ENOMEM;
    return NULL;
  }
  return text;
}

/* The baseline's races, each by its two sites: "file:line:col" (or the
 * stable name of code without line information) and the function. */
typedef struct race_site { char *location, *function; } race_site;
typedef struct race_known {
  const char *path;
  race_site (*pairs)[2];
  int *found;                /* each pair: found again in this run */
  size_t n;
} race_known;

/* "file:line:col" split at its ":line:col" tail: the tail, or NULL. */
static const char *site_tail(const char *loc)
{
  const char *c = strrchr(loc, ':');
  if (!c || c == loc)
    return NULL;
  const char *l = c - 1;
  while (l > loc && *l != ':')
    l--;
  if (*l != ':' || l == c - 1 || !c[1])
    return NULL;
  for (const char *p = l + 1; *p; p++)
    if (p != c && (*p < '0' || *p > '9'))
      return NULL;
  return l;
}

/* The last two components of the path that ends at end: where two checkouts
 * of one program (a developer's and a CI runner's) agree. */
static const char *path_end(const char *path, const char *end)
{
  int slashes = 0;
  for (const char *p = end; p > path; p--)
    if (p[-1] == '/' && ++slashes == 2)
      return p;
  return path;
}

/* One site, as a race's identity sees it: the same function, line and
 * column, in a file of the same name in a directory of the same name. */
static int same_site(const char *loc, const char *fn, const race_site *s)
{
  if ((fn == NULL) != (s->function == NULL) || (fn && strcmp(fn, s->function)))
    return 0;
  if (strcmp(loc, s->location) == 0)
    return 1;
  const char *ta = site_tail(loc), *tb = site_tail(s->location);
  if (!ta || !tb || strcmp(ta, tb))
    return 0;
  const char *pa = path_end(loc, ta), *pb = path_end(s->location, tb);
  return ta - pa == tb - pb && strncmp(pa, pb, (size_t)(ta - pa)) == 0;
}

static _Noreturn void bad_baseline(const char *path, const char *why)
{
  oa_die(OA_EXIT_USAGE, "race: --baseline %s is not a race report of ompadv (%s); give the "
         "file 'ompadv race --format json --output FILE' wrote", path, why);
}

static const char *site_string(const oa_json *a, const char *key)
{
  const oa_json *v = oa_json_get(a, key);
  return v && v->type == OA_JSTR ? v->text : NULL;
}

/* Read --baseline before the run: a file that is not a race JSON ends
 * ompadv (exit 2) before the program runs. */
static race_known *load_baseline(const char *path)
{
  char err[256];
  char *text = read_text(path);
  if (!text)
    oa_die(OA_EXIT_USAGE, "race: cannot read --baseline %s: %s", path, strerror(errno));
  oa_json *j = oa_json_parse(text, err, sizeof err);
  free(text);
  if (!j)
    bad_baseline(path, err);
  const char *mode = oa_json_str(j, "mode");
  const oa_json *races = oa_json_get(j, "races");
  if (j->type != OA_JOBJ || !oa_json_get(j, "ompadv"))
    bad_baseline(path, "no \"ompadv\" member");
  if (!mode || strcmp(mode, "race"))
    bad_baseline(path, mode ? "its mode is not race" : "no \"mode\"");
  if (!races || races->type != OA_JARR)
    bad_baseline(path, "no \"races\" array");
  race_known *k = oa_xcalloc(1, sizeof *k);
  k->path = path;
  k->n = races->n;
  k->pairs = oa_xcalloc(k->n ? k->n : 1, sizeof *k->pairs);
  k->found = oa_xcalloc(k->n ? k->n : 1, sizeof *k->found);
  for (size_t i = 0; i < races->n; i++)
    for (int s = 0; s < 2; s++) {
      const oa_json *a = oa_json_get(oa_json_at(races, i), s ? "second" : "first");
      const char *loc = site_string(a, "location"), *fn = site_string(a, "function");
      if (!loc) {
        char why[96];
        snprintf(why, sizeof why, "race %zu has no %s.location", i + 1, s ? "second" : "first");
        bad_baseline(path, why);
      }
      k->pairs[i][s].location = oa_xstrdup(loc);
      k->pairs[i][s].function = fn ? oa_xstrdup(fn) : NULL;
    }
  oa_json_free(j);
  return k;
}

/* How many of the baseline's races this run found again. */
static size_t known_found(const race_known *k)
{
  size_t n = 0;
  for (size_t i = 0; i < k->n; i++)
    n += k->found[i] != 0;
  return n;
}

static void known_free(race_known *k)
{
  for (size_t i = 0; k && i < k->n; i++)
    for (int s = 0; s < 2; s++) {
      free(k->pairs[i][s].location);
      free(k->pairs[i][s].function);
    }
  if (k) {
    free(k->pairs);
    free(k->found);
  }
  free(k);
}

/* Is x one of the baseline's races (its two sites, in either order)? */
static int in_baseline(race_known *k, const race *x)
{
  const race_access *a = &x->first, *b = &x->second;
  int hit = 0;
  for (size_t i = 0; i < k->n; i++) {
    const race_site *p = k->pairs[i];
    if ((same_site(a->location, a->function, &p[0]) && same_site(b->location, b->function, &p[1]))
        || (same_site(a->location, a->function, &p[1])
            && same_site(b->location, b->function, &p[0])))
      hit = k->found[i] = 1;
  }
  return hit;
}

/* TSan's suppressions: "TYPE:PATTERN" lines, '#' comments.  race: matches
 * a function, source file or module in either access's stack, race_top:
 * the accesses' own frames; src: a source file and fun: a function (the
 * sanitizers' ignore lists) in either stack.  The other TSan types
 * (thread, mutex, signal, deadlock, called_from_lib) concern what race
 * mode does not report: accepted and left alone. */
enum { SUPP_RACE, SUPP_RACE_TOP, SUPP_SRC, SUPP_FUN };
typedef struct race_supps {
  const char *path;
  struct { int type; char *pattern; } *s;
  size_t n;
} race_supps;

/* TSan's template match: '*' any characters; '^' at the start and '$' at
 * the end anchor the pattern, which otherwise matches anywhere.  Here: p
 * matches at the start of s. */
static int star_match(const char *p, const char *s)
{
  for (; *p && *p != '*'; p++, s++) {
    if (*p == '$' && !p[1])
      return !*s;
    if (*s != *p)
      return 0;
  }
  if (!*p)
    return 1;
  while (*p == '*')
    p++;
  for (;; s++) {
    if (star_match(p, s))
      return 1;
    if (!*s)
      return 0;
  }
}

static int template_match(const char *pattern, const char *s)
{
  if (!s || !*s)
    return 0;
  if (*pattern == '^')
    return star_match(pattern + 1, s);
  for (; *s; s++)
    if (star_match(pattern, s))
      return 1;
  return 0;
}

static race_supps *load_suppressions(const char *path, const char *from)
{
  static const char *const types[] = { "race", "race_top", "src", "fun" };
  static const char *const other[] = { "thread", "mutex", "signal", "deadlock",
                                       "called_from_lib" };
  char *text = read_text(path);
  if (!text)
    oa_die(OA_EXIT_USAGE, "race: cannot read the suppressions file %s (%s): %s", path,
           from, strerror(errno));
  race_supps *r = oa_xcalloc(1, sizeof *r);
  r->path = path;
  size_t lineno = 0;
  for (char *line = text, *next; line; line = next) {
    next = strchr(line, '\n');
    if (next)
      *next++ = 0;
    lineno++;
    while (*line == ' ' || *line == '\t')
      line++;
    size_t len = strlen(line);
    while (len && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
      line[--len] = 0;
    if (!*line || *line == '#')
      continue;
    char *colon = strchr(line, ':');
    int type = -1, ignored = 0;
    if (colon) {
      *colon = 0;
      for (int t = 0; t < 4; t++)
        if (strcmp(line, types[t]) == 0)
          type = t;
      for (int t = 0; t < 5; t++)
        ignored |= strcmp(line, other[t]) == 0;
    }
    if (!colon || (type < 0 && !ignored) || !colon[1])
      oa_die(OA_EXIT_USAGE, "race: suppressions file %s, line %zu: '%s%s%s' is not TYPE:PATTERN "
             "(TSan's format, e.g. race:FUNCTION or src:FILE)", path, lineno, line,
             colon ? ":" : "", colon ? colon + 1 : "");
    if (ignored)
      continue;
    r->s = oa_xrealloc(r->s, (r->n + 1) * sizeof *r->s);
    r->s[r->n].type = type;
    r->s[r->n++].pattern = oa_xstrdup(colon + 1);
  }
  free(text);
  return r;
}

static void supps_free(race_supps *r)
{
  for (size_t i = 0; r && i < r->n; i++)
    free(r->s[i].pattern);
  if (r)
    free(r->s);
  free(r);
}

/* Does suppression i match the frame at code address ra? */
static int supp_frame(const race_supps *r, size_t i, oa_symbolizer *sym, uint64_t ra)
{
  oa_srcloc loc;
  if (!oa_sym_lookup(sym, ra, &loc))
    return 0;
  const char *p = r->s[i].pattern;
  switch (r->s[i].type) {
  case SUPP_SRC:
    return template_match(p, loc.file);
  case SUPP_FUN:
    return template_match(p, loc.func);
  default:
    return template_match(p, loc.func) || template_match(p, loc.file)
           || template_match(p, loc.module);
  }
}

static int suppressed(const race_supps *r, const race *x, oa_symbolizer *sym)
{
  const char *var;
  uint64_t off;
  int global = oa_sym_data(sym, x->address, &var, &off);
  for (size_t i = 0; i < r->n; i++) {
    if (r->s[i].type == SUPP_RACE && global && template_match(r->s[i].pattern, var))
      return 1;  /* TSan's race: names a global variable too */
    for (int k = 0; k < 2; k++) {
      const race_access *a = k ? &x->second : &x->first;
      if (supp_frame(r, i, sym, a->code))
        return 1;
      for (size_t c = 0; r->s[i].type != SUPP_RACE_TOP && c < a->ncallers; c++)
        if (supp_frame(r, i, sym, a->callers[c]))
          return 1;
    }
  }
  return 0;
}

/* The suppressions file of TSAN_OPTIONS=suppressions=FILE (options apart by
 * spaces, commas or colons; a value may be quoted), or NULL. */
static char *tsan_suppressions(void)
{
  const char *env = getenv("TSAN_OPTIONS");
  for (const char *p = env; p && *p;) {
    while (*p && strchr(" \t\n\r,:", *p))
      p++;
    const char *name = p;
    while (*p && *p != '=' && !strchr(" \t\n\r,:", *p))
      p++;
    size_t nlen = (size_t)(p - name);
    if (*p != '=')
      continue;
    p++;
    const char *v = p;
    char q = (*p == '"' || *p == '\'') ? *p : 0;
    if (q)
      v = ++p;
    while (*p && (q ? *p != q : !strchr(" \t\n\r,:", *p)))
      p++;
    size_t vlen = (size_t)(p - v);
    if (q && *p)
      p++;
    if (nlen == 12 && strncmp(name, "suppressions", 12) == 0 && vlen) {
      char *s = oa_xmalloc(vlen + 1);
      memcpy(s, v, vlen);
      s[vlen] = 0;
      return s;
    }
  }
  return NULL;
}

/* The baseline and suppressions applied to the merged races: suppressed
 * ones dropped (counted), those of the baseline flagged known. */
static void sift(race_run *rr, race_known *known, const race_supps *supps)
{
  size_t n = 0;
  rr->baseline = known;
  rr->supp_file = supps ? supps->path : NULL;
  for (size_t i = 0; i < rr->nraces; i++) {
    race *x = &rr->races[i];
    if (supps && suppressed(supps, x, rr->sym)) {
      rr->nsuppressed++;
      free_access(&x->first);
      free_access(&x->second);
      continue;
    }
    x->known = known && in_baseline(known, x);
    rr->nknown += x->known;
    rr->races[n++] = *x;
  }
  rr->nraces = n;
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

/* The team sizes up to max at which a static loop runs the race's two
 * iterations on two threads, as ranges (how many; only the first cap). */
#define TEAM_RANGES 8
static size_t team_ranges(const race *x, uint32_t max, uint32_t (*r)[2])
{
  const struct oa_race_iters *it = &x->iters;
  return oa_static_apart((unsigned)it->kind & ~OA_RACE_ITERS_SECTIONS, it->trips, it->chunk, it->earlier_iter,
                         it->later_iter, max, r, TEAM_RANGES);
}

/* "3 or more", "3-5, 7 or 9", "6, 59 or more": the team sizes of
 * team_ranges (a last range that reaches max goes on: at least one thread
 * per iteration splits any two). */
static void print_team_sizes(FILE *f, const race *x, uint32_t max)
{
  uint32_t r[TEAM_RANGES][2];
  size_t n = team_ranges(x, max, r), shown = n < TEAM_RANGES ? n : TEAM_RANGES;
  for (size_t i = 0; i < shown; i++) {
    fputs(!i ? "" : i + 1 == shown && n <= TEAM_RANGES && r[i][1] != max ? " or " : ", ", f);
    if (r[i][1] == max)
      fprintf(f, "%u or more", r[i][0]);
    else if (r[i][0] == r[i][1])
      fprintf(f, "%u", r[i][0]);
    else
      fprintf(f, "%u-%u", r[i][0], r[i][1]);
  }
  if (n > TEAM_RANGES)
    fputs(", ...", f);
}

/* What kind of race x is, as the text and SARIF reports say it: "concurrent
 * in this run", "with 3 or more threads: iterations ...". */
static char *kind_text(const race *x, uint32_t max)
{
  if (!x->teams)
    return oa_xstrdup(x->simd ? "two lanes of one simd loop: iterations that may run at once"
                      : x->concurrent ? "concurrent in this run"
                                      : "logically parallel; not concurrent in this run");
  char *text = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&text, &len);
  if (!f)
    oa_die(OA_EXIT_FAIL, "race: out of memory");
  fputs("with ", f);
  print_team_sizes(f, x, max);
  int sections = (x->iters.kind & OA_RACE_ITERS_SECTIONS) != 0;
  fprintf(f, " threads: %s %llu and %llu of a %s, which this run's team of %llu ran on one "
             "thread", sections ? "sections" : "iterations",
          (unsigned long long)x->iters.earlier_iter, (unsigned long long)x->iters.later_iter,
          sections ? "sections construct" : "static loop", (unsigned long long)x->iters.team);
  fclose(f);
  return text;
}

static void print_text_race(FILE *f, const race *x, oa_symbolizer *sym, uint32_t max)
{
  const char *var;
  uint64_t off;
  char *kind = kind_text(x, max);
  fprintf(f, "==================\nWARNING: ompadv: data race (%s)\n", kind);
  free(kind);
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

/* A known race (in the baseline): one line. */
static void print_known_race(FILE *f, const race *x)
{
  fprintf(f, "ompadv: race: known (in the baseline): %s at %s and %s at %s\n",
          x->first.write ? "write" : "read", x->first.location,
          x->second.write ? "write" : "read", x->second.location);
}

static void print_summary_line(FILE *f, const race_run *rr)
{
  char b[32];
  size_t counted = rr->nraces - rr->nknown;
  if (rr->idle) {
    fprintf(f, "ompadv: race: no races found (no OpenMP construct ran: nothing was checked)\n");
    return;
  }
  fprintf(f, "ompadv: race: ");
  if (counted)
    fprintf(f, "%zu %srace%s", counted, rr->baseline ? "new " : "", counted == 1 ? "" : "s");
  else
    fprintf(f, "%s", rr->baseline ? "no new races" : "no races found");
  /* 4-byte cells split in bytes on demand: byte-exact either way */
  fprintf(f, " (%s detector, %s", summary_detector(rr),
          summary_grain(rr) == 1 ? "1-byte cells" : "byte-exact");
  if (rr->summary)
    fprintf(f, ", %s accesses checked", oa_si(rr->summary->checked, b, sizeof b));
  else if (rr->complete && rr->r.header.events_lost)
    fprintf(f, "; its last records were lost, see below");
  else
    fprintf(f, "; the run ended early: only what it reached was checked");
  fprintf(f, ")\n");
  if (rr->baseline)
    fprintf(f, "ompadv: race: %zu race%s of the baseline %s (which holds %zu) found again: "
               "known, not counted\n", known_found(rr->baseline),
            known_found(rr->baseline) == 1 ? "" : "s", rr->baseline->path, rr->baseline->n);
  if (rr->supp_file)
    fprintf(f, "ompadv: race: %zu race%s suppressed (%s)\n", rr->nsuppressed,
            rr->nsuppressed == 1 ? "" : "s", rr->supp_file);
  if (rr->nraces && !rr->earlier_stacks)
    fprintf(f, "ompadv: race: run with --earlier-stacks to see the earlier accesses' "
               "call stacks too\n");
}

static void print_text(FILE *f, race_run *rr)
{
  for (size_t i = 0; i < rr->nraces; i++)
    if (!rr->races[i].known)
      print_text_race(f, &rr->races[i], rr->sym, rr->max_threads);
  for (size_t i = 0; i < rr->nraces; i++)
    if (rr->races[i].known)
      print_known_race(f, &rr->races[i]);
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
    fprintf(f, ", \"concurrent\": %s, \"simd\": %s, \"team_sizes\": ",
            x->concurrent ? "true" : "false", x->simd ? "true" : "false");
    if (x->teams) {
      uint32_t r[TEAM_RANGES][2];
      size_t n = team_ranges(x, rr->max_threads, r);
      fputc('[', f);
      for (size_t k = 0; k < n && k < TEAM_RANGES; k++)
        fprintf(f, "%s[%u, %u]", k ? ", " : "", r[k][0], r[k][1]);
      fprintf(f, "], \"iterations\": [%llu, %llu], \"trips\": %llu",
              (unsigned long long)x->iters.earlier_iter, (unsigned long long)x->iters.later_iter,
              (unsigned long long)x->iters.trips);
    } else
      fputs("null", f);
    fprintf(f, ", \"reports\": %zu, \"known\": %s,\n     \"first\": ", x->reports,
            x->known ? "true" : "false");
    print_json_access(f, x, &x->first, 0, rr->sym);
    fputs(",\n     \"second\": ", f);
    print_json_access(f, x, &x->second, 1, rr->sym);
    fputc('}', f);
  }
  fprintf(f, "%s],\n  \"summary\": {\"races\": %zu, \"new\": %zu, \"known\": %zu, "
             "\"suppressed\": %zu, \"complete\": %s", rr->nraces ? "\n  " : "", rr->nraces,
          rr->nraces - rr->nknown, rr->nknown, rr->nsuppressed,
          s || (rr->idle && rr->complete) ? "true" : "false");
  if (rr->baseline) {
    fputs(", \"baseline\": {\"file\": ", f);
    oa_json_string(f, rr->baseline->path);
    fprintf(f, ", \"races\": %zu, \"found\": %zu}", rr->baseline->n, known_found(rr->baseline));
  }
  if (s)
    fprintf(f, ", \"accesses\": %llu, \"reports\": %llu, \"dropped\": %llu, "
               "\"shadow_bytes\": %llu", (unsigned long long)s->checked,
            (unsigned long long)s->races, (unsigned long long)s->dropped,
            (unsigned long long)s->peak_shadow);
  else if (rr->idle && rr->complete)
    fprintf(f, ", \"accesses\": 0, \"reports\": 0, \"dropped\": 0, \"shadow_bytes\": 0");
  fprintf(f, ", \"openmp_ran\": %s}}\n", rr->idle ? "false" : "true");
}

/* ---- SARIF 2.1.0 (code scanning: GitHub, GitLab) ------------------------------ */

/* The source root the URIs are relative to: the git work tree holding the
 * current directory (where a CI job checks the program out), else the
 * current directory; with a trailing '/'.  NULL: no current directory. */
static char *source_root(void)
{
  char cwd[PATH_MAX];
  struct stat st;
  if (!getcwd(cwd, sizeof cwd))
    return NULL;
  for (size_t n = strlen(cwd); n > 0;) {
    char *git = oa_xasprintf("%.*s/.git", (int)n, cwd);
    int found = stat(git, &st) == 0;
    free(git);
    if (found)
      return oa_xasprintf("%.*s/", (int)n, cwd);
    while (n > 0 && cwd[n - 1] != '/')
      n--;
    if (n > 0)
      n--;  /* the parent, without its '/' */
  }
  return oa_xasprintf("%s%s", cwd, strcmp(cwd, "/") ? "/" : "");
}

/* A path as a URI reference: characters outside RFC 3986's unreserved set
 * and '/' percent-encoded. */
static void sarif_uri_path(FILE *f, const char *path)
{
  for (const unsigned char *p = (const unsigned char *)path; *p; p++)
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')
        || strchr("/-._~", *p))
      fputc(*p, f);
    else
      fprintf(f, "%%%02X", *p);
}

/* {"physicalLocation": ...} of file:line[:col] (no "}" written: the caller
 * may add a message). */
static void sarif_location(FILE *f, const char *root, const char *file, int line, int col)
{
  char cwd[PATH_MAX];
  char *abs = file[0] == '/' || !getcwd(cwd, sizeof cwd) ? oa_path_clean(file)
                                                          : oa_xasprintf("%s/%s", cwd, file);
  char *clean = oa_path_clean(abs);
  size_t n = root ? strlen(root) : 0;
  fputs("{\"physicalLocation\": {\"artifactLocation\": {\"uri\": \"", f);
  if (root && strncmp(clean, root, n) == 0) {
    sarif_uri_path(f, clean + n);
    fputs("\", \"uriBaseId\": \"SRCROOT\"}", f);
  } else {
    fputs("file://", f);
    sarif_uri_path(f, clean);
    fputs("\"}", f);
  }
  fprintf(f, ", \"region\": {\"startLine\": %d", line);
  if (col > 0)
    fprintf(f, ", \"startColumn\": %d", col);
  fputs("}}", f);
  free(abs);
  free(clean);
}

static void sarif_message(FILE *f, const char *text)
{
  fputs("\"message\": {\"text\": ", f);
  oa_json_string(f, text);
  fputc('}', f);
}

/* One frame of a code flow: its source place (if known) and function. */
static void sarif_frame(FILE *f, const char *root, const char *file, int line, int col,
                        const char *func, const char *stable, int level)
{
  fputs("{\"location\": ", f);
  if (file && line > 0) {
    sarif_location(f, root, file, line, col);
    fputs(", ", f);
  } else {
    fputc('{', f);
  }
  sarif_message(f, func ? func : stable);
  fprintf(f, "}, \"nestingLevel\": %d}", level);
}

/* An access's thread flow: its callers, outermost first, then the access. */
static void sarif_thread_flow(FILE *f, const char *root, const race *x, const race_access *a,
                              int later, oa_symbolizer *sym)
{
  char *what = oa_xasprintf("%s %s by thread T%u in %s%s%s", later ? "the later" : "the earlier",
                            a->write ? "write" : "read", a->thread, construct_text(x, a),
                            a->construct_location ? " at " : "",
                            a->construct_location ? a->construct_location : "");
  fputs("{", f);
  sarif_message(f, what);
  fputs(", \"locations\": [", f);
  int level = 0;
  for (size_t i = a->ncallers; i-- > 0;) {
    oa_srcloc loc;
    if (runtime_frame(sym, a->callers[i]))
      continue;
    int known = oa_sym_lookup(sym, a->callers[i], &loc);
    char *stable = stable_of(sym, a->callers[i]);
    fputs(level ? ", " : "", f);
    sarif_frame(f, root, known ? loc.file : NULL, known ? loc.line : 0, known ? loc.col : 0,
                known ? loc.func : NULL, stable, level);
    level++;
    free(stable);
  }
  fputs(level ? ", " : "", f);
  sarif_frame(f, root, a->file, a->line, a->col, a->function, a->location, level);
  fputs("]}", f);
  free(what);
}

/* What memory the race is on, for the message. */
static char *sarif_memory(const race *x, oa_symbolizer *sym)
{
  const char *var;
  uint64_t off;
  unsigned owner = x->memory & (OA_RACE_MEM_THREAD - 1);
  if (oa_sym_data(sym, x->address, &var, &off))
    return off ? oa_xasprintf("global '%s' + %llu", var, (unsigned long long)off)
               : oa_xasprintf("global '%s'", var);
  if (owner)
    return oa_xasprintf("%s of thread T%u", x->memory & OA_RACE_MEM_TLS
                                                ? "the thread-local storage" : "the stack",
                        owner - 1);
  return oa_xstrdup("heap or mapped memory");
}

/* A race's identity for code scanning's alert tracking, the same from any
 * checkout: both sites by their file's last two path components, line,
 * column and function, in a stable order. */
static void sarif_fingerprint(FILE *f, const race *x)
{
  char *side[2];
  for (int k = 0; k < 2; k++) {
    const race_access *a = k ? &x->second : &x->first;
    const char *t = site_tail(a->location);
    side[k] = oa_xasprintf("%s|%s", t ? path_end(a->location, t) : a->location,
                           a->function ? a->function : "");
  }
  int swap = strcmp(side[0], side[1]) > 0;
  char *id = oa_xasprintf("%s;%s", side[swap], side[!swap]);
  oa_json_string(f, id);
  free(id);
  free(side[0]);
  free(side[1]);
}

static void sarif_result(FILE *f, const char *root, const race_run *rr, const race *x)
{
  char *mem = sarif_memory(x, rr->sym), *kind = kind_text(x, rr->max_threads);
  char *text = oa_xasprintf(
      "Data race on %s: %s at %s by thread T%u and %s at %s by thread T%u (%s)", mem,
      x->second.write ? "write" : "read", x->second.location, x->second.thread,
      x->first.write ? "write" : "read", x->first.location, x->first.thread, kind);
  free(kind);
  fputs("\n    {\"ruleId\": \"data-race\", \"ruleIndex\": 0, \"level\": \"error\", ", f);
  sarif_message(f, text);
  fputs(",\n     \"locations\": [", f);
  for (int later = 1; later >= 0; later--) {
    const race_access *a = later ? &x->second : &x->first;
    char *m = oa_xasprintf("%s %s by thread T%u", later ? "the later" : "the earlier",
                           a->write ? "write" : "read", a->thread);
    fputs(later ? "" : ", ", f);
    if (a->file && a->line > 0) {
      sarif_location(f, root, a->file, a->line, a->col);
      fputs(", ", f);
    } else {
      fputc('{', f);
    }
    sarif_message(f, m);
    fputc('}', f);
    free(m);
  }
  fputs("],\n     \"codeFlows\": [{\"threadFlows\": [", f);
  sarif_thread_flow(f, root, x, &x->second, 1, rr->sym);
  fputs(", ", f);
  sarif_thread_flow(f, root, x, &x->first, 0, rr->sym);
  fputs("]}],\n     \"partialFingerprints\": {\"ompadvRace/v1\": ", f);
  sarif_fingerprint(f, x);
  fputc('}', f);
  if (rr->baseline)
    fprintf(f, ", \"baselineState\": \"%s\"", x->known ? "unchanged" : "new");
  fputc('}', f);
  free(mem);
  free(text);
}

static void print_sarif(FILE *f, race_run *rr)
{
  char *root = source_root();
  fputs("{\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\", \"version\": \"2.1.0\",\n"
        " \"runs\": [{\"tool\": {\"driver\": {\"name\": \"ompadv\", \"version\": \"" PACKAGE_VERSION
        "\", ", f);
  if (*PACKAGE_URL)
    fputs("\"informationUri\": \"" PACKAGE_URL "\", ", f);
  fputs("\"rules\": [\n    {\"id\": \"data-race\", \"name\": \"DataRace\", "
        "\"shortDescription\": {\"text\": \"Data race\"}, "
        "\"fullDescription\": {\"text\": \"Two accesses to the same memory, at least one a "
        "write, that the OpenMP program leaves unordered: some schedule for this input runs "
        "them at once (ompadv race).\"}, "
        "\"defaultConfiguration\": {\"level\": \"error\"}, "
        "\"properties\": {\"tags\": [\"concurrency\", \"openmp\"], \"precision\": \"high\"}}]}},\n",
        f);
  if (root) {
    fputs("  \"originalUriBaseIds\": {\"SRCROOT\": {\"uri\": \"file://", f);
    sarif_uri_path(f, root);
    fputs("\"}},\n", f);
  }
  fprintf(f, "  \"properties\": {\"detector\": \"%s\", \"new\": %zu, \"known\": %zu, "
             "\"suppressed\": %zu},\n  \"results\": [",
          summary_detector(rr), rr->nraces - rr->nknown, rr->nknown, rr->nsuppressed);
  for (size_t i = 0; i < rr->nraces; i++) {
    fputs(i ? "," : "", f);
    sarif_result(f, root, rr, &rr->races[i]);
  }
  fputs(rr->nraces ? "\n  ]}]}\n" : "]}]}\n", f);
  free(root);
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
  sift(rr, d->o->known, d->o->supps);
  if (strcmp(d->o->format, "json") == 0)
    print_json(d->out, rr);
  else if (strcmp(d->o->format, "sarif") == 0)
    print_sarif(d->out, rr);
  else
    print_text(d->out, rr);
  fflush(d->out);
  if (d->page)
    print_json(oa_page_doc(d->page, "race"), rr);
  report_notes(rr);
  if (rr->nraces > rr->nknown && d->o->error_exitcode)
    return d->o->error_exitcode;  /* only new races fail the run */
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
                           .race_grain = o->grain, .race_stacks = o->earlier_stacks,
                           .race_max_threads = (uint32_t)o->max_threads },
                  .threads = threads, .argv = argv, .again = auto_run };
  detection d = { .rr = { .detector = det, .grain = o->grain,
                          .max_threads = o->max_threads ? (uint32_t)o->max_threads
                                                        : OA_RACE_MAX_THREADS,
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
  struct timespec t0, t1;
  oa_launch_keep_input(dir, "or --mode fast|precise to run the program once");
  clock_gettime(CLOCK_MONOTONIC, &t0);
  int rc = detect(o, out, page, argv, threads, "auto", &why);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (why && rc) {
    oa_note("race: stopped by signal %d before the precise run", rc - 128);
    *reported = 0;
  } else if (why) {
    oa_note("race: precise detector (%s): the program runs again from its start under it, so "
            "its output repeats", why);
    /* a long run says what it does, on a terminal (a log gets the note) */
    if (!oa_quiet && isatty(STDERR_FILENO))
      fprintf(stderr, "ompadv: race: second run of '%s' under the precise detector ... (the "
              "first took %.1f s; the precise detector is slower)\n", argv[0],
              (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
    rc = detect(o, out, page, argv, threads, "precise", NULL);
  }
  free(why);
  oa_tmpdir_remove(dir);
  return rc;
}

/* --help ends with the exit statuses, which CI scripts test. */
static const char race_exit_status[] =
    "\nexit status:\n"
    "  66      a race was found that is not in the --baseline (as TSan; --error-exitcode N:\n"
    "          N instead; --error-exitcode 0: the target's own status)\n"
    "  status  the target's own when no new race was found (suppressed races and those of\n"
    "          the baseline do not count); 128+N when it was killed by signal N\n"
    "  1       ompadv failed, or the shadow memory ran out (not all of the run was checked)\n"
    "  2       a bad command line, program, --baseline or suppressions file\n";

/* Is -h or --help among the options (before PROG)? */
static int wants_help(const oa_command *self, int argc, char **argv)
{
  for (int i = 1; i < argc && strcmp(argv[i], "--") && argv[i][0] == '-' && argv[i][1]; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help"))
      return 1;
    if (a[1] != '-' || strchr(a, '='))
      continue;
    int takes = !strcmp(a, "--output") || !strcmp(a, "--html");
    for (const oa_option *o = self->options; o->name && !takes; o++)
      takes = o->arg && !strcmp(a + 2, o->name);
    i += takes;
  }
  return 0;
}

static int run_race(const oa_command *self, int argc, char **argv)
{
  if (wants_help(self, argc, argv)) {
    oa_print_usage(self, stdout);
    fputs(race_exit_status, stdout);
    return fflush(stdout) == 0 ? 0 : OA_EXIT_FAIL;
  }
  race_opts o = { .mode = "auto", .format = "text", .error_exitcode = RACE_EXITCODE };
  oa_common c = { 0 };
  int first = oa_parse_options(self, argc, argv, &c, on_option, &o);
  oa_need_program(self, first, argc);
  /* the files the report needs, read before the runs: a bad one must not waste them */
  char *env_supp = o.suppressions ? NULL : tsan_suppressions();
  if (env_supp) {
    oa_guard_input(env_supp, "TSAN_OPTIONS' suppressions");
    o.suppressions = env_supp;
    o.supp_from = "TSAN_OPTIONS=suppressions=";
  }
  if (o.suppressions)
    o.supps = load_suppressions(o.suppressions, o.supp_from);
  if (o.baseline)
    o.known = load_baseline(o.baseline);
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
  rc = oa_close_output(out, rc);
  known_free(o.known);
  supps_free(o.supps);
  free(env_supp);
  return rc;
}

static const oa_option race_options[] = {
  { "mode", 0, "M", R_MODE, "detector: auto|fast|precise (auto: fast, and a second run under precise only if fast cannot follow the program) [auto]" },
  { "grain", 0, "N", R_GRAIN, "bytes of memory per shadow cell: 4 (split in bytes on demand) or 1 [4]" },
  { "error-exitcode", 0, "N", R_ERROR_EXITCODE,
    "exit with N (0-255; 0: the target's status) when a race is found, as TSan [66]" },
  { "threads", 0, "N", R_THREADS, "run the target with N OpenMP threads [4, or OMP_NUM_THREADS]" },
  { "format", 0, "F", R_FORMAT, "report format: text|json|sarif (SARIF 2.1.0, for code scanning) [text]" },
  { "baseline", 0, "FILE", R_BASELINE,
    "the race JSON (--format json) of an earlier run: its races are known, not counted" },
  { "suppressions", 0, "FILE", R_SUPPRESSIONS,
    "leave out the races TSan's suppressions in FILE match (race:, race_top:, src:, fun:) "
    "[TSAN_OPTIONS' suppressions=]" },
  { "earlier-stacks", 0, NULL, R_EARLIER_STACKS,
    "keep each access's calling context, to show the earlier access's call stack too (slower)" },
  { "max-threads", 0, "N", R_MAX_THREADS,
    "also report the races of schedule(static) loops that team sizes up to N would have "
    "(1: only this run's) [256]" },
  { NULL, 0, NULL, 0, NULL },
};

const oa_command oa_cmd_race = {
  "race", run_race, "find the data races the program can have in any schedule for its input",
  "[--mode auto|fast|precise] [--grain 4|1] [--error-exitcode N] [--earlier-stacks] "
  "[--baseline FILE] [--suppressions FILE] [OPTIONS] [--] PROG [ARGS]",
  OPT_OUTPUT | OPT_HTML | OPT_QUIET | OPT_VERBOSE, race_options,
  NULL,
  NULL,
  NULL,
};
