/* Rendering of parallelism profiles: see render.h. */
#include "render.h"

#include <ctype.h>
#include <errno.h>
#include <sched.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "metric.h"
#include "util.h"

static const char *const construct_names[OA_C_NKINDS] = {
  [OA_C_MAIN] = "main", [OA_C_PARALLEL] = "parallel", [OA_C_LOOP] = "for",
  [OA_C_SECTIONS] = "sections", [OA_C_SINGLE] = "single", [OA_C_MASKED] = "masked",
  [OA_C_CRITICAL] = "critical", [OA_C_ORDERED] = "ordered", [OA_C_TASK] = "task",
  [OA_C_TASKLOOP] = "taskloop", [OA_C_TASKGROUP] = "taskgroup", [OA_C_EDGE] = "edge",
};

typedef struct src_file src_file;
static const src_file *src_get(const char *name);
static const char *src_line(const src_file *f, int n, size_t *len);
static int directive_kind(const char *s, size_t len);

/* A row: one directive, i.e. one source line and construct, whatever code
 * addresses reached it. */
typedef struct row {
  char *where;               /* file:line or "main" */
  unsigned kind;
  const char *label;         /* the construct as the source names it (master), or NULL */
  uint64_t work, serial, critical, cost, count;
  double parallelism, serial_pct, tasking_pct;
  double before;             /* what-if: parallelism without it (-1: no such row) */
  double first;              /* where on the critical path its first piece starts (-1:
                              * not on it, or the path's order is unknown) */
} row;

const char *oa_construct_name(unsigned kind)
{
  return kind < OA_C_NKINDS && construct_names[kind] ? construct_names[kind] : "?";
}

static const char *masked_label(const char *where);

const char *oa_construct_label(unsigned kind, const char *where)
{
  const char *l = kind == OA_C_MASKED && where ? masked_label(where) : NULL;
  return l ? l : oa_construct_name(kind);
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

#define DESC(a, b) ((a) < (b) ? 1 : (a) > (b) ? -1 : 0)

/* --sort: the profile's keys (builtin-profile.c), largest first; the
 * location in source order.  Ties: the default order. */
static int by_key(const void *a, const void *b, void *key)
{
  const row *x = a, *y = b;
  const char *k = key;
  int d = 0;
  if (strcmp(k, "work") == 0)
    d = DESC(x->work, y->work);
  else if (strcmp(k, "span") == 0)
    d = DESC(x->serial, y->serial);
  else if (strcmp(k, "parallelism") == 0)
    d = DESC(x->parallelism, y->parallelism);
  else if (strcmp(k, "tasking") == 0)
    d = DESC(x->tasking_pct, y->tasking_pct);
  else if (strcmp(k, "instances") == 0)
    d = DESC(x->count, y->count);
  else if (strcmp(k, "location") == 0)
    d = strverscmp(x->where, y->where);
  return d ? d : by_serial_pct(a, b);
}

/* libomp 19 reports a master construct as masked (OMPT has no master
 * event): the row is named as the directive's source line names it. */
static const char *masked_label(const char *where)
{
  const char *colon = strrchr(where, ':');
  if (!colon || colon == where)
    return NULL;
  char *file = oa_xstrdup(where);
  file[colon - where] = 0;
  int line = atoi(colon + 1);
  size_t len;
  const src_file *f = src_get(file);
  const char *s = src_line(f, line, &len);
  free(file);
  int n = s ? directive_kind(s, len) : 0;
  if (!n)
    return NULL;
  /* the words after "omp" */
  for (const char *p = s; p + 6 <= s + len; p++)
    if (strncasecmp(p, "master", 6) == 0 && (p + 6 == s + len || !isalnum((unsigned char)p[6]))
        && p > s && !isalnum((unsigned char)p[-1]))
      return "master";
  return NULL;
}

/* Map every location to its row, merging code addresses of one directive. */
static size_t assign_rows(const oa_profile_view *r, oa_loc_namer name, void *ctx, row *rows,
                          uint32_t *row_of)
{
  size_t n = 0;
  for (uint32_t i = 0; i < r->h->nlocs; i++) {
    char *where = name(ctx, &r->locs[i]);
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

/* Where each row's first piece starts on the critical path, when the view
 * has the path's order (r->cp: offline analyses). */
static void place_on_path(const oa_profile_view *r, row *rows, const uint32_t *row_of)
{
  if (!r->cp || !r->h->nlocs)
    return;
  uint32_t top = 0;
  for (uint32_t i = 0; i < r->h->nlocs; i++)
    if (r->locs[i].id > top)
      top = r->locs[i].id;
  uint32_t *index = oa_xmalloc(((size_t)top + 1) * sizeof *index);
  memset(index, 0xff, ((size_t)top + 1) * sizeof *index);
  for (uint32_t i = 0; i < r->h->nlocs; i++)
    index[r->locs[i].id] = i;
  const oa_attr_item *it = r->cp->cap ? r->cp->u.heap : r->cp->u.in;
  for (uint32_t k = 0; k < r->cp->n; k++) {
    if (it[k].loc > top || index[it[k].loc] == UINT32_MAX || !it[k].amount)
      continue;
    row *w = &rows[row_of[index[it[k].loc]]];
    if (w->first < 0 || it[k].first < w->first)
      w->first = it[k].first;
  }
  free(index);
}

static int by_first(const void *a, const void *b)
{
  const row *x = *(const row *const *)a, *y = *(const row *const *)b;
  return (x->first > y->first) - (x->first < y->first);
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

static row *make_rows(const oa_profile_view *r, oa_loc_namer name, void *ctx, size_t *nrows)
{
  const oa_profile_header *h = r->h;
  row *rows = oa_xcalloc(h->nlocs, sizeof *rows);
  uint32_t *row_of = oa_xcalloc(h->nlocs, sizeof *row_of);
  size_t n = assign_rows(r, name, ctx, rows, row_of);
  for (size_t k = 0; k < n; k++)
    rows[k].first = -1;
  place_on_path(r, rows, row_of);
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
    if (w->kind == OA_C_MASKED)
      w->label = masked_label(w->where);
    rows[kept++] = *w;
  }
  free(row_of);
  qsort(rows, kept, sizeof *rows, by_serial_pct);
  *nrows = kept;
  return rows;
}

const char *oa_si(uint64_t v, char *buf, size_t len)
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

double oa_seconds_per_unit(unsigned metric, const oa_file_header *run)
{
  if (metric == OA_METRIC_CPUTIME)
    return 1e-9;
  if (metric == OA_METRIC_TSC && run && run->tsc_fs_per_tick)
    return (double)run->tsc_fs_per_tick * 1e-15;
  return 0;
}

const char *oa_secs(double s, char *buf, size_t len)
{
  static const struct { double scale; const char *unit; } units[] = {
    { 1, "s" }, { 1e-3, "ms" }, { 1e-6, "us" }, { 1e-9, "ns" },
  };
  if (s <= 0) {
    snprintf(buf, len, "0");
    return buf;
  }
  size_t k = 0;
  while (k < 3 && s < units[k].scale * 0.9995)
    k++;
  double v = s / units[k].scale;
  snprintf(buf, len, v >= 99.95 || k == 3 ? "%.0f %s" : v >= 9.995 ? "%.1f %s" : "%.2f %s", v,
           units[k].unit);
  return buf;
}

const char *oa_amount(uint64_t v, double spu, char *buf, size_t len)
{
  return spu > 0 ? oa_secs((double)v * spu, buf, len) : oa_si(v, buf, len);
}

size_t oa_table_keep(const oa_common *c, const double *pct, size_t n, unsigned char *keep,
                     size_t *below)
{
  size_t out = 0, shown = 0;
  *below = 0;
  for (size_t i = 0; i < n; i++) {
    keep[i] = 1;
    if (c && pct && c->percent_limit > 0 && pct[i] < c->percent_limit) {
      keep[i] = 0;
      ++*below;
    } else if (c && c->top > 0 && shown >= (size_t)c->top) {
      keep[i] = 0;
    } else {
      shown++;
    }
    out += !keep[i];
  }
  return out;
}

void oa_table_left_out(FILE *f, const oa_common *c, size_t left_out, size_t below)
{
  if (below)
    fprintf(f, "  %zu row%s below %g%% not shown (--percent-limit)\n", below,
            below == 1 ? "" : "s", c->percent_limit);
  if (left_out > below)
    fprintf(f, "  %zu more row%s not shown (--top %ld)\n", left_out - below,
            left_out - below == 1 ? "" : "s", c->top);
}

size_t oa_common_root(const char *const *names, size_t n)
{
  const char *first = NULL;
  size_t len = 0;
  for (size_t i = 0; i < n; i++) {
    const char *s = names[i], *colon = strchr(s, ':');
    if (!colon)
      continue;  /* "main", no file */
    if (s[0] != '/')
      return 0;  /* relative to the current directory already */
    if (!first) {
      first = s;
      len = (size_t)(colon - s);
      continue;
    }
    size_t k = 0;
    while (k < len && s[k] == first[k])
      k++;
    len = k;
  }
  while (len && first[len - 1] != '/')
    len--;
  return len > 1 ? len : 0;
}

double oa_parse_fail_below(const char *cmd, const char *arg)
{
  char *end;
  errno = 0;
  double p = strtod(arg, &end);
  if (errno || *end || !*arg || !(p > 0) || p > 1e9)
    oa_die(OA_EXIT_USAGE, "%s: --fail-below wants the lowest parallelism to accept, a number "
           "above 0, not '%s'", cmd, arg);
  return p;
}

int oa_gate_below(const char *cmd, const char *what, const oa_profile_header *h, double p)
{
  double par = ratio(h->work, h->span);
  if (!(p > 0) || par >= p)
    return 0;
  oa_error("%s: %s%sparallelism %.2f is below %g (--fail-below): exit %d", cmd, what,
           *what ? ": " : "", par, p, OA_EXIT_GATE);
  return 1;
}

char *oa_source_text(const char *file, int line, int col)
{
  char *path = oa_path_display(file);
  char *s = col >= 0 ? oa_xasprintf("%s:%d:%d", path, line, col)
                     : oa_xasprintf("%s:%d", path, line);
  free(path);
  return s;
}

/* The source files read so far (a report names a few dozen lines of a
 * few files): the start of each line. */
struct src_file {
  char *name, *text;            /* text NULL: unreadable */
  size_t *starts, nlines;
};

static const src_file *src_get(const char *name)
{
  static src_file *files;
  static size_t nfiles;
  for (size_t i = 0; i < nfiles; i++)
    if (strcmp(files[i].name, name) == 0)
      return &files[i];
  files = oa_xrealloc(files, (nfiles + 1) * sizeof *files);
  src_file *f = &files[nfiles++];
  memset(f, 0, sizeof *f);
  f->name = oa_xstrdup(name);
  /* a regular file of a sane size only: debug information may name
   * anything (#line "/dev/zero"), and a reader must never block on it */
  struct stat st;
  FILE *in = stat(name, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= (64 << 20)
             ? fopen(name, "r") : NULL;
  if (!in)
    return f;
  size_t len = 0, cap = 0;
  char buf[65536];
  size_t got;
  while (len < (64u << 20) && (got = fread(buf, 1, sizeof buf, in)) > 0) {
    if (len + got + 1 > cap) {
      cap = (len + got + 1) * 2;
      f->text = oa_xrealloc(f->text, cap);
    }
    memcpy(f->text + len, buf, got);
    len += got;
  }
  fclose(in);
  if (!f->text)
    f->text = oa_xstrdup("");
  f->text[len] = 0;
  /* a line starts at 0 and after each newline (the text is NUL-ended) */
  size_t cap_l = 0;
  for (const char *p = f->text; p;) {
    if (f->nlines == cap_l) {
      cap_l = cap_l ? cap_l * 2 : 256;
      f->starts = oa_xrealloc(f->starts, cap_l * sizeof *f->starts);
    }
    f->starts[f->nlines++] = (size_t)(p - f->text);
    p = strchr(p, '\n');
    p = p ? p + 1 : NULL;
  }
  return f;
}

/* Line n (1-based) of f without its leading blanks, and its length to the
 * end of the line less trailing blanks; NULL past the end. */
static const char *src_line(const src_file *f, int n, size_t *len)
{
  if (!f->text || n < 1 || (size_t)n > f->nlines)
    return NULL;
  const char *s = f->text + f->starts[n - 1], *e = strchr(s, '\n');
  if (!e)
    e = s + strlen(s);
  while (s < e && (*s == ' ' || *s == '\t'))
    s++;
  while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
    e--;
  *len = (size_t)(e - s);
  return s;
}

/* A directive's first line: "#pragma omp" (blanks allowed after '#'), or
 * Fortran's "!$omp" (any case); 1 for C, 2 for Fortran, 0 otherwise. */
static int directive_kind(const char *s, size_t len)
{
  if (len >= 5 && strncasecmp(s, "!$omp", 5) == 0)
    return 2;
  if (len < 1 || *s != '#')
    return 0;
  s++, len--;
  while (len && (*s == ' ' || *s == '\t'))
    s++, len--;
  if (len < 6 || strncmp(s, "pragma", 6) != 0)
    return 0;
  s += 6, len -= 6;
  if (!len || (*s != ' ' && *s != '\t'))
    return 0;
  while (len && (*s == ' ' || *s == '\t'))
    s++, len--;
  return len >= 3 && strncmp(s, "omp", 3) == 0 && (len == 3 || s[3] == ' ' || s[3] == '\t') ? 1
                                                                                            : 0;
}

/* Whether line k - 1 of f continues into line k: a C line ending in '\\',
 * or a Fortran directive line ending in '&'. */
static int continues(const src_file *f, int k)
{
  size_t len;
  const char *p = src_line(f, k - 1, &len);
  return p && len && (p[len - 1] == '\\' || (p[len - 1] == '&' && directive_kind(p, len) == 2));
}

int oa_directive_line(const char *file, int line)
{
  size_t len;
  const src_file *f = file ? src_get(file) : NULL;
  const char *s = f ? src_line(f, line, &len) : NULL;
  if (!s || directive_kind(s, len))
    return line;
  /* the logical line just above: from line - 1 up through its continuations */
  int k = line - 1;
  while (k > 1 && k > line - 16 && continues(f, k))
    k--;
  const char *p = src_line(f, k, &len);
  return p && directive_kind(p, len) ? k : line;
}

void oa_json_string(FILE *f, const char *s)
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

/* Each row's parallelism in the profile before what-if, matched by name. */
static void match_before(row *rows, size_t n, row *was, size_t nwas)
{
  for (size_t i = 0; i < n; i++) {
    rows[i].before = -1;
    for (size_t k = 0; k < nwas; k++)
      if (was[k].kind == rows[i].kind && strcmp(was[k].where, rows[i].where) == 0)
        rows[i].before = was[k].parallelism;
  }
}

/* The share of the span that lies in schedule(static) loops: the thread
 * count fixed their iterations' order (doc/SEMANTICS.md rule 4). */
/* The share of the span in the loops with that flag (OA_LOC_STATIC, ...). */
static double loops_span_pct(const oa_profile_view *v, unsigned flag)
{
  uint64_t crit = 0;
  for (uint32_t i = 1; i < v->h->nlocs; i++)
    if (v->locs[i].flags & flag)
      crit += v->locs[i].critical;
  return 100.0 * ratio(crit, v->h->span);
}

static double static_span_pct(const oa_profile_view *v)
{
  return loops_span_pct(v, OA_LOC_STATIC);
}

static const char *row_construct(const row *r)
{
  return r->label ? r->label : oa_construct_name(r->kind);
}

/* How a table shows its rows: --sort, --top, --percent-limit (keep), the
 * seconds per unit of a clock metric (spu, 0: counts) and the leading
 * directory the text's locations leave out (root). */
typedef struct table_view {
  const unsigned char *keep; /* NULL: every row */
  size_t left_out, below;
  double spu;
  size_t root;
  const char *root_of;       /* a location under the root */
} table_view;

static int shown(const table_view *t, size_t i)
{
  return !t->keep || t->keep[i];
}

static void json_seconds(FILE *f, const char *key, uint64_t v, double spu)
{
  if (spu > 0)
    fprintf(f, ", \"%s\": %.9g", key, (double)v * spu);
}

static void render_json(FILE *f, const oa_profile_header *h, const oa_file_header *run,
                        const char *metric, int threads, const row *rows, size_t n,
                        const oa_whatif_info *w, double static_pct, const table_view *t)
{
  fprintf(f, "{\"ompadv\": 1, \"mode\": \"profile\", \"metric\": \"%s\", \"threads\": %d,\n", metric,
          threads);
  fprintf(f, "  \"program\": {\"work\": %llu, \"span\": %llu, \"parallelism\": %.4f, "
             "\"tasking_overhead_pct\": %.4f, \"tasks\": %llu, \"task_cost\": %llu, "
             "\"task_cost_undeferred\": %llu, \"static_loops_span_pct\": %.4f, "
             "\"busy_wait_work_pct\": %.2f, \"span_lower_bound\": %s, "
             "\"span_upper_bound\": %s, "
             "\"runtime_startup\": %llu, \"runtime_startup_spread\": %llu, "
             "\"runtime_taken\": %llu",
          (unsigned long long)h->work, (unsigned long long)h->span, ratio(h->work, h->span),
          100.0 * ratio(h->cost, h->work), (unsigned long long)h->tasks,
          (unsigned long long)h->task_cost, (unsigned long long)h->task_cost_undeferred,
          static_pct, h->busy_bp / 100.0,
          h->flags & (OA_PROF_APPROX_SPAN | OA_PROF_APPROX_ORDERED) ? "true" : "false",
          h->flags & OA_PROF_SECTIONS_MERGED ? "true" : "false",
          (unsigned long long)(run ? run->startup_taken : 0),
          (unsigned long long)(run ? run->startup_spread : 0),
          (unsigned long long)(run ? run->runtime_taken : 0));
  json_seconds(f, "work_seconds", h->work, t->spu);
  json_seconds(f, "span_seconds", h->span, t->spu);
  fprintf(f, "},\n");
  if (w) {
    fprintf(f, "  \"whatif\": {\"regions\": [");
    for (size_t i = 0; i < w->nregions; i++) {
      fprintf(f, "%s{\"region\": ", i ? ", " : "");
      oa_json_string(f, w->regions[i].region);
      fprintf(f, ", \"factor\": %g}", w->regions[i].factor);
    }
    fprintf(f, "], \"parallelism_before\": %.4f, \"parallelism_after\": %.4f, "
               "\"span_before\": %llu, \"fragments\": %llu, \"granularity_floor\": %llu",
            ratio(w->before->h->work, w->before->h->span), ratio(h->work, h->span),
            (unsigned long long)w->before->h->span, (unsigned long long)w->fragments,
            (unsigned long long)w->floor);
    if (w->threads_at)
      fprintf(f, ", \"threads_at\": %u, \"parallelism_before_at\": %.4f, "
                 "\"parallelism_after_at\": %.4f", w->threads_at, w->at_before, w->at_after);
    fprintf(f, "},\n");
  }
  if (t->left_out)
    fprintf(f, "  \"rows_not_shown\": %zu,\n", t->left_out);
  fprintf(f, "  \"regions\": [");
  for (size_t i = 0, k = 0; i < n; i++) {
    if (!shown(t, i))
      continue;
    fprintf(f, "%s\n    {\"location\": ", k++ ? "," : "");
    oa_json_string(f, rows[i].where);
    fprintf(f, ", \"construct\": \"%s\", \"work\": %llu, \"span\": %llu, \"parallelism\": %.4f, "
               "\"serial_work_pct\": %.4f, \"tasking_overhead_pct\": %.4f",
            row_construct(&rows[i]), (unsigned long long)rows[i].work,
            (unsigned long long)rows[i].serial, rows[i].parallelism, rows[i].serial_pct,
            rows[i].tasking_pct);
    json_seconds(f, "work_seconds", rows[i].work, t->spu);
    json_seconds(f, "span_seconds", rows[i].serial, t->spu);
    fprintf(f, ", \"instances\": %llu", (unsigned long long)rows[i].count);
    if (w && rows[i].before >= 0)
      fprintf(f, ", \"parallelism_before\": %.4f", rows[i].before);
    fputc('}', f);
  }
  fprintf(f, "\n  ]");
  /* offline: the directives whose code is on the critical path, in the
   * order their first pieces come along it (every one: --top is the
   * table's) */
  const row **on = oa_xcalloc(n + 1, sizeof *on);
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (rows[i].first >= 0 && rows[i].critical)
      on[k++] = &rows[i];
  if (k) {
    qsort(on, k, sizeof *on, by_first);
    fprintf(f, ",\n  \"critical_path\": [");
    for (size_t i = 0; i < k; i++) {
      fprintf(f, "%s\n    {\"location\": ", i ? "," : "");
      oa_json_string(f, on[i]->where);
      fprintf(f, ", \"construct\": \"%s\", \"from\": %.0f, \"serial_work\": %llu}",
              row_construct(on[i]), on[i]->first, (unsigned long long)on[i]->critical);
    }
    fprintf(f, "\n  ]");
  }
  free(on);
  fprintf(f, "}\n");
}

void oa_csv_field(FILE *f, const char *s)
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

static void render_csv(FILE *f, const row *rows, size_t n, const oa_whatif_info *w,
                       const table_view *t)
{
  fprintf(f, "location,construct,work,span,parallelism,serial_work_pct,tasking_overhead_pct,"
             "instances%s%s\n", w ? ",parallelism_before" : "",
          t->spu > 0 ? ",work_seconds,span_seconds" : "");
  for (size_t i = 0; i < n; i++) {
    if (!shown(t, i))
      continue;
    oa_csv_field(f, rows[i].where);
    fprintf(f, ",%s,%llu,%llu,%.4f,%.4f,%.4f,%llu",
            row_construct(&rows[i]), (unsigned long long)rows[i].work,
            (unsigned long long)rows[i].serial, rows[i].parallelism, rows[i].serial_pct,
            rows[i].tasking_pct, (unsigned long long)rows[i].count);
    if (w && rows[i].before >= 0)
      fprintf(f, ",%.4f", rows[i].before);
    else if (w)
      fputc(',', f);
    if (t->spu > 0)
      fprintf(f, ",%.9g,%.9g", (double)rows[i].work * t->spu, (double)rows[i].serial * t->spu);
    fputc('\n', f);
  }
}

/* "work 1.23 s, span 456 ms, tsc" where the metric is a clock, else "work
 * 1.23G, span 456M cycles" */
static void amounts_text(FILE *f, const char *metric, double spu, uint64_t work, uint64_t span)
{
  char b1[32], b2[32];
  if (spu > 0)
    fprintf(f, "work %s, span %s, %s", oa_secs((double)work * spu, b1, sizeof b1),
            oa_secs((double)span * spu, b2, sizeof b2), metric);
  else
    fprintf(f, "work %s, span %s %s", oa_si(work, b1, sizeof b1), oa_si(span, b2, sizeof b2),
            metric);
}

static void render_text(FILE *f, const oa_profile_header *h, const char *metric, int threads,
                        const row *rows, size_t n, const oa_whatif_info *w, const table_view *t)
{
  char b1[32], b2[32], b3[32];
  size_t wloc = strlen("location");
  for (size_t i = 0; i < n; i++)
    if (shown(t, i) && strlen(rows[i].where + (rows[i].where[0] == '/' ? t->root : 0)) > wloc)
      wloc = strlen(rows[i].where + (rows[i].where[0] == '/' ? t->root : 0));
  if (w) {
    const oa_profile_header *was = w->before->h;
    if (t->spu > 0)
      fprintf(f, "what-if parallelism %.2f -> %.2f  (span %s -> %s, %s; work %s; %d threads; "
                 "tasking overhead %.1f%%)\n",
              ratio(was->work, was->span), ratio(h->work, h->span),
              oa_secs((double)was->span * t->spu, b1, sizeof b1),
              oa_secs((double)h->span * t->spu, b2, sizeof b2), metric,
              oa_secs((double)h->work * t->spu, b3, sizeof b3), threads,
              100.0 * ratio(h->cost, h->work));
    else
      fprintf(f, "what-if parallelism %.2f -> %.2f  (span %s -> %s %s; work %s; %d threads; "
                 "tasking overhead %.1f%%)\n",
              ratio(was->work, was->span), ratio(h->work, h->span), oa_si(was->span, b1, sizeof b1),
              oa_si(h->span, b2, sizeof b2), metric, oa_si(h->work, b3, sizeof b3), threads,
              100.0 * ratio(h->cost, h->work));
    if (w->threads_at)
      fprintf(f, "  at %u thread%s: parallelism %.2f -> %.2f (static loops in the blocks the "
                 "schedule gives that team; ompadv scale)\n", w->threads_at,
              w->threads_at == 1 ? "" : "s", w->at_before, w->at_after);
    for (size_t i = 0; i < w->nregions; i++)
      fprintf(f, "  parallelized %s x%g\n", w->regions[i].region, w->regions[i].factor);
    fprintf(f, "  (%llu fragment%s; none reduced below %s, 10x the task creation cost)\n\n",
            (unsigned long long)w->fragments, w->fragments == 1 ? "" : "s",
            t->spu > 0 ? oa_secs((double)w->floor * t->spu, b1, sizeof b1)
                       : (snprintf(b2, sizeof b2, "%s %s", oa_si(w->floor, b1, sizeof b1),
                                   metric), b2));
  } else {
    fprintf(f, "parallelism %.2f  (", ratio(h->work, h->span));
    amounts_text(f, metric, t->spu, h->work, h->span);
    fprintf(f, "; %d threads; tasking overhead %.1f%%)\n\n", threads,
            100.0 * ratio(h->cost, h->work));
  }
  if (t->root)
    fprintf(f, "  locations in %.*s\n", (int)t->root, t->root_of);
  fprintf(f, "  %-*s  %-9s  %9s  %9s  %11s  %8s  %8s%s\n", (int)wloc, "location", "construct", "work",
          "serial", "parallelism", "serial%", "tasking%", w ? "     before" : "");
  for (size_t i = 0; i < n; i++) {
    if (!shown(t, i))
      continue;
    fprintf(f, "  %-*s  %-9s  %9s  %9s  %11.2f  %7.1f%%  %7.1f%%", (int)wloc,
            rows[i].where + (rows[i].where[0] == '/' ? t->root : 0), row_construct(&rows[i]),
            oa_amount(rows[i].work, t->spu, b1, sizeof b1),
            oa_amount(rows[i].serial, t->spu, b2, sizeof b2), rows[i].parallelism,
            rows[i].serial_pct, rows[i].tasking_pct);
    if (w && rows[i].before >= 0)
      fprintf(f, "  %9.2f", rows[i].before);
    fputc('\n', f);
  }
}

static void free_rows(row *rows, size_t n)
{
  for (size_t i = 0; i < n; i++)
    free(rows[i].where);
  free(rows);
}

/* The profile's table in format (text, json or csv); c: --sort, --top and
 * --percent-limit, or NULL (the page of --html: every row). */
static void render_table(FILE *out, const char *format, const oa_common *c, int threads,
                         const oa_profile_view *v, oa_loc_namer name, void *ctx,
                         const oa_whatif_info *w)
{
  const oa_profile_header *h = v->h;
  const char *metric = oa_metric_name(h->metric);
  size_t n, nwas = 0;
  row *rows = make_rows(v, name, ctx, &n), *was = NULL;
  if (w) {
    was = make_rows(w->before, name, ctx, &nwas);
    match_before(rows, n, was, nwas);
  }
  table_view t = { .spu = oa_seconds_per_unit(h->metric, v->run) };
  unsigned char *keep = NULL;
  if (c) {
    if (c->sort)
      qsort_r(rows, n, sizeof *rows, by_key, (void *)c->sort);
    double *pct = oa_xcalloc(n + 1, sizeof *pct);
    for (size_t i = 0; i < n; i++)
      pct[i] = rows[i].serial_pct > 100.0 * ratio(rows[i].work, h->work)
                   ? rows[i].serial_pct : 100.0 * ratio(rows[i].work, h->work);
    keep = oa_xcalloc(n + 1, 1);
    t.left_out = oa_table_keep(c, pct, n, keep, &t.below);
    t.keep = keep;
    free(pct);
    const char **names = oa_xcalloc(n + 1, sizeof *names);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
      if (keep[i])
        names[k++] = rows[i].where;
    t.root = oa_common_root(names, k);
    for (size_t i = 0; i < k && t.root && !t.root_of; i++)
      if (names[i][0] == '/')
        t.root_of = names[i];
    free(names);
  }
  if (strcmp(format, "json") == 0) {
    render_json(out, h, v->run, metric, threads, rows, n, w, static_span_pct(v), &t);
  } else if (strcmp(format, "csv") == 0) {
    render_csv(out, rows, n, w, &t);
  } else {
    render_text(out, h, metric, threads, rows, n, w, &t);
    oa_table_left_out(out, c, t.left_out, t.below);
  }
  fflush(out);
  free(keep);
  free_rows(rows, n);
  if (was)
    free_rows(was, nwas);
}

/* The largest team that ran: the program may set its own (num_threads,
 * omp_set_num_threads) whatever --threads asked for. */
static int team(const oa_common *c, const oa_profile_header *h)
{
  return h->threads ? (int)h->threads : c->threads > 0 ? c->threads : 1;
}

void oa_render_profile(FILE *out, const oa_common *c, const oa_profile_view *v,
                       oa_loc_namer name, void *ctx, const oa_whatif_info *w, const char *why)
{
  const oa_profile_header *h = v->h;
  int threads = team(c, h);
  render_table(out, c->format, c, threads, v, name, ctx, w);
  oa_profile_notes(v, threads, why);
  if (c->threads > 0 && h->threads && (int)h->threads != c->threads)
    oa_note("%s: the program chose its own team size (a num_threads clause or "
            "omp_set_num_threads): its largest team had %u thread%s, --threads asked for %d",
            v->cmd ? v->cmd : "profile", h->threads, h->threads == 1 ? "" : "s", c->threads);
}

void oa_render_profile_json(FILE *out, const oa_common *c, const oa_profile_view *v,
                            oa_loc_namer name, void *ctx, const oa_whatif_info *w)
{
  render_table(out, "json", NULL, team(c, v->h), v, name, ctx, w);
}

/* --metric tsc: the threads' time off their cores inside the program's
 * code, which the work leaves out (contract.h: offcpu_ticks), or, where the
 * tool could not tell it apart, a team larger than the cores. */
static void offcore_notes(const oa_profile_view *v, const char *cmd, int threads)
{
  const oa_profile_header *h = v->h;
  const oa_file_header *run = v->run;
  if (!run || h->metric != OA_METRIC_TSC)
    return;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    cores = CPU_COUNT(&set);
  if (run->offcpu_seen) {
    double pct = h->work ? 100.0 * (double)run->offcpu_ticks
                               / (double)(h->work + run->offcpu_ticks) : 0;
    if (pct >= 5.0)
      oa_note("%s: the threads were off their cores for %.1f%% of the time they ran the "
              "program's code (a busy machine, %s, or blocking calls): the work leaves that "
              "time out", cmd, pct, threads > cores ? "more threads than cores"
                                                    : "more threads than free cores");
  } else if (cores > 0 && threads > cores) {
    oa_warn("%d threads ran on %ld core%s, and this system does not tell when a thread is off "
            "its core (no rseq): under --metric tsc the time a thread waited for a core counts "
            "as work; use --metric cputime", threads, cores, cores == 1 ? "" : "s");
  }
}

/* libomp's start-up at the program's first construct is no directive's
 * work: the tool takes a calibrated estimate of it off main's serial code
 * (contract.h: startup_taken).  Said when the estimate's spread could move
 * the span by 1% or more. */
static void startup_note(const oa_profile_view *v, const char *cmd)
{
  const oa_file_header *run = v->run;
  if (!run || !run->startup_taken || ratio(run->startup_spread, v->h->span) < 0.01)
    return;
  oa_note("%s: main's serial code leaves out libomp's start-up at the first construct, "
          "estimated at %llu %s; the estimate may be off by %llu, %.1f%% of the span",
          cmd, (unsigned long long)run->startup_taken, oa_metric_name(v->h->metric),
          (unsigned long long)run->startup_spread, 100.0 * ratio(run->startup_spread, v->h->span));
}

/* The runtime's own time around events, an estimate per kind of event, is
 * taken off the fragments (metric.h).  Where it rivals the work that
 * remains, the fragments are as short as the runtime's code between them
 * (fine-grained tasks or chunks), and the work is mostly the error of
 * that estimate and the tool's own time, which nothing takes off: said
 * from a quarter of the work. */
static void runtime_share_note(const oa_profile_view *v, const char *cmd)
{
  const oa_file_header *run = v->run;
  double share = run && v->h->work ? (double)run->runtime_taken / (double)v->h->work : 0;
  if (share < 0.25)
    return;
  oa_warn("%s: the fragments are short: libomp's own time around its events, estimated and "
          "taken off them, came to %.0f%% of the work that remains; ompadv's own time per event, "
          "not taken off, and the estimate's error are of that size, so the work and parallelism "
          "of the rows with many small tasks or chunks are uncertain (coarser tasks, such as a "
          "cut-off, measure well)", cmd, 100.0 * share);
}

/* The share of a run's wall time its threads spent in MPI calls (summed
 * over the threads), or -1 when no call was seen. */
static double mpi_pct(const oa_file_header *run)
{
  if (!run || !run->mpi_calls)
    return -1;
  return run->wall_ns ? 100.0 * (double)run->mpi_ns / (double)run->wall_ns : 0;
}

/* Where the task creation costs of the notes come from: the user's
 * OMPADV_TASK_COST when it gives these (the driver refused any other form,
 * and with it set nothing is calibrated), else ompadv's calibration; a
 * recording keeps the figures but not their origin. */
static const char *task_cost_origin(const oa_profile_view *v)
{
  const char *given = getenv(OMPADV_ENV_TASKCOST);
  uint64_t d, u;
  if (given && oa_task_cost_parse(given, &d, &u) == 0 && d == v->h->task_cost
      && u == v->h->task_cost_undeferred)
    return "as " OMPADV_ENV_TASKCOST " gives it";
  if (!v->cmd || strcmp(v->cmd, "profile") == 0)  /* this run's */
    return "calibrated on this machine";
  return "calibrated when the program ran, unless " OMPADV_ENV_TASKCOST " gave it";
}

void oa_profile_notes(const oa_profile_view *v, int threads, const char *why)
{
  const oa_profile_header *h = v->h;
  const char *cmd = v->cmd ? v->cmd : "profile";
  double pct = static_span_pct(v);
  if (why)
    oa_note("%s: metric %s (%s)", cmd, oa_metric_name(h->metric), why);
  offcore_notes(v, cmd, threads);
  startup_note(v, cmd);
  runtime_share_note(v, cmd);
  if (mpi_pct(v->run) >= 0)
    oa_note("%s: %llu MPI calls took %.3f s, %.0f%% of the run's %.3f s: no directive's work, "
            "the work and span leave them out", cmd, (unsigned long long)v->run->mpi_calls,
            (double)v->run->mpi_ns / 1e9, mpi_pct(v->run), (double)v->run->wall_ns / 1e9);
  if (h->flags & OA_PROF_METRIC_FALLBACK)
    oa_warn("the hardware counter could not be read in some threads; they used tsc");
  if (h->tasks)
    oa_note("%s: %llu tasks; creating one is estimated at %llu %s, %llu if undeferred "
            "(%s; see man ompadv-profile)", cmd, (unsigned long long)h->tasks,
            (unsigned long long)h->task_cost, oa_metric_name(h->metric),
            (unsigned long long)h->task_cost_undeferred, task_cost_origin(v));
  if (h->flags & OA_PROF_APPROX_TARGET)
    oa_warn("target offload is not modelled: the profile is approximate");
  if (h->flags & OA_PROF_APPROX_CANCEL)
    oa_warn("cancellation is not modelled: the profile is approximate");
  if (h->flags & OA_PROF_APPROX_SPAN)
    oa_warn("a taskwait inside a taskgroup or a static loop, or a depend clause across one, "
            "orders tasks across the task's levels: the span does not follow those orders "
            "(race mode does), so it may be short and the parallelism overstated");
  if (h->flags & OA_PROF_APPROX_ORDERED)
    oa_warn("the ordered regions (or ordered depend(sink/source) points) of a loop with the "
            "ordered clause order its iterations across its chunks, which the span does not "
            "follow yet: it may be short and the loop's parallelism overstated");
  if (h->flags & OA_PROF_APPROX_DETACH)
    oa_warn("detached tasks are modelled as completing at once: the profile is approximate");
  if (h->busy_bp >= 100)
    oa_warn("%.1f%% of the work is in code that ran `#pragma omp flush` %d times or more in a "
            "row: busy-waiting on a flag, most likely, which counts as work: the work and the "
            "parallelism are overstated there", h->busy_bp / 100.0, OA_BUSY_FLUSHES);
  if (h->flags & OA_PROF_LOC_OVERFLOW)
    oa_warn("too many distinct directives: some were counted under main");
  if (h->flags & OA_PROF_SECTIONS_MERGED)
    oa_warn("a sections construct had more sections than threads: libomp reports no boundary "
            "between the sections one thread runs, so they count as one serial chunk, where "
            "each section is a chunk of its own: the span may be long and the parallelism "
            "understated (more so with fewer threads)");
  if (h->flags & OA_PROF_SPLIT_DEPTH)
    oa_warn("dynamic loops run by teams of one were nested more than %d deep: the deeper ones "
            "count as one piece each, so their parallelism is understated", OA_MAX_SPLIT);
  if (pct >= 0.05)
    oa_note("%s: %.1f%% of the span is in schedule(static) loops: each thread's share of "
            "one is serial, so their parallelism is at most the team size (%d thread%s); "
            "another team size gives other figures", cmd, pct, threads, threads == 1 ? "" : "s");
  double guided = loops_span_pct(v, OA_LOC_GUIDED);
  if (guided >= 0.05)
    oa_note("%s: %.1f%% of the span is in schedule(guided) loops: their chunks are sized from "
            "the team size (%d thread%s), so their parallelism depends on it too; another team "
            "size gives other figures", cmd, guided, threads, threads == 1 ? "" : "s");
  oa_debug("%s: %llu OSPG nodes created", cmd, (unsigned long long)h->nodes);
}


/* --- several recordings (MPI ranks) ------------------------------------------ */

typedef struct merged {
  char *where;
  unsigned kind;
  const char *label;           /* as the row's (master), or NULL */
  uint64_t work;               /* over all ranks */
  uint64_t worst_serial;       /* the largest serial work of one rank */
  size_t worst;                /* ... its rank (index) */
  double worst_parallelism;    /* its parallelism there */
  unsigned ranks;              /* ranks that ran it */
} merged;

static int by_worst_serial(const void *a, const void *b)
{
  const merged *x = a, *y = b;
  if (x->worst_serial != y->worst_serial)
    return x->worst_serial < y->worst_serial ? 1 : -1;
  return x->work < y->work ? 1 : x->work > y->work ? -1 : 0;
}

void oa_render_ranks(FILE *out, const oa_common *c, const oa_rank_view *ranks, size_t n)
{
  size_t nm = 0, cap = 0, slowest = 0;
  merged *m = NULL;
  for (size_t r = 0; r < n; r++) {
    size_t nrows;
    row *rows = make_rows(&ranks[r].v, ranks[r].name, ranks[r].ctx, &nrows);
    for (size_t i = 0; i < nrows; i++) {
      size_t k = 0;
      while (k < nm && !(m[k].kind == rows[i].kind && strcmp(m[k].where, rows[i].where) == 0))
        k++;
      if (k == nm) {
        if (nm == cap) {
          cap = cap ? 2 * cap : 64;
          m = oa_xrealloc(m, cap * sizeof *m);
        }
        m[nm++] = (merged){ oa_xstrdup(rows[i].where), rows[i].kind, rows[i].label, 0, 0, r, 0,
                            0 };
      }
      m[k].work += rows[i].work;
      m[k].ranks++;
      if (rows[i].serial > m[k].worst_serial || m[k].ranks == 1) {
        m[k].worst_serial = rows[i].serial;
        m[k].worst = r;
        m[k].worst_parallelism = rows[i].parallelism;
      }
    }
    free_rows(rows, nrows);
    if (ranks[r].v.h->span > ranks[slowest].v.h->span)
      slowest = r;
  }
  qsort(m, nm, sizeof *m, by_worst_serial);
  const char *metric = oa_metric_name(ranks[0].v.h->metric);
  const char *format = c->format ? c->format : "text";
  char b1[32], b2[32];
  int in_mpi = 0;  /* some rank spent time in MPI calls: achieved says what it means */
  for (size_t r = 0; r < n; r++)
    in_mpi |= mpi_pct(ranks[r].v.run) > 0;
  if (strcmp(format, "csv") == 0) {
    /* one table: a row per rank (table "rank"), then a row per directive
     * over the ranks (table "region"), each with the columns of its kind */
    fprintf(out, "table,rank,recording,location,construct,work,span,parallelism,"
                 "achieved_parallelism,threads,elapsed_s,mpi_pct,ranks,worst_rank,worst_serial,"
                 "worst_parallelism\n");
    for (size_t r = 0; r < n; r++) {
      const oa_profile_header *h = ranks[r].v.h;
      const oa_file_header *run = ranks[r].v.run;
      fprintf(out, "rank,%zu,", r);
      oa_csv_field(out, ranks[r].label);
      fprintf(out, ",,,%llu,%llu,%.4f,", (unsigned long long)h->work,
              (unsigned long long)h->span, ratio(h->work, h->span));
      if (ranks[r].achieved > 0)
        fprintf(out, "%.4f", ranks[r].achieved);
      fprintf(out, ",%u,", h->threads);
      if (run && run->wall_ns)
        fprintf(out, "%.9g", (double)run->wall_ns / 1e9);
      fputc(',', out);
      if (mpi_pct(run) >= 0)
        fprintf(out, "%.4f", mpi_pct(run));
      fputs(",,,,\n", out);
    }
    for (size_t i = 0; i < nm; i++) {
      fputs("region,,,", out);
      oa_csv_field(out, m[i].where);
      fprintf(out, ",%s,%llu,,,,,,,%u,%zu,%llu,%.4f\n", oa_construct_name(m[i].kind),
              (unsigned long long)m[i].work, m[i].ranks, m[i].worst,
              (unsigned long long)m[i].worst_serial, m[i].worst_parallelism);
    }
  } else if (strcmp(format, "json") == 0) {
    fprintf(out, "{\"ompadv\": 1, \"mode\": \"ranks\", \"metric\": \"%s\", \"slowest\": %zu,\n"
                 "  \"ranks\": [", metric, slowest);
    for (size_t r = 0; r < n; r++) {
      const oa_profile_header *h = ranks[r].v.h;
      fprintf(out, "%s\n    {\"rank\": %zu, \"recording\": ", r ? "," : "", r);
      oa_json_string(out, ranks[r].label);
      fprintf(out, ", \"work\": %llu, \"span\": %llu, \"parallelism\": %.4f",
              (unsigned long long)h->work, (unsigned long long)h->span, ratio(h->work, h->span));
      double spu = oa_seconds_per_unit(h->metric, ranks[r].v.run);
      json_seconds(out, "work_seconds", h->work, spu);
      json_seconds(out, "span_seconds", h->span, spu);
      fprintf(out, ", \"achieved_parallelism\": ");
      if (ranks[r].achieved > 0)
        fprintf(out, "%.4f", ranks[r].achieved);
      else
        fprintf(out, "null");
      const oa_file_header *run = ranks[r].v.run;
      fprintf(out, ", \"threads\": %u, \"elapsed_ns\": %llu, \"elapsed_s\": ", h->threads,
              (unsigned long long)(run ? run->wall_ns : 0));
      if (run && run->wall_ns)
        fprintf(out, "%.9g", (double)run->wall_ns / 1e9);
      else
        fputs("null", out);
      fprintf(out, ", \"mpi_calls\": %llu, \"mpi_ns\": ",
              (unsigned long long)(run ? run->mpi_calls : 0));
      if (mpi_pct(run) >= 0)
        fprintf(out, "%llu, \"mpi_pct\": %.4f}", (unsigned long long)run->mpi_ns, mpi_pct(run));
      else
        fprintf(out, "null, \"mpi_pct\": null}");
    }
    fprintf(out, "\n  ],\n  \"regions\": [");
    for (size_t i = 0; i < nm; i++) {
      fprintf(out, "%s\n    {\"location\": ", i ? "," : "");
      oa_json_string(out, m[i].where);
      fprintf(out, ", \"construct\": \"%s\", \"work\": %llu, \"ranks\": %u, \"worst_rank\": %zu, "
                   "\"worst_serial\": %llu, \"worst_parallelism\": %.4f}",
              m[i].label ? m[i].label : oa_construct_name(m[i].kind), (unsigned long long)m[i].work,
              m[i].ranks, m[i].worst,
              (unsigned long long)m[i].worst_serial, m[i].worst_parallelism);
    }
    fprintf(out, "\n  ]}\n");
  } else {
    size_t wl = strlen("recording"), wloc = strlen("location");
    for (size_t r = 0; r < n; r++)
      if (strlen(ranks[r].label) > wl)
        wl = strlen(ranks[r].label);
    double spu = oa_seconds_per_unit(ranks[slowest].v.h->metric, ranks[slowest].v.run);
    fprintf(out, "%zu ranks; the slowest is rank %zu (%s), span %s%s%s\n\n", n, slowest,
            ranks[slowest].label, oa_amount(ranks[slowest].v.h->span, spu, b1, sizeof b1),
            spu > 0 ? ", " : " ", metric);
    fprintf(out, "  %4s  %-*s  %11s  %8s  %9s  %9s  %7s  %9s  %6s\n", "rank", (int)wl, "recording",
            "parallelism", "achieved", "work", "span", "threads", "elapsed", "in MPI");
    for (size_t r = 0; r < n; r++) {
      const oa_profile_header *h = ranks[r].v.h;
      const oa_file_header *run = ranks[r].v.run;
      char ach[32] = "-", el[32] = "-", mpi[32] = "-";
      if (ranks[r].achieved > 0)
        snprintf(ach, sizeof ach, "%.2f", ranks[r].achieved);
      if (run && run->wall_ns)
        snprintf(el, sizeof el, "%.3f s", (double)run->wall_ns / 1e9);
      if (mpi_pct(run) >= 0)
        snprintf(mpi, sizeof mpi, "%.0f%%", mpi_pct(run));
      double rspu = oa_seconds_per_unit(h->metric, run);
      fprintf(out, "  %4zu  %-*s  %11.2f  %8s  %9s  %9s  %7u  %9s  %6s\n", r, (int)wl, ranks[r].label,
              ratio(h->work, h->span), ach, oa_amount(h->work, rspu, b1, sizeof b1),
              oa_amount(h->span, rspu, b2, sizeof b2), h->threads, el, mpi);
    }
    if (in_mpi)
      fprintf(out, "  achieved: the rank's work over its elapsed time; the time in MPI calls (in "
                   "MPI) is elapsed but no directive's work,\n  so it lowers achieved, not "
                   "parallelism (which leaves MPI out: the OpenMP parallelism between the calls)\n");
    /* --top, --percent-limit: a directive's share of all the ranks' work,
     * or its worst serial work's of the slowest rank's span */
    uint64_t all = 0;
    for (size_t r = 0; r < n; r++)
      all += ranks[r].v.h->work;
    double *share = oa_xcalloc(nm + 1, sizeof *share);
    unsigned char *keep = oa_xcalloc(nm + 1, 1);
    for (size_t i = 0; i < nm; i++) {
      double w = 100.0 * ratio(m[i].work, all);
      double s = 100.0 * ratio(m[i].worst_serial, ranks[slowest].v.h->span);
      share[i] = w > s ? w : s;
    }
    size_t below, left_out = oa_table_keep(c, share, nm, keep, &below), k = 0;
    const char **names = oa_xcalloc(nm + 1, sizeof *names);
    for (size_t i = 0; i < nm; i++)
      if (keep[i])
        names[k++] = m[i].where;
    size_t root = oa_common_root(names, k);
    for (size_t i = 0; i < k; i++) {
      const char *w = names[i] + (names[i][0] == '/' ? root : 0);
      wloc = strlen(w) > wloc ? strlen(w) : wloc;
    }
    for (size_t i = 0; i < k && root; i++)
      if (names[i][0] == '/') {
        fprintf(out, "\n  locations in %.*s", (int)root, names[i]);
        break;
      }
    free(names);
    fprintf(out, "\n  %-*s  %-9s  %9s  %5s  %10s  %12s  %11s\n", (int)wloc, "location", "construct",
            "work", "ranks", "worst rank", "worst serial", "parallelism");
    for (size_t i = 0; i < nm; i++)
      if (keep[i])
        fprintf(out, "  %-*s  %-9s  %9s  %5u  %10zu  %12s  %11.2f\n", (int)wloc,
                m[i].where + (m[i].where[0] == '/' ? root : 0),
                m[i].label ? m[i].label : oa_construct_name(m[i].kind),
                oa_amount(m[i].work, spu, b1, sizeof b1),
                m[i].ranks, m[i].worst, oa_amount(m[i].worst_serial, spu, b2, sizeof b2),
                m[i].worst_parallelism);
    oa_table_left_out(out, c, left_out, below);
    free(share);
    free(keep);
  }
  fflush(out);
  for (size_t i = 0; i < nm; i++)
    free(m[i].where);
  free(m);
}
