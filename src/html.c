/* The HTML page of --html: drawn from the commands' own JSON documents
 * (html.h).  Tables and charts are plain HTML, CSS and SVG written here, so
 * the page reads without JavaScript; a few lines of script only sort the
 * tables and zoom the timeline.  Its size is bounded whatever the
 * recording: tables, races and source excerpts are capped and the timeline
 * is averaged down to at most TL_POINTS slices. */
#include "config.h"
#include "html.h"
#include "outfile.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "contract.h"
#include "json.h"
#include "ompadv.h"
#include "render.h"
#include "util.h"

enum {
  MAX_DOCS = 8,
  MAX_ROWS = 300,            /* rows of one table */
  MAX_BARS = 40,             /* bars of one chart */
  MAX_RACES = 200,
  MAX_FRAMES = 16,           /* frames of one stack */
  MAX_EXCERPTS = 300,
  EXCERPT_LINES = 12,        /* lines of one region's excerpt */
  LINE_CHARS = 200,
  TL_POINTS = 2000,
  TL_W = 1000, TL_H = 240,   /* the timeline's plot, in its own units */
  MAX_TEXT = 600,            /* characters of one string shown (a C++ name can be long) */
  /* The caps above bound the page for ordinary names; whatever the names,
   * rows and excerpts stop once the page holds this much, leaving room for
   * the sections' heads, the last row and the script under 3 MB. */
  PAGE_BUDGET = 2700000,
};

typedef struct page_doc {
  char kind[16];
  char *buf;
  size_t len;
  FILE *f;
  oa_json *j;
} page_doc;

/* A source file read for excerpts; lines NULL: unreadable. */
typedef struct src_file {
  char *path;
  char *text;
  char **lines;
  size_t nlines;
} src_file;

/* An excerpt the page links to: lines first..last of a file. */
typedef struct excerpt {
  char *where;               /* the location as the JSON names it */
  size_t file;               /* in files */
  long first, last, mark;    /* mark: the line a location names (0: a region) */
} excerpt;

struct oa_page {
  char *path, *cmd, *subject;
  oa_outfile *out;           /* the page's file, put in place when whole */
  FILE *o;
  page_doc docs[MAX_DOCS];
  int ndocs;
  char **notes;
  size_t nnotes;
  src_file *files;
  size_t nfiles;
  excerpt *ex;
  size_t nex;
  oa_scale_result *scale;    /* oa_page_scale's, or NULL */
  char *scale_unit;
  char *scale_names[OA_SCALE_MAX_POINTS];
};

/* The page is written beside its file and renamed over it when complete
 * (outfile.h): nothing is truncated before the page is ready, and a command
 * that fails leaves whatever was there. */
oa_page *oa_page_open(const char *path, const char *cmd)
{
  oa_page *p = oa_xcalloc(1, sizeof *p);
  p->cmd = oa_xstrdup(cmd);
  p->out = oa_outfile_open(path, cmd, "--html");
  p->path = oa_xstrdup(oa_outfile_path(p->out));
  p->o = oa_outfile_stream(p->out);
  return p;
}

void oa_page_subject(oa_page *p, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  free(p->subject);
  if (vasprintf(&p->subject, fmt, ap) < 0)
    p->subject = NULL;
  va_end(ap);
}

void oa_page_argv(oa_page *p, char *const *argv)
{
  char *s = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&s, &len);
  for (size_t i = 0; m && argv[i] && i < 64; i++)
    fprintf(m, "%s%s", i ? " " : "", argv[i]);
  if (m)
    fclose(m);
  free(p->subject);
  p->subject = s;
}

FILE *oa_page_doc(oa_page *p, const char *kind)
{
  assert(p->ndocs < MAX_DOCS && "more documents than the page has room for");
  page_doc *d = &p->docs[p->ndocs++];
  snprintf(d->kind, sizeof d->kind, "%s", kind);
  d->f = open_memstream(&d->buf, &d->len);
  if (!d->f)
    oa_die(OA_EXIT_FAIL, "%s: out of memory", p->cmd);
  return d->f;
}

void oa_page_note(oa_page *p, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *s;
  if (vasprintf(&s, fmt, ap) >= 0) {
    p->notes = oa_xrealloc(p->notes, (p->nnotes + 1) * sizeof *p->notes);
    p->notes[p->nnotes++] = s;
  }
  va_end(ap);
}

void oa_page_scale(oa_page *p, const oa_scale_result *r, const char *unit,
                   const char *const *limit_names)
{
  if (!p->scale)
    p->scale = oa_xcalloc(1, sizeof *p->scale);
  *p->scale = *r;
  if (p->scale->npoints > OA_SCALE_MAX_POINTS)
    p->scale->npoints = OA_SCALE_MAX_POINTS;
  free(p->scale_unit);
  p->scale_unit = oa_xstrdup(unit ? unit : "");
  for (size_t i = 0; i < OA_SCALE_MAX_POINTS; i++) {
    free(p->scale_names[i]);
    p->scale_names[i] = limit_names && i < p->scale->npoints && limit_names[i]
                            ? oa_xstrdup(limit_names[i]) : NULL;
  }
}

/* Is there room on the page for another row, race or excerpt? */
static int room(const oa_page *p)
{
  long at = ftell(p->o);
  return at < 0 || at < PAGE_BUDGET;
}

static const oa_json *doc(const oa_page *p, const char *kind)
{
  for (int i = 0; i < p->ndocs; i++)
    if (strcmp(p->docs[i].kind, kind) == 0)
      return p->docs[i].j;
  return NULL;
}

/* ---- writing ---- */

static void esc(FILE *o, const char *s)
{
  for (; s && *s; s++)
    switch (*s) {
    case '&': fputs("&amp;", o); break;
    case '<': fputs("&lt;", o); break;
    case '>': fputs("&gt;", o); break;
    case '"': fputs("&quot;", o); break;
    case '\'': fputs("&#39;", o); break;
    default: fputc(*s, o);
    }
}

/* s escaped, with a break opportunity after each '/' (long paths wrap at
 * their directories, not inside a name). */
static void esc_path(FILE *o, const char *s)
{
  for (char one[2] = { 0 }; s && *s; s++) {
    one[0] = *s;
    esc(o, one);
    if (*s == '/')
      fputs("<wbr>", o);
  }
}

/* How a figure is shown. */
typedef enum {
  F_PAR,                     /* a ratio: 2.69 */
  F_SI,                      /* a count in the metric's units: 600.67M */
  F_PCT,                     /* a percentage the JSON holds as one: 12.3% */
  F_FRAC,                    /* a fraction shown as a percentage */
  F_SEC,                     /* seconds: 1.234 s, 12.345 ms, 7.1 µs */
  F_INT,
  F_X,                       /* a factor: 1.08x */
  F_STR,
} fmtk;

static void fmt_value(char *b, size_t n, double v, fmtk f)
{
  switch (f) {
  case F_PAR: snprintf(b, n, "%.2f", v); break;
  case F_SI: oa_si(v < 0 ? 0 : (uint64_t)v, b, n); break;
  case F_PCT: snprintf(b, n, "%.1f%%", v); break;
  case F_FRAC: snprintf(b, n, "%.1f%%", 100 * v); break;
  case F_SEC:
    if (fabs(v) >= 1 || v == 0)
      snprintf(b, n, "%.3f s", v);
    else if (fabs(v) >= 1e-3)
      snprintf(b, n, "%.3f ms", v * 1e3);
    else
      snprintf(b, n, "%.1f µs", v * 1e6);
    break;
  case F_INT: snprintf(b, n, "%.0f", v); break;
  case F_X: snprintf(b, n, "%.2fx", v); break;
  case F_STR: b[0] = 0; break;
  }
}

/* The member at a dotted path ("regions.3.work": members, or array
 * indexes), or NULL. */
static const oa_json *lookup(const oa_json *root, const char *key)
{
  char walk[256];
  snprintf(walk, sizeof walk, "%s", key);
  const oa_json *v = root;
  for (char *s = walk, *dot; v && s; s = dot ? dot + 1 : NULL) {
    dot = strchr(s, '.');
    if (dot)
      *dot = 0;
    v = v->type == OA_JARR ? oa_json_at(v, strtoul(s, NULL, 10)) : oa_json_get(v, s);
  }
  return v;
}

/* <tag class=cls data-key="kind:path" data-v="value">shown</tag>: the
 * member path (printf-style) of the kind's document v is rooted at. */
static void fig(FILE *o, const char *tag, const char *cls, const char *kind, const oa_json *root,
                fmtk f, const char *path, ...) __attribute__((format(printf, 7, 8)));
static void fig(FILE *o, const char *tag, const char *cls, const char *kind, const oa_json *root,
                fmtk f, const char *path, ...)
{
  char key[256];
  va_list ap;
  va_start(ap, path);
  vsnprintf(key, sizeof key, path, ap);
  va_end(ap);
  const oa_json *v = lookup(root, key);
  fprintf(o, "<%s class=\"%s\"", tag, cls ? cls : "");
  if (!v || v->type == OA_JNULL || v->type == OA_JARR || v->type == OA_JOBJ) {
    fprintf(o, ">—</%s>", tag);
    return;
  }
  if (v->type == OA_JSTR && strlen(v->text) > MAX_TEXT) {
    /* shown cut short, so not a figure the JSON holds as it is */
    char clip[MAX_TEXT + 1];
    snprintf(clip, sizeof clip, "%s", v->text);
    fputs(">", o);
    esc(o, clip);
    fprintf(o, "…</%s>", tag);
    return;
  }
  fprintf(o, " data-key=\"%s:%s\" data-v=\"", kind, key);
  if (v->type == OA_JBOOL)
    fputs(v->num ? "true" : "false", o);
  else
    esc(o, v->text);
  fputs("\"", o);
  if (f == F_FRAC)
    fputs(" data-scale=\"100\"", o);
  fputs(">", o);
  char b[64];
  if (v->type == OA_JNUM && f != F_STR) {
    fmt_value(b, sizeof b, v->num, f);
    esc(o, b);
  } else if (v->type == OA_JBOOL) {
    fputs(v->num ? "yes" : "no", o);
  } else if (cls && strcmp(cls, "loc") == 0) {
    esc_path(o, v->text);
  } else {
    esc(o, v->text);
  }
  fprintf(o, "</%s>", tag);
}

/* A headline card: a label over a figure. */
static void card(FILE *o, const char *label, const char *kind, const oa_json *root, fmtk f,
                 const char *path, const char *unit)
{
  fprintf(o, "<div class=\"card\"><div class=\"lbl\">%s</div>", label);
  fig(o, "div", "big", kind, root, f, "%s", path);
  if (unit) {
    fputs("<div class=\"unit\">", o);
    esc(o, unit);
    fputs("</div>", o);
  }
  fputs("</div>\n", o);
}

/* A headline card of a figure the page was handed (not read from a JSON
 * document). */
static void plain_card(FILE *o, const char *label, const char *value, const char *unit)
{
  fputs("<div class=\"card\"><div class=\"lbl\">", o);
  esc(o, label);
  fputs("</div><div class=\"big\">", o);
  esc(o, value);
  fputs("</div>", o);
  if (unit) {
    fputs("<div class=\"unit\">", o);
    esc(o, unit);
    fputs("</div>", o);
  }
  fputs("</div>\n", o);
}

/* A bar: a share 0-1 of its track, coloured. */
static void bar(FILE *o, double frac, const char *color, double mark)
{
  frac = frac < 0 ? 0 : frac > 1 ? 1 : frac;
  fprintf(o, "<div class=\"track\"><div class=\"fill\" style=\"width:%.2f%%;background:%s\">"
          "</div>", 100 * frac, color);
  if (mark > 0 && mark <= 1)
    fprintf(o, "<div class=\"mark\" style=\"left:%.2f%%\"></div>", 100 * mark);
  fputs("</div>", o);
}

/* ---- source excerpts ---- */

static src_file *source_file(oa_page *p, const char *path, size_t *index)
{
  for (size_t i = 0; i < p->nfiles; i++)
    if (strcmp(p->files[i].path, path) == 0) {
      *index = i;
      return &p->files[i];
    }
  p->files = oa_xrealloc(p->files, (p->nfiles + 1) * sizeof *p->files);
  src_file *s = &p->files[p->nfiles];
  *index = p->nfiles++;
  memset(s, 0, sizeof *s);
  s->path = oa_xstrdup(path);
  /* a regular file, its first 64 MB: a #line naming /dev/zero or a fifo
   * must not hang the page */
  FILE *f = fopen(path, "re");
  struct stat st;
  if (f && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
    size_t len = 0, total = 0, k;
    FILE *m = open_memstream(&s->text, &len);
    char buf[65536];
    while (m && total < (64u << 20) && (k = fread(buf, 1, sizeof buf, f)) > 0) {
      fwrite(buf, 1, k, m);
      total += k;
    }
    if (m)
      fclose(m);
  }
  if (f)
    fclose(f);
  if (!s->text)
    return s;
  size_t cap = 0;
  for (char *l = s->text; *l;) {
    char *nl = strchr(l, '\n');
    if (s->nlines == cap) {
      cap = cap ? 2 * cap : 256;
      s->lines = oa_xrealloc(s->lines, cap * sizeof *s->lines);
    }
    s->lines[s->nlines++] = l;
    if (!nl)
      break;
    *nl = 0;
    l = nl + 1;
  }
  return s;
}

/* Splits "FILE:LINE[:COL]" and "FILE:FIRST-LAST|end" (last 0: end).
 * 0 when where names no place in a file. */
static int parse_where(const char *where, char *file, size_t n, long *first, long *last,
                       int *is_region)
{
  const char *c = strrchr(where, ':');
  if (!c || c == where)
    return 0;
  char *end;
  long a = strtol(c + 1, &end, 10);
  if (end == c + 1)
    return 0;
  if (*end == '-') {
    *is_region = 1;
    *first = a;
    *last = strcmp(end + 1, "end") == 0 ? 0 : strtol(end + 1, NULL, 10);
  } else if (*end == 0) {
    /* FILE:LINE:COL? */
    const char *c2 = c;
    while (c2 > where && c2[-1] != ':')
      c2--;
    long b = c2 > where ? strtol(c2, &end, 10) : 0;
    if (c2 > where + 1 && end == c && b > 0) {
      c = c2 - 1;
      a = b;
    }
    *is_region = 0;
    *first = *last = a;
  } else {
    return 0;
  }
  if ((size_t)(c - where) >= n || *first <= 0)
    return 0;
  memcpy(file, where, (size_t)(c - where));
  file[c - where] = 0;
  return 1;
}

/* The excerpt of where (added on first use); -1 when its file cannot be
 * read or the page has all the excerpts it takes. */
static long excerpt_of(oa_page *p, const char *where)
{
  if (!where)
    return -1;
  for (size_t i = 0; i < p->nex; i++)
    if (strcmp(p->ex[i].where, where) == 0)
      return (long)i;
  char file[4096];
  long first, last;
  int region;
  if (p->nex >= MAX_EXCERPTS || !parse_where(where, file, sizeof file, &first, &last, &region))
    return -1;
  size_t fi;
  src_file *s = source_file(p, file, &fi);
  if (!s->lines || (size_t)first > s->nlines)
    return -1;
  excerpt e = { oa_xstrdup(where), fi, first, last, region ? 0 : first };
  if (!region) {
    e.first = first > 2 ? first - 2 : 1;
    e.last = first + 3;
  } else if (last == 0 || last < first) {
    e.last = (long)s->nlines;
  }
  if ((size_t)e.last > s->nlines)
    e.last = (long)s->nlines;
  p->ex = oa_xrealloc(p->ex, (p->nex + 1) * sizeof *p->ex);
  p->ex[p->nex] = e;
  return (long)p->nex++;
}

/* A location: a link to its excerpt when its source is readable. */
static void where_link(oa_page *p, const char *kind, const oa_json *root, const char *path, ...)
    __attribute__((format(printf, 4, 5)));
static void where_link(oa_page *p, const char *kind, const oa_json *root, const char *path, ...)
{
  char key[256];
  va_list ap;
  va_start(ap, path);
  vsnprintf(key, sizeof key, path, ap);
  va_end(ap);
  const oa_json *v = lookup(root, key);
  long x = v && v->type == OA_JSTR ? excerpt_of(p, v->text) : -1;
  if (x >= 0)
    fprintf(p->o, "<a href=\"#src-%ld\">", x);
  fig(p->o, "span", "loc", kind, root, F_STR, "%s", key);
  if (x >= 0)
    fputs("</a>", p->o);
}

static void excerpt_lines(oa_page *p, const excerpt *e, long cap)
{
  const src_file *s = &p->files[e->file];
  long last = e->last;
  if (cap && last - e->first + 1 > cap)
    last = e->first + cap - 1;
  fputs("<pre class=\"src\">", p->o);
  for (long l = e->first; l <= last; l++) {
    const char *t = s->lines[l - 1];
    fprintf(p->o, "<span class=\"ln%s\">%5ld</span> ", l == e->mark ? " hl" : "", l);
    char clip[LINE_CHARS + 1];
    snprintf(clip, sizeof clip, "%s", t);
    if (l == e->mark)
      fputs("<b>", p->o);
    esc(p->o, clip);
    if (l == e->mark)
      fputs("</b>", p->o);
    fputc('\n', p->o);
  }
  if (last < e->last)
    fprintf(p->o, "      … %ld more line%s\n", e->last - last, e->last - last == 1 ? "" : "s");
  fputs("</pre>\n", p->o);
}

/* ---- sections ---- */

static void section(FILE *o, const char *id, const char *title)
{
  fprintf(o, "<section id=\"%s\"><h2>%s</h2>\n", id, title);
}

static size_t count(const oa_json *a)
{
  return a && a->type == OA_JARR ? a->n : 0;
}

/* A column of a table drawn from an array of the JSON: its heading, the
 * member of each element it shows (a dotted path), and how (F_LOC: a
 * location linked to its source lines). */
enum { F_LOC = F_STR + 1 };
typedef struct column {
  const char *title, *member;
  int f;
} column;

/* The table of root's array arr (a sortable HTML table, its first MAX_ROWS
 * elements); empty: the line to show when it has none. */
static void json_table(oa_page *p, const char *kind, const oa_json *root, const char *arr,
                       const column *cols, const char *empty)
{
  FILE *o = p->o;
  fputs("<div class=\"tw\"><table class=\"sort\"><thead><tr>", o);
  int ncols = 0;
  for (const column *c = cols; c->title; c++, ncols++)
    fprintf(o, "<th>%s</th>", c->title);
  fputs("</tr></thead><tbody>\n", o);
  size_t n = count(lookup(root, arr)), i;
  for (i = 0; i < n && i < MAX_ROWS && room(p); i++) {
    fputs("<tr>", o);
    for (const column *c = cols; c->title; c++) {
      if (c->f == F_LOC) {
        fputs("<td>", o);
        where_link(p, kind, root, "%s.%zu.%s", arr, i, c->member);
        fputs("</td>", o);
      } else {
        fig(o, "td", c->f == F_STR ? "" : "n", kind, root, (fmtk)c->f, "%s.%zu.%s", arr, i,
            c->member);
      }
    }
    fputs("</tr>\n", o);
  }
  if (!n && empty)
    fprintf(o, "<tr><td colspan=\"%d\">%s</td></tr>\n", ncols, empty);
  fputs("</tbody></table></div>\n", o);
  if (n > i)
    fprintf(o, "<p class=\"note\">%zu more rows are in the JSON report (--format json).</p>\n",
            n - i);
}

static const char *limit_name(const oa_page *p, size_t i, char *buf, size_t n);
static int has_band(const oa_scale_point *pt);

static void headline(oa_page *p)
{
  FILE *o = p->o;
  const oa_json *pr = doc(p, "profile"), *t = doc(p, "time"), *w = doc(p, "whatif"),
                *d = doc(p, "diff"), *r = doc(p, "race");
  section(o, "headline", "Summary");
  fputs("<div class=\"cards\">\n", o);
  const char *metric = pr ? oa_json_str(pr, "metric") : w ? oa_json_str(w, "metric")
                     : d ? oa_json_str(d, "metric") : NULL;
  char unit[64];
  snprintf(unit, sizeof unit, "%s", metric ? metric : "");
  if (pr) {
    /* the names of the text report's summary line */
    card(o, "parallelism", "profile", pr, F_PAR, "program.parallelism", "work / span");
    card(o, "work", "profile", pr, F_SI, "program.work", unit);
    card(o, "span", "profile", pr, F_SI, "program.span", unit);
    card(o, "tasking overhead", "profile", pr, F_PCT, "program.tasking_overhead_pct", "of work");
    if (oa_json_get(pr, "whatif"))
      card(o, "parallelism after what-if", "profile", pr, F_PAR, "whatif.parallelism_after",
           NULL);
  }
  if (t) {
    card(o, "achieved parallelism", "time", t, F_PAR, "achieved", "work time / wall");
    card(o, "wall time", "time", t, F_SEC, "wall", NULL);
    card(o, "threads", "time", t, F_INT, "threads", NULL);
  } else if (pr) {
    card(o, "threads", "profile", pr, F_INT, "threads", "largest team");
  }
  if (pr)
    card(o, "metric", "profile", pr, F_STR, "metric", NULL);
  if (w) {
    card(o, "parallelism now", "whatif", w, F_PAR, "parallelism_before", NULL);
    card(o, "target", "whatif", w, F_PAR, "target", NULL);
    card(o, "target reached", "whatif", w, F_STR, "reached", NULL);
    char last[32];
    size_t n = count(oa_json_get(w, "steps"));
    snprintf(last, sizeof last, "steps.%zu.parallelism", n ? n - 1 : 0);
    if (n)
      card(o, "after the last step", "whatif", w, F_PAR, last, NULL);
    if (!pr)
      card(o, "metric", "whatif", w, F_STR, "metric", NULL);
  }
  const oa_json *rk = doc(p, "ranks");
  if (rk) {
    char v[32];
    snprintf(v, sizeof v, "%zu", count(oa_json_get(rk, "ranks")));
    plain_card(o, "ranks", v, "MPI processes");
    card(o, "slowest rank", "ranks", rk, F_INT, "slowest", "the longest span");
    card(o, "metric", "ranks", rk, F_STR, "metric", NULL);
  }
  if (d) {
    card(o, "threads, base", "diff", d, F_INT, "threads.0", NULL);
    card(o, "threads, other", "diff", d, F_INT, "threads.1", NULL);
    card(o, "work inflation", "diff", d, F_X, "program.work_inflation", NULL);
    card(o, "span inflation", "diff", d, F_X, "program.span_inflation", NULL);
    card(o, "metric", "diff", d, F_STR, "metric", NULL);
  }
  if (p->scale && p->scale->npoints) {
    /* the largest team asked for */
    const oa_scale_result *s = p->scale;
    size_t top = 0;
    for (size_t i = 1; i < s->npoints; i++)
      if (s->points[i].threads > s->points[top].threads)
        top = i;
    const oa_scale_point *pt = &s->points[top];
    char v[64], lbl[64], unit[96], name[64];
    snprintf(v, sizeof v, "%u", s->recorded_threads);
    plain_card(o, "recorded threads", v, NULL);
    snprintf(lbl, sizeof lbl, "predicted speedup at %u", pt->threads);
    snprintf(v, sizeof v, "%.2f", pt->speedup);
    snprintf(unit, sizeof unit, "low %.2f, high %.2f", pt->speedup_low, pt->speedup_high);
    plain_card(o, lbl, v, has_band(pt) ? unit : NULL);
    snprintf(lbl, sizeof lbl, "parallelism at %u", pt->threads);
    snprintf(v, sizeof v, "%.2f", pt->parallelism);
    plain_card(o, lbl, v, "work / span");
    snprintf(lbl, sizeof lbl, "limit at %u", pt->threads);
    snprintf(unit, sizeof unit, "%.1f%% of the span", 100 * pt->limit_share);
    plain_card(o, lbl, limit_name(p, top, name, sizeof name), unit);
    if (!pr && s->npoints && p->scale_unit[0])
      plain_card(o, "metric", p->scale_unit, NULL);
  }
  if (r) {
    card(o, "races", "race", r, F_INT, "summary.races", NULL);
    card(o, "detector", "race", r, F_STR, "detector", NULL);
    card(o, "threads", "race", r, F_INT, "threads", NULL);
    card(o, "accesses checked", "race", r, F_SI, "summary.accesses", NULL);
    card(o, "whole run checked", "race", r, F_STR, "summary.complete", NULL);
  }
  fputs("</div>\n", o);
  if (t) {
    /* where the threads' time went, as one bar */
    static const struct { const char *key, *label, *color; } cls[] = {
      { "work", "work", "#2e7d32" }, { "overhead", "overhead", "#9e9e9e" },
      { "delay", "delay", "#ef6c00" }, { "no_work", "no work", "#b0bec5" },
      { "lock_wait", "lock wait", "#c62828" }, { "preempted", "preempted (off-core)", "#6a1b9a" },
    };
    const size_t ncls = sizeof cls / sizeof *cls;
    const oa_json *b = oa_json_get(t, "breakdown");
    double total = 0;
    for (size_t i = 0; i < ncls; i++)
      total += oa_json_num(b, cls[i].key, 0);
    fputs("<h3>Where the threads' time went</h3><div class=\"stack\">", o);
    for (size_t i = 0; i < ncls; i++) {
      double v = oa_json_num(b, cls[i].key, 0);
      if (total > 0 && v > 0)
        fprintf(o, "<div style=\"width:%.3f%%;background:%s\" title=\"%s %.1f%%\"></div>",
                100 * v / total, cls[i].color, cls[i].label, 100 * v / total);
    }
    fputs("</div><ul class=\"legend\">", o);
    for (size_t i = 0; i < ncls; i++) {
      char k[64];
      snprintf(k, sizeof k, "breakdown.%s", cls[i].key);
      fprintf(o, "<li><i style=\"background:%s\"></i>%s ", cls[i].color, cls[i].label);
      fig(o, "span", "", "time", t, F_SEC, "%s", k);
      fprintf(o, " (%.1f%%)</li>", total > 0 ? 100 * oa_json_num(b, cls[i].key, 0) / total : 0);
    }
    fputs("</ul>\n<p class=\"note\">Work: the threads' wall time in the program's code, "
          "less the time they were preempted: runnable but off their cores while other "
          "threads or processes had them (a busy machine's time, neither the program's work "
          "nor the runtime's delay). The profile's work, in its metric, leaves that off-core "
          "time out too (and time blocked in the code, such as sleeping): where the code "
          "computes, the two agree.</p>\n", o);
  }
  fputs("</section>\n", o);
}

static void findings(oa_page *p)
{
  const oa_json *t = doc(p, "time");
  const oa_json *f = oa_json_get(t, "findings");
  FILE *o = p->o;
  section(o, "findings", "Findings, most severe first");
  if (!count(f))
    fputs("<p>No finding: nothing stood out in where the threads' time went.</p>\n", o);
  else
    fputs("<p class=\"note\">Severity: the share of the phase's thread time the property "
          "costs.</p><ol class=\"findings\">\n", o);
  size_t i;
  for (i = 0; i < count(f) && i < MAX_ROWS && room(p); i++) {
    fputs("<li>", o);
    fig(o, "span", "sev", "time", t, F_FRAC, "findings.%zu.severity", i);
    fputs(" ", o);
    fig(o, "b", "", "time", t, F_STR, "findings.%zu.property", i);
    fputs(" at ", o);
    where_link(p, "time", t, "findings.%zu.location", i);
    fputs("<div>", o);
    fig(o, "span", "", "time", t, F_STR, "findings.%zu.detail", i);
    fputs("</div><div class=\"hint\">try: ", o);
    fig(o, "span", "", "time", t, F_STR, "findings.%zu.hint", i);
    fputs("</div></li>\n", o);
  }
  if (count(f))
    fputs("</ol>\n", o);
  if (count(f) > i)
    fprintf(o, "<p class=\"note\">%zu more findings are in the JSON report (--format json)."
            "</p>\n", count(f) - i);
  fputs("</section>\n", o);
}

static void directives(oa_page *p)
{
  const oa_json *pr = doc(p, "profile");
  FILE *o = p->o;
  section(o, "directives", "Directives");
  /* The text report's columns, under its names and with its meanings
   * (ompadv-profile(1)); the JSON calls serial "span", serial%
   * "serial_work_pct" and tasking% "tasking_overhead_pct". */
  fputs("<p class=\"note\">One row per OpenMP directive, in the text report's order (serial% "
        "first). <b>work</b>: the work inside the directive, the directives nested in it "
        "included; <b>serial</b>: its serial work, the span of each outermost instance summed "
        "over them (work and serial are in the metric's units, and nest); "
        "<b>parallelism</b>: work / serial; <b>serial%</b>: the share of the program's span "
        "that the directive's own code holds (it adds up to 100% over the rows); "
        "<b>tasking%</b>: the estimated cost of creating its tasks, as a percentage of its "
        "work; <b>instances</b>: its outermost instances. Click a heading to sort.</p>\n", o);
  static const column cols[] = {
    { "location", "location", F_LOC }, { "construct", "construct", F_STR },
    { "work", "work", F_SI }, { "serial", "span", F_SI }, { "parallelism", "parallelism", F_PAR },
    { "serial%", "serial_work_pct", F_PCT }, { "tasking%", "tasking_overhead_pct", F_PCT },
    { "instances", "instances", F_INT }, { NULL, NULL, 0 },
  };
  json_table(p, "profile", pr, "regions", cols, NULL);
  fputs("</section>\n", o);
}

static int by_serial(const void *a, const void *b, void *ctx)
{
  const oa_json *rg = ctx;
  double x = oa_json_num(oa_json_at(rg, *(const size_t *)a), "serial_work_pct", 0);
  double y = oa_json_num(oa_json_at(rg, *(const size_t *)b), "serial_work_pct", 0);
  return (x < y) - (x > y);
}

static const char *const palette[] = { "#1565c0", "#2e7d32", "#ef6c00", "#6a1b9a", "#00838f",
                                       "#ad1457", "#5d4037", "#9e9d24" };
#define NPALETTE (sizeof palette / sizeof palette[0])

/* The row of the profile's regions with r's location and construct, or -1. */
static long region_row(const oa_json *rg, const oa_json *r)
{
  const char *loc = oa_json_str(r, "location"), *c = oa_json_str(r, "construct");
  for (size_t i = 0; loc && c && i < count(rg); i++) {
    const oa_json *x = oa_json_at(rg, i);
    const char *xl = oa_json_str(x, "location"), *xc = oa_json_str(x, "construct");
    if (xl && xc && strcmp(xl, loc) == 0 && strcmp(xc, c) == 0)
      return (long)i;
  }
  return -1;
}

/* A long list shows its first PATH_SHOWN items; the rest wait behind a
 * "show all" that needs no script (<details>). */
enum { PATH_SHOWN = 10 };

static void more_open(FILE *o, size_t k, size_t n)
{
  if (k == PATH_SHOWN && n > PATH_SHOWN)
    fprintf(o, "<details class=\"more\"><summary>show all %zu (%zu more)</summary>\n", n,
            n - PATH_SHOWN);
}

static void more_close(FILE *o, size_t k)
{
  if (k > PATH_SHOWN)
    fputs("</details>\n", o);
}

/* A path in order: one strip of its pieces, then a row per piece with its
 * share of the path and where it first comes along it.  key: the member
 * naming each piece: "location" (the profile's directives: the share is
 * the directive's serial%, the text report's column) or "region" (the
 * what-if's regions: their serial work, as whatif's text names it);
 * total: the path's length. */
static void ordered_path(oa_page *p, const char *kind, const oa_json *root, const char *arr,
                         const char *key, double total)
{
  FILE *o = p->o;
  const oa_json *cp = oa_json_get(root, arr);
  const oa_json *rg = oa_json_get(root, "regions");
  int by_directive = strcmp(key, "location") == 0;
  size_t n = count(cp);
  fputs("<div class=\"stack path\">", o);
  for (size_t k = 0; k < n && total > 0; k++) {
    const oa_json *r = oa_json_at(cp, k);
    double v = 100 * oa_json_num(r, "serial_work", 0) / total;
    fprintf(o, "<div style=\"width:%.3f%%;min-width:3px;background:%s\" title=\"%zu. ",
            v, palette[k % NPALETTE], k + 1);
    esc(o, oa_json_str(r, key));
    fprintf(o, " %.1f%%\"></div>", v);
  }
  fputs("</div>\n<div class=\"bars\">\n", o);
  size_t k;
  for (k = 0; k < n && k < MAX_ROWS && room(p); k++) {
    const oa_json *r = oa_json_at(cp, k);
    more_open(o, k, n < MAX_ROWS ? n : MAX_ROWS);
    fprintf(o, "<div class=\"brow\"><div class=\"blbl\"><i class=\"sw\" style=\"background:"
            "%s\"></i>%zu. ", palette[k % NPALETTE], k + 1);
    where_link(p, kind, root, "%s.%zu.%s", arr, k, key);
    if (oa_json_str(r, "construct")) {
      fputs(" <span class=\"kind\">", o);
      esc(o, oa_json_str(r, "construct"));
      fputs("</span>", o);
    }
    fputs(" <span class=\"kind\">from ", o);
    fig(o, "span", "", kind, root, F_SI, "%s.%zu.from", arr, k);
    fputs("</span></div>", o);
    bar(o, total > 0 ? oa_json_num(r, "serial_work", 0) / total : 0, palette[k % NPALETTE], 0);
    long x = by_directive ? region_row(rg, r) : -1;
    if (x >= 0)
      fig(o, "div", "bval", kind, root, F_PCT, "regions.%ld.serial_work_pct", x);
    else
      fig(o, "div", "bval", kind, root, F_SI, "%s.%zu.serial_work", arr, k);
    fputs("</div>\n", o);
  }
  more_close(o, k);
  fputs("</div>\n", o);
  if (n > k)
    fprintf(o, "<p class=\"note\">%zu more are in the JSON report (--format json).</p>\n",
            n - k);
}

static void critical_path(oa_page *p)
{
  const oa_json *pr = doc(p, "profile");
  const oa_json *rg = oa_json_get(pr, "regions");
  FILE *o = p->o;
  section(o, "critical-path", "The critical path");
  fputs("<p class=\"note\">The span is the longest chain of work that must run one piece after "
        "another, whatever the number of threads: no schedule runs the program faster. ", o);
  if (oa_json_get(pr, "critical_path")) {
    fputs("These directives' own code makes it up, in the order each first comes along it "
          "(from: how far along the path, in the metric's units); each bar is the directive's "
          "serial%, the share of the span its own code holds.</p>\n", o);
    ordered_path(p, "profile", pr, "critical_path", "location",
                 oa_json_num(oa_json_get(pr, "program"), "span", 0));
    fputs("</section>\n", o);
    return;
  }
  /* the online profile keeps each directive's share, not the order */
  fputs("Each bar is a directive's serial%, the share of it that the directive's own code "
        "holds, largest first. The order along the path is known offline: ompadv record (or "
        "time) -o FILE, then ompadv report -i FILE --html PAGE.</p>\n", o);
  size_t n = count(rg), on = 0;
  size_t *ix = oa_xcalloc(n + 1, sizeof *ix);
  for (size_t i = 0; i < n; i++) {
    ix[i] = i;
    on += oa_json_num(oa_json_at(rg, i), "serial_work_pct", 0) > 0;
  }
  qsort_r(ix, n, sizeof *ix, by_serial, (void *)rg);
  fputs("<div class=\"bars\">\n", o);
  size_t shown;
  for (shown = 0; shown < n && shown < MAX_BARS && room(p); shown++) {
    const oa_json *r = oa_json_at(rg, ix[shown]);
    double v = oa_json_num(r, "serial_work_pct", 0);
    if (v <= 0)
      break;
    more_open(o, shown, on < MAX_BARS ? on : MAX_BARS);
    fputs("<div class=\"brow\"><div class=\"blbl\">", o);
    where_link(p, "profile", pr, "regions.%zu.location", ix[shown]);
    fputs(" <span class=\"kind\">", o);
    esc(o, oa_json_str(r, "construct"));
    fputs("</span></div>", o);
    bar(o, v / 100, palette[shown % NPALETTE], 0);
    fig(o, "div", "bval", "profile", pr, F_PCT, "regions.%zu.serial_work_pct", ix[shown]);
    fputs("</div>\n", o);
  }
  more_close(o, shown);
  fputs("</div>\n", o);
  free(ix);
  fputs("</section>\n", o);
}

/* Nice tick spacing for a range: 1, 2 or 5 times a power of ten (the
 * range itself when it is not a positive finite number). */
static double tick_step(double range, int want)
{
  if (!(range > 0) || !isfinite(range))
    return 1;
  double raw = range / want, p = pow(10, floor(log10(raw)));
  double m = raw / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/* The timeline: threads running work, lock waits stacked on them, the
 * fragments ready or running (available parallelism), the team size and
 * the logical parallelism; averaged down to TL_POINTS slices. */
static void timeline(oa_page *p)
{
  const oa_json *t = doc(p, "time"), *tl = doc(p, "timeline");
  FILE *o = p->o;
  section(o, "timeline", "Timeline");
  size_t n = count(tl);
  double wall = oa_json_num(t, "wall", 0), threads = oa_json_num(t, "threads", 1);
  if (!(threads >= 1) || !isfinite(threads))
    threads = 1;
  double par = oa_json_num(t, "parallelism", 0);
  if (!n || !(wall > 0) || !isfinite(wall)) {
    fputs("<p>The run left no timeline.</p></section>\n", o);
    return;
  }
  size_t k = (n + TL_POINTS - 1) / TL_POINTS, m = (n + k - 1) / k;
  double *ts = oa_xcalloc(m + 1, sizeof *ts), *run = oa_xcalloc(m, sizeof *run),
         *rdy = oa_xcalloc(m, sizeof *rdy), *lck = oa_xcalloc(m, sizeof *lck);
  double top = threads, maxrdy = 0;
  for (size_t j = 0; j < m; j++) {
    size_t c = 0;
    for (size_t i = j * k; i < n && i < (j + 1) * k; i++, c++) {
      const oa_json *pt = oa_json_at(tl, i);
      if (c == 0)
        ts[j] = oa_json_at(pt, 0) ? oa_json_at(pt, 0)->num : 0;
      run[j] += oa_json_at(pt, 1) ? oa_json_at(pt, 1)->num : 0;
      rdy[j] += oa_json_at(pt, 2) ? oa_json_at(pt, 2)->num : 0;
      lck[j] += oa_json_at(pt, 3) ? oa_json_at(pt, 3)->num : 0;
    }
    run[j] /= (double)c;
    rdy[j] /= (double)c;
    lck[j] /= (double)c;
    if (run[j] + lck[j] > top)
      top = run[j] + lck[j];
    if (rdy[j] > maxrdy)
      maxrdy = rdy[j];
  }
  ts[m] = wall;
  double cap = 2 * threads;
  top = fmax(top, fmin(fmax(maxrdy, par), cap));
  top = ceil(top * 1.05);
  if (!(top >= 1) || !isfinite(top))
    top = threads;
  fprintf(o, "<p class=\"note\">Over the run (%zu slices of %.3g ms): threads running the "
          "program's code, threads waiting for a lock, and the fragments ready or running: the "
          "parallelism available at that moment. The gap between the blue line and the green "
          "area is ready work no thread was running; the dashed lines are the team size and "
          "the program's logical parallelism.%s Drag across the chart to zoom in, double-click "
          "to zoom out.</p>\n", m, 1e3 * wall / (double)m,
          maxrdy > top ? " Ready fragments above the top of the chart are cut off there." : "");
  fprintf(o, "<svg class=\"tl\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"timeline\">\n",
          TL_W + 60, TL_H + 40);
  /* y axis */
  double ys = tick_step(top, 5);
  for (double y = 0; y <= top + 1e-9; y += ys) {
    double py = 10 + TL_H - y / top * TL_H;
    fprintf(o, "<line x1=\"50\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>"
            "<text x=\"44\" y=\"%.1f\" class=\"ya\">%g</text>\n", TL_W + 50, py, py, py + 4, y);
  }
  fprintf(o, "<svg id=\"tl-plot\" x=\"50\" y=\"10\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d "
          "%d\" preserveAspectRatio=\"none\" data-wall=\"%.9g\">\n", TL_W, TL_H, TL_W, TL_H, wall);
  /* running: a step area from the bottom */
#define X(i) (ts[i] / wall * TL_W)
#define Y(v) (TL_H - fmin(v, top) / top * TL_H)
  fprintf(o, "<path class=\"run\" d=\"M0,%d", TL_H);
  for (size_t j = 0; j < m; j++)
    fprintf(o, "L%.2f,%.1fL%.2f,%.1f", X(j), Y(run[j]), X(j + 1), Y(run[j]));
  fprintf(o, "L%d,%dZ\"/>\n", TL_W, TL_H);
  /* lock waits stacked on running: along the top, back along running */
  fputs("<path class=\"lock\" d=\"M0,", o);
  fprintf(o, "%.1f", Y(run[0]));
  for (size_t j = 0; j < m; j++)
    fprintf(o, "L%.2f,%.1fL%.2f,%.1f", X(j), Y(run[j] + lck[j]), X(j + 1), Y(run[j] + lck[j]));
  for (size_t j = m; j-- > 0;)
    fprintf(o, "L%.2f,%.1fL%.2f,%.1f", X(j + 1), Y(run[j]), X(j), Y(run[j]));
  fputs("Z\"/>\n<path class=\"ready\" d=\"M", o);
  for (size_t j = 0; j < m; j++)
    fprintf(o, "%s%.2f,%.1fL%.2f,%.1f", j ? "L" : "", X(j), Y(rdy[j]), X(j + 1), Y(rdy[j]));
  fprintf(o, "\"/>\n<path class=\"thr\" d=\"M0,%.1fH%d\"/>\n", Y(threads), TL_W);
  if (par > 0)
    fprintf(o, "<path class=\"par\" d=\"M0,%.1fH%d\"/>\n", Y(par), TL_W);
#undef X
#undef Y
  fputs("</svg>\n", o);
  fprintf(o, "<text x=\"%d\" y=\"%.1f\" class=\"lt\">%d threads</text>\n", TL_W + 48,
          10 + TL_H - fmin(threads, top) / top * TL_H - 3, (int)threads);
  if (par > 0)
    fprintf(o, "<text x=\"%d\" y=\"%.1f\" class=\"lt par\">logical parallelism %.2f%s</text>\n",
            TL_W + 48, fmax(10 + TL_H - fmin(par, top) / top * TL_H - 3, 24), par,
            par > top ? " (above the chart)" : "");
  /* x axis: redrawn by the script when zoomed */
  fprintf(o, "<g id=\"tl-xaxis\" transform=\"translate(50,%d)\">", TL_H + 10);
  double xs = tick_step(wall, 8);
  for (double x = 0; x <= wall * (1 + 1e-9); x += xs)
    fprintf(o, "<text x=\"%.1f\" y=\"16\" class=\"xa\">%.4g s</text>", x / wall * TL_W, x);
  fputs("</g>\n<rect id=\"tl-sel\" y=\"10\" height=\"240\" width=\"0\"/></svg>\n", o);
  fputs("<ul class=\"legend\"><li><i style=\"background:#2e7d32\"></i>threads running work</li>"
        "<li><i style=\"background:#c62828\"></i>threads waiting for a lock</li>"
        "<li><i style=\"background:#1565c0\"></i>fragments ready or running</li>"
        "<li><i style=\"background:#6a1b9a\"></i>logical parallelism</li>"
        "<li><i style=\"background:#757575\"></i>threads</li></ul>\n", o);
  free(ts);
  free(run);
  free(rdy);
  free(lck);
  fputs("</section>\n", o);
}

/* `report -i 'app.*.data'`: the ranks of an MPI job, and the directives
 * merged over them, in the text report's columns. */
static void ranks(oa_page *p)
{
  const oa_json *rk = doc(p, "ranks");
  FILE *o = p->o;
  section(o, "ranks", "Ranks");
  fputs("<p class=\"note\">One row per rank (recording). <b>parallelism</b>: the rank's work / "
        "span; <b>achieved</b>: its work over its elapsed time (with the tsc metric); "
        "<b>in MPI</b>: the share of its elapsed time its threads spent in MPI calls. That time "
        "is elapsed but no directive's work, so it lowers achieved, not parallelism (which is "
        "the OpenMP parallelism between the calls).</p>\n", o);
  static const column cols[] = {
    { "rank", "rank", F_INT }, { "recording", "recording", F_STR },
    { "parallelism", "parallelism", F_PAR }, { "achieved", "achieved_parallelism", F_PAR },
    { "work", "work", F_SI }, { "span", "span", F_SI }, { "threads", "threads", F_INT },
    { "elapsed", "elapsed_s", F_SEC }, { "in MPI", "mpi_pct", F_PCT }, { NULL, NULL, 0 },
  };
  json_table(p, "ranks", rk, "ranks", cols, NULL);
  fputs("<h3 id=\"rank-directives\">Directives over the ranks</h3>\n<p class=\"note\">Each "
        "directive's work summed over the ranks, the ranks that ran it, and its worst rank: "
        "the one with its longest serial work, with its parallelism there.</p>\n", o);
  static const column mcols[] = {
    { "location", "location", F_LOC }, { "construct", "construct", F_STR },
    { "work", "work", F_SI }, { "ranks", "ranks", F_INT }, { "worst rank", "worst_rank", F_INT },
    { "worst serial", "worst_serial", F_SI }, { "parallelism", "worst_parallelism", F_PAR },
    { NULL, NULL, 0 },
  };
  json_table(p, "ranks", rk, "regions", mcols, NULL);
  fputs("</section>\n", o);
}

static void time_tables(oa_page *p)
{
  const oa_json *t = doc(p, "time");
  FILE *o = p->o;
  section(o, "threads-time", "Thread time per directive");
  fputs("<p class=\"note\">Thread time spent in each directive's code, or waiting at it; "
        "blamed: the other threads' waiting while this code ran (for a lock: while it held "
        "the lock).</p>\n", o);
  static const column cols[] = {
    { "location", "location", F_LOC }, { "construct", "construct", F_STR },
    { "work", "work", F_SEC }, { "overhead", "overhead", F_SEC }, { "delay", "delay", F_SEC },
    { "no work", "no_work", F_SEC }, { "lock wait", "lock_wait", F_SEC },
    { "preempted", "preempted", F_SEC }, { "blamed", "blamed", F_SEC }, { NULL, NULL, 0 },
  };
  json_table(p, "time", t, "regions", cols, NULL);
  fputs("<h3 id=\"tasks\">Task lifecycles</h3>\n<p class=\"note\">Per task directive: the "
        "creating thread's time to create one, the time from ready to first start (waiting in "
        "the pool), running, and suspended; median and 90th percentile.</p>\n", o);
  static const column tcols[] = {
    { "location", "location", F_LOC }, { "tasks", "count", F_INT },
    { "create", "create.median", F_SEC }, { "create p90", "create.p90", F_SEC },
    { "pool wait", "wait.median", F_SEC }, { "pool wait p90", "wait.p90", F_SEC },
    { "run", "exec.median", F_SEC }, { "run p90", "exec.p90", F_SEC },
    { "suspended", "suspended.median", F_SEC }, { "suspended p90", "suspended.p90", F_SEC },
    { NULL, NULL, 0 },
  };
  json_table(p, "time", t, "tasks", tcols, "no explicit task ran");
  fputs("</section>\n", o);
}

/* What-if: the automatic steps of `whatif --target`, or the regions of
 * `report --region`. */
/* What-if comes right after the summary: its answer first (the text's
 * first line), then the steps in the text's columns, and the candidates
 * (the critical path by region) last, collapsed past PATH_SHOWN. */
static void whatif(oa_page *p)
{
  const oa_json *w = doc(p, "whatif"), *pr = doc(p, "profile");
  const oa_json *pw = oa_json_get(pr, "whatif");
  FILE *o = p->o;
  if (!w && !pw)
    return;
  section(o, "whatif", "What-if");
  if (w) {
    const oa_json *st = oa_json_get(w, "steps");
    const oa_json *reached = oa_json_get(w, "reached");
    int ok = reached && reached->num;
    size_t n = count(st);
    double target = oa_json_num(w, "target", 0), scale = target;
    for (size_t i = 0; i < n; i++)
      scale = fmax(scale, oa_json_num(oa_json_at(st, i), "parallelism", 0));
    scale *= 1.05;
    fputs("<p class=\"answer\" id=\"whatif-answer\">Target parallelism ", o);
    fig(o, "b", "", "whatif", w, F_STR, "target");
    fprintf(o, ": <b>%s</b> (parallelism ", ok ? "reached" : "NOT reachable by parallelizing "
            "regions");
    fig(o, "span", "", "whatif", w, F_PAR, "parallelism_before");
    fputs(" → ", o);
    if (n)
      fig(o, "b", "", "whatif", w, F_PAR, "steps.%zu.parallelism", n - 1);
    else
      fig(o, "b", "", "whatif", w, F_PAR, "parallelism_before");
    fprintf(o, " with %zu region%s parallelized x", n, n == 1 ? "" : "s");
    fig(o, "span", "", "whatif", w, F_STR, "factor");
    fputs("; serial work in ", o);
    fig(o, "span", "", "whatif", w, F_STR, "metric");
    fputs(")</p>\n", o);
    if (!n)
      fprintf(o, "<p>%s</p>\n", ok ? "The program's parallelism is already at least the target."
              : "No region with serial work on the critical path is left to parallelize.");
    /* whatif's text table: step, region, serial work (the region's on the
     * critical path when chosen), parallelism (after the step), gain */
    fputs("<div class=\"tw\"><table class=\"sort\"><thead><tr><th>step</th><th>region</th>"
          "<th>serial work</th><th>parallelism</th><th>gain</th></tr></thead><tbody>\n", o);
    double prev = oa_json_num(w, "parallelism_before", 0);
    size_t i;
    for (i = 0; i < n && i < MAX_ROWS && room(p); i++) {
      double now = oa_json_num(oa_json_at(st, i), "parallelism", 0);
      fprintf(o, "<tr><td class=\"n\" data-v=\"%zu\">%zu</td><td>", i + 1, i + 1);
      where_link(p, "whatif", w, "steps.%zu.region", i);
      fputs("</td>", o);
      fig(o, "td", "n", "whatif", w, F_SI, "steps.%zu.serial_work", i);
      fig(o, "td", "n", "whatif", w, F_PAR, "steps.%zu.parallelism", i);
      double gain = prev > 0 ? now / prev : 0;
      fprintf(o, "<td class=\"n\" data-v=\"%.4f\">%.2fx</td></tr>\n", gain, gain);
      prev = now;
    }
    if (!n)
      fputs("<tr><td colspan=\"5\">no step: no region could raise the parallelism</td></tr>\n",
            o);
    fputs("</tbody></table></div>\n", o);
    if (n > i)
      fprintf(o, "<p class=\"note\">%zu more steps are in the JSON report (--format json)."
              "</p>\n", n - i);
    fputs("<p class=\"note\">The parallelism after each step, each step imagining one more "
          "region parallelized by the factor; the dashed mark is the target.</p>\n"
          "<div class=\"bars\">\n<div class=\"brow\"><div class=\"blbl\">now</div>", o);
    bar(o, oa_json_num(w, "parallelism_before", 0) / scale, "#9e9e9e", target / scale);
    fig(o, "div", "bval", "whatif", w, F_PAR, "parallelism_before");
    fputs("</div>\n", o);
    for (i = 0; i < n && i < MAX_BARS && room(p); i++) {
      fprintf(o, "<div class=\"brow\"><div class=\"blbl\">%zu. ", i + 1);
      where_link(p, "whatif", w, "steps.%zu.region", i);
      fputs("</div>", o);
      bar(o, oa_json_num(oa_json_at(st, i), "parallelism", 0) / scale, "#1565c0",
          target / scale);
      fig(o, "div", "bval", "whatif", w, F_PAR, "steps.%zu.parallelism", i);
      fputs("</div>\n", o);
    }
    fputs("</div>\n", o);
    const oa_json *cp = oa_json_get(w, "critical_path");
    double total = 0;
    for (size_t k = 0; k < count(cp); k++)
      total += oa_json_num(oa_json_at(cp, k), "serial_work", 0);
    fputs("<h3 id=\"path-regions\">The critical path by program region, in order</h3>\n"
          "<p class=\"note\">Before any step: the regions (the source between the constructs "
          "that begin and end a fragment) whose code makes up the span, in the order each "
          "first comes along it, with their serial work on it: the candidates the steps "
          "choose from.</p>\n", o);
    ordered_path(p, "whatif", w, "critical_path", "region", total);
  }
  if (pw) {
    double a = oa_json_num(pw, "parallelism_before", 0), b = oa_json_num(pw, "parallelism_after",
                                                                         0);
    double scale = fmax(a, b) * 1.05;
    /* the text's first line: what-if parallelism BEFORE -> AFTER */
    fputs("<p class=\"answer\" id=\"whatif-answer\">What-if parallelism ", o);
    fig(o, "span", "", "profile", pr, F_PAR, "whatif.parallelism_before");
    fputs(" → ", o);
    fig(o, "b", "", "profile", pr, F_PAR, "whatif.parallelism_after");
    fputs("</p>\n<div class=\"bars\"><div class=\"brow\"><div class=\"blbl\">before</div>", o);
    bar(o, scale > 0 ? a / scale : 0, "#9e9e9e", 0);
    fig(o, "div", "bval", "profile", pr, F_PAR, "whatif.parallelism_before");
    fputs("</div><div class=\"brow\"><div class=\"blbl\">after</div>", o);
    bar(o, scale > 0 ? b / scale : 0, "#1565c0", 0);
    fig(o, "div", "bval", "profile", pr, F_PAR, "whatif.parallelism_after");
    fputs("</div></div>\n<ul>\n", o);
    const oa_json *rs = oa_json_get(pw, "regions");
    for (size_t i = 0; i < count(rs) && i < MAX_ROWS; i++) {
      fputs("<li>parallelized ", o);
      where_link(p, "profile", pr, "whatif.regions.%zu.region", i);
      fputs(" x", o);
      fig(o, "span", "", "profile", pr, F_STR, "whatif.regions.%zu.factor", i);
      fputs("</li>\n", o);
    }
    fputs("</ul>\n", o);
  }
  fputs("</section>\n", o);
}

static void diff(oa_page *p)
{
  const oa_json *d = doc(p, "diff");
  const oa_json *rg = oa_json_get(d, "regions");
  FILE *o = p->o;
  size_t n = count(rg);
  section(o, "diff", "Work inflation per region");
  fputs("<p class=\"note\">How much more work each region did with the second run's threads "
        "than with the first's (1.00x: none), the regions holding most of the critical path "
        "first. Inflation comes from false sharing, memory bandwidth and contention. Red: "
        "above the threshold and on the critical path. The mark is 1.00x.</p>\n", o);
  double scale = 2;
  for (size_t i = 0; i < n && i < MAX_BARS; i++)
    scale = fmax(scale, oa_json_num(oa_json_at(rg, i), "work_inflation", 0));
  scale *= 1.05;
  fputs("<div class=\"bars\">\n", o);
  for (size_t i = 0; i < n && i < MAX_BARS && room(p); i++) {
    const oa_json *r = oa_json_at(rg, i);
    fputs("<div class=\"brow\"><div class=\"blbl\">", o);
    where_link(p, "diff", d, "regions.%zu.region", i);
    fputs("</div>", o);
    const oa_json *fl = oa_json_get(r, "flagged");
    bar(o, oa_json_num(r, "work_inflation", 0) / scale,
        fl && fl->num ? "#c62828" : "#1565c0", 1 / scale);
    fig(o, "div", "bval", "diff", d, F_X, "regions.%zu.work_inflation", i);
    fputs("</div>\n", o);
  }
  fputs("</div>\n", o);
  static const column cols[] = {
    { "region", "region", F_LOC }, { "work, base", "work_base", F_SI },
    { "work, other", "work_other", F_SI }, { "work inflation", "work_inflation", F_X },
    { "span, base", "span_base", F_SI }, { "span, other", "span_other", F_SI },
    { "span inflation", "span_inflation", F_X }, { "spmd", "spmd", F_STR },
    { "flagged", "flagged", F_STR }, { NULL, NULL, 0 },
  };
  json_table(p, "diff", d, "regions", cols, NULL);
  fputs("</section>\n", o);
}

/* One access of a race: what, where, by whom, its stack and its line. */
static void race_access(oa_page *p, const oa_json *r, size_t i, const char *which)
{
  FILE *o = p->o;
  const oa_json *a = oa_json_get(oa_json_at(oa_json_get(r, "races"), i), which);
  fprintf(o, "<div class=\"acc\"><h4>%s access: ", strcmp(which, "first") ? "later" : "earlier");
  fig(o, "span", "", "race", r, F_STR, "races.%zu.%s.access", i, which);
  if (oa_json_get(a, "size")) {
    fputs(" of ", o);
    fig(o, "span", "", "race", r, F_INT, "races.%zu.%s.size", i, which);
    fputs(" bytes", o);
  }
  fputs(" by thread ", o);
  fig(o, "span", "", "race", r, F_INT, "races.%zu.%s.thread", i, which);
  fputs("</h4><ol class=\"stack\" start=\"0\"><li>", o);
  fig(o, "span", "fn", "race", r, F_STR, "races.%zu.%s.function", i, which);
  fputs(" ", o);
  where_link(p, "race", r, "races.%zu.%s.location", i, which);
  fputs("</li>", o);
  const oa_json *cs = oa_json_get(a, "callers");
  for (size_t k = 0; k < count(cs) && k < MAX_FRAMES; k++) {
    fputs("<li>", o);
    fig(o, "span", "fn", "race", r, F_STR, "races.%zu.%s.callers.%zu.function", i, which, k);
    fputs(" ", o);
    where_link(p, "race", r, "races.%zu.%s.callers.%zu.location", i, which, k);
    fputs("</li>", o);
  }
  fputs("</ol>", o);
  if (!cs && strcmp(which, "first") == 0)
    fputs("<p class=\"note\">Only the earlier access's own frame is kept; run ompadv race with "
          "--earlier-stacks for its whole stack.</p>", o);
  if (oa_json_get(a, "construct_location")) {
    fputs("<p>in the ", o);
    fig(o, "span", "", "race", r, F_STR, "races.%zu.%s.construct", i, which);
    fputs(" at ", o);
    where_link(p, "race", r, "races.%zu.%s.construct_location", i, which);
    fputs("</p>", o);
  }
  long x = excerpt_of(p, oa_json_str(a, "location"));
  if (x >= 0)
    excerpt_lines(p, &p->ex[x], 0);
  fputs("</div>\n", o);
}

static void races(oa_page *p)
{
  const oa_json *r = doc(p, "race");
  const oa_json *rs = oa_json_get(r, "races");
  FILE *o = p->o;
  size_t n = count(rs);
  section(o, "races", "Data races");
  const oa_json *complete = oa_json_get(oa_json_get(r, "summary"), "complete");
  if (n && complete && !complete->num)
    fputs("<p class=\"note\">The run ended early (the program was killed or crashed): these are "
          "the races in the part of it that ran.</p>\n", o);
  if (!n) {
    fputs("<p>No data race found", o);
    if (complete && !complete->num)
      fputs(" in the part of the run that was checked (the run ended early)", o);
    fputs(".</p>\n", o);
  }
  size_t i;
  for (i = 0; i < n && i < MAX_RACES && room(p); i++) {
    const oa_json *x = oa_json_at(rs, i);
    fprintf(o, "<div class=\"race\"><h3>%zu. Race on ", i + 1);
    if (oa_json_str(x, "variable"))
      fig(o, "code", "", "race", r, F_STR, "races.%zu.variable", i);
    else
      fputs("memory", o);
    fputs(" at ", o);
    fig(o, "code", "", "race", r, F_STR, "races.%zu.address", i);
    fputs(" (", o);
    fig(o, "span", "", "race", r, F_STR, "races.%zu.memory", i);
    fputs(" memory)", o);
    const oa_json *known = oa_json_get(x, "known");
    if (known && known->type == OA_JBOOL && known->num)
      fputs(" &mdash; known: in the baseline, not counted", o);  /* race --baseline */
    fputs("</h3><div class=\"pair\">", o);
    race_access(p, r, i, "first");
    race_access(p, r, i, "second");
    fputs("</div></div>\n", o);
  }
  if (n > i)
    fprintf(o, "<p class=\"note\">%zu more races are in the JSON report (--format json).</p>\n",
            n - i);
  fputs("</section>\n", o);
}

static void sources(oa_page *p)
{
  FILE *o = p->o;
  section(o, "source", "Source");
  if (!p->nex)
    fputs("<p>No source file named by the report could be read when the page was made.</p>\n",
          o);
  size_t i;
  for (i = 0; i < p->nex && room(p); i++) {
    fprintf(o, "<div class=\"ex\" id=\"src-%zu\"><div class=\"exh\">", i);
    esc(o, p->ex[i].where);
    fputs("</div>", o);
    excerpt_lines(p, &p->ex[i], EXCERPT_LINES);
    fputs("</div>\n", o);
  }
  if (i < p->nex)
    fprintf(o, "<p class=\"note\">%zu more excerpts left out: the page keeps under 3 MB."
            "</p>\n", p->nex - i);
  fputs("</section>\n", o);
}

/* ---- scale: the speedup across team sizes ---- */

/* The chart's box, in its own units: the plot inside the margins. */
enum { SC_W = 720, SC_H = 420, SC_L = 64, SC_R = 20, SC_T = 20, SC_B = 58 };

/* A figure to plot on a log scale: positive and finite. */
static int plottable(double v)
{
  return v > 0 && isfinite(v);
}

/* The points' indexes, by team size (a point without a team is left out). */
static size_t scale_order(const oa_scale_result *r, size_t *ix)
{
  size_t n = 0;
  for (size_t i = 0; i < r->npoints; i++) {
    if (!r->points[i].threads)
      continue;
    size_t k = n++;
    for (; k > 0 && r->points[ix[k - 1]].threads > r->points[i].threads; k--)
      ix[k] = ix[k - 1];
    ix[k] = i;
  }
  return n;
}

/* The name of point i's limiting directive, for the page. */
static const char *limit_name(const oa_page *p, size_t i, char *buf, size_t n)
{
  if (p->scale_names[i])
    return p->scale_names[i];
  if (p->scale->points[i].limit_loc == 0)
    snprintf(buf, n, "main");  /* as the command names it */
  else
    snprintf(buf, n, "location %u", p->scale->points[i].limit_loc);
  return buf;
}

/* A tick label of the log2 speedup axis: 2^k as 1, 2, 4, ... or 1/2, 1/4. */
static void pow2_label(char *b, size_t n, int k)
{
  if (k >= 0)
    snprintf(b, n, "%.0f", ldexp(1, k));
  else
    snprintf(b, n, "1/%.0f", ldexp(1, -k));
}

typedef struct scale_axes {
  double x0, x1, y0, y1;     /* log2 of the team sizes and speedups at the plot's edges */
} scale_axes;

static double sc_x(const scale_axes *a, double threads)
{
  return SC_L + (log2(threads) - a->x0) / (a->x1 - a->x0) * (SC_W - SC_L - SC_R);
}

static double sc_y(const scale_axes *a, double speedup)
{
  double l = log2(speedup);
  l = l < a->y0 ? a->y0 : l > a->y1 ? a->y1 : l;
  return SC_T + (a->y1 - l) / (a->y1 - a->y0) * (SC_H - SC_T - SC_B);
}

/* One <path> through the points whose figure (get) is plottable; a point
 * without one breaks it. */
static void sc_line(FILE *o, const scale_axes *a, const oa_scale_result *r, const size_t *ix,
                    size_t n, const char *cls, double (*get)(const oa_scale_point *))
{
  int open = 0, any = 0;
  for (size_t k = 0; k < n; k++) {
    const oa_scale_point *pt = &r->points[ix[k]];
    double v = get(pt);
    if (!plottable(v)) {
      open = 0;
      continue;
    }
    if (!any)
      fprintf(o, "<path class=\"%s\" d=\"", cls);
    fprintf(o, "%s%.1f,%.1f", open ? "L" : "M", sc_x(a, pt->threads), sc_y(a, v));
    open = any = 1;
  }
  if (any)
    fputs("\"/>\n", o);
}

static double get_speedup(const oa_scale_point *pt)
{
  return pt->speedup;
}

static int has_band(const oa_scale_point *pt)
{
  return plottable(pt->speedup_low) && plottable(pt->speedup_high);
}

static int has_measured(const oa_scale_point *pt)
{
  return pt->measured_speedup >= 0 && isfinite(pt->measured_speedup);
}

/* The chart: speedup against team size, both on log2 scales; the ideal
 * speedup (P) dashed, the band between the bounds shaded, the prediction
 * as a line with a marker per team size, the measured speedups as other
 * markers.  Plain SVG: it reads without the page's script. */
static void scale_chart(oa_page *p, const size_t *ix, size_t n)
{
  FILE *o = p->o;
  const oa_scale_result *r = p->scale;
  int band = 0, measured = 0;
  double lo = INFINITY, hi = -INFINITY;
  for (size_t k = 0; k < n; k++) {
    const oa_scale_point *pt = &r->points[ix[k]];
    double v[] = { pt->speedup, pt->speedup_low, pt->speedup_high, pt->measured_speedup,
                   (double)pt->threads };
    for (size_t j = 0; j < sizeof v / sizeof *v; j++)
      if (plottable(v[j])) {
        lo = fmin(lo, v[j]);
        hi = fmax(hi, v[j]);
      }
    band |= has_band(pt);
    measured |= has_measured(pt);
  }
  scale_axes a;
  a.x0 = log2(r->points[ix[0]].threads);
  a.x1 = log2(r->points[ix[n - 1]].threads);
  if (a.x1 - a.x0 < 1) {
    a.x0 -= 0.5;
    a.x1 += 0.5;
  }
  double pad = (a.x1 - a.x0) * 0.04;
  a.x0 -= pad;
  a.x1 += pad;
  a.y1 = ceil(log2(hi));
  a.y0 = floor(log2(lo) - 0.15);  /* the lowest marker clear of the axis */
  if (a.y0 < a.y1 - 24)       /* a speedup near 0 would squash the rest */
    a.y0 = a.y1 - 24;
  if (a.y1 - a.y0 < 1)
    a.y1 = a.y0 + 1;

  /* what the chart shows, in words */
  fputs("<svg class=\"sc\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
        "aria-labelledby=\"sc-title sc-desc\" ", o);
  fprintf(o, "viewBox=\"0 0 %d %d\">\n<title id=\"sc-title\">Predicted speedup over one thread "
          "by team size</title>\n<desc id=\"sc-desc\">", SC_W, SC_H);
  fprintf(o, "From a recording with %u thread%s: the predicted speedup at ", r->recorded_threads,
          r->recorded_threads == 1 ? "" : "s");
  for (size_t k = 0; k < n; k++) {
    const oa_scale_point *pt = &r->points[ix[k]];
    fprintf(o, "%s%u thread%s is %.2f", k ? (k + 1 == n ? " and at " : ", at ") : "",
            pt->threads, pt->threads == 1 ? "" : "s", pt->speedup);
    if (has_band(pt))
      fprintf(o, " (%.2f to %.2f)", pt->speedup_low, pt->speedup_high);
    if (has_measured(pt))
      fprintf(o, ", measured %.2f", pt->measured_speedup);
  }
  fputs(". Both axes are on log2 scales; the dashed line is the ideal speedup, equal to the "
        "team size. The table below holds the same figures.</desc>\n", o);

  /* grid and axes */
  int ystep = 1;
  while ((a.y1 - a.y0) / ystep > 10)
    ystep *= 2;
  char lbl[32];
  for (int k = (int)a.y0; k <= (int)a.y1; k++) {
    if ((k - (int)a.y0) % ystep)
      continue;
    double y = sc_y(&a, ldexp(1, k));
    pow2_label(lbl, sizeof lbl, k);
    fprintf(o, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>"
            "<text class=\"ya\" x=\"%d\" y=\"%.1f\">%s</text>\n", SC_L, SC_W - SC_R, y, y,
            SC_L - 6, y + 4, lbl);
  }
  double last = -1e9;
  for (size_t k = 0; k < n; k++) {
    double x = sc_x(&a, r->points[ix[k]].threads);
    if (k && r->points[ix[k]].threads == r->points[ix[k - 1]].threads)
      continue;
    fprintf(o, "<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>", x, x, SC_T,
            SC_H - SC_B);
    if (x - last >= 24) {    /* a label where it does not run into the last */
      fprintf(o, "<text class=\"xa\" x=\"%.1f\" y=\"%d\">%u</text>", x, SC_H - SC_B + 16,
              r->points[ix[k]].threads);
      last = x;
    }
    fputc('\n', o);
  }
  fprintf(o, "<path class=\"axis\" d=\"M%d,%dV%dH%d\"/>\n", SC_L, SC_T, SC_H - SC_B, SC_W - SC_R);
  fprintf(o, "<text class=\"xa\" x=\"%d\" y=\"%d\">team size P (threads, log2 scale)</text>\n",
          (SC_L + SC_W - SC_R) / 2, SC_H - 14);
  fprintf(o, "<text class=\"xa\" transform=\"translate(16,%d) rotate(-90)\">speedup over one "
          "thread (log2 scale)</text>\n", (SC_T + SC_H - SC_B) / 2);

  /* the recorded team size */
  uint32_t t = r->recorded_threads;
  if (t && t >= r->points[ix[0]].threads && t <= r->points[ix[n - 1]].threads) {
    double x = sc_x(&a, t);
    fprintf(o, "<path class=\"rec\" d=\"M%.1f,%dV%d\"/><text class=\"rect\" x=\"%.1f\" "
            "y=\"%d\">recorded (%u)</text>\n", x, SC_T, SC_H - SC_B, x + 3, SC_H - SC_B - 4, t);
  }

  /* the band between the bounds: one shape per run of points that have them */
  for (size_t k = 0; k < n;) {
    if (!has_band(&r->points[ix[k]])) {
      k++;
      continue;
    }
    size_t e = k;
    while (e < n && has_band(&r->points[ix[e]]))
      e++;
    double w = e - k == 1 ? 3 : 0;  /* a lone point: a narrow bar */
    fputs("<path class=\"band\" d=\"", o);
    for (size_t j = k; j < e; j++) {
      const oa_scale_point *pt = &r->points[ix[j]];
      double hv = fmax(pt->speedup_high, pt->speedup_low);
      fprintf(o, "%s%.1f,%.1f", j == k ? "M" : "L", sc_x(&a, pt->threads) - w, sc_y(&a, hv));
      if (w)
        fprintf(o, "L%.1f,%.1f", sc_x(&a, pt->threads) + w, sc_y(&a, hv));
    }
    for (size_t j = e; j-- > k;) {
      const oa_scale_point *pt = &r->points[ix[j]];
      double lv = fmin(pt->speedup_high, pt->speedup_low);
      if (w)
        fprintf(o, "L%.1f,%.1f", sc_x(&a, pt->threads) + w, sc_y(&a, lv));
      fprintf(o, "L%.1f,%.1f", sc_x(&a, pt->threads) - w, sc_y(&a, lv));
    }
    fputs("Z\"><title>between the low and high bounds of the speedup</title></path>\n", o);
    k = e;
  }

  /* the ideal speedup, P: a straight line on log-log scales */
  double p0 = r->points[ix[0]].threads, p1 = r->points[ix[n - 1]].threads;
  fprintf(o, "<path class=\"ideal\" d=\"M%.1f,%.1fL%.1f,%.1f\"><title>ideal speedup: the team "
          "size</title></path>\n", sc_x(&a, p0), sc_y(&a, p0), sc_x(&a, p1), sc_y(&a, p1));

  /* the prediction, then the measured points above it */
  sc_line(o, &a, r, ix, n, "pred", get_speedup);
  char name[64];
  for (size_t k = 0; k < n; k++) {
    const oa_scale_point *pt = &r->points[ix[k]];
    if (!plottable(pt->speedup))
      continue;
    fprintf(o, "<circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" data-threads=\"%u\">"
            "<title>%u thread%s: predicted speedup %.2f", sc_x(&a, pt->threads),
            sc_y(&a, pt->speedup), pt->threads, pt->threads, pt->threads == 1 ? "" : "s",
            pt->speedup);
    if (has_band(pt))
      fprintf(o, " (low %.2f, high %.2f)", pt->speedup_low, pt->speedup_high);
    fprintf(o, ", parallelism %.2f; limited by ", pt->parallelism);
    esc(o, limit_name(p, ix[k], name, sizeof name));
    fprintf(o, " (%.1f%% of the span)</title></circle>\n", 100 * pt->limit_share);
  }
  for (size_t k = 0; k < n; k++) {
    const oa_scale_point *pt = &r->points[ix[k]];
    if (!has_measured(pt) || !plottable(pt->measured_speedup))
      continue;
    double x = sc_x(&a, pt->threads), y = sc_y(&a, pt->measured_speedup);
    fprintf(o, "<path class=\"meas\" d=\"M%.1f,%.1fl5,5l-5,5l-5,-5Z\" data-threads=\"%u\">"
            "<title>%u thread%s: measured speedup %.2f</title></path>\n", x, y - 5, pt->threads,
            pt->threads, pt->threads == 1 ? "" : "s", pt->measured_speedup);
  }

  /* the legend, top left: above the ideal line, where the figures are not */
  int ly = SC_T + 14, lx = SC_L + 12;
  fputs("<g class=\"legend\">", o);
  /* over the grid and the recorded team's line, not hidden by them */
  fprintf(o, "<rect class=\"lgbg\" x=\"%d\" y=\"%d\" width=\"170\" height=\"%d\"/>", lx - 6,
          ly - 11, 18 * (2 + band + measured) + 4);
  fprintf(o, "<path class=\"pred\" d=\"M%d,%dh24\"/><circle class=\"pt\" cx=\"%d\" cy=\"%d\" "
          "r=\"4\"/><text x=\"%d\" y=\"%d\">predicted speedup</text>\n", lx, ly, lx + 12, ly,
          lx + 32, ly + 4);
  ly += 18;
  if (band) {
    fprintf(o, "<rect class=\"band\" x=\"%d\" y=\"%d\" width=\"24\" height=\"10\"/><text x=\"%d\" "
            "y=\"%d\">low to high bound</text>\n", lx, ly - 5, lx + 32, ly + 4);
    ly += 18;
  }
  if (measured) {
    fprintf(o, "<path class=\"meas\" d=\"M%d,%dl5,5l-5,5l-5,-5Z\"/><text x=\"%d\" y=\"%d\">"
            "measured speedup</text>\n", lx + 12, ly - 5, lx + 32, ly + 4);
    ly += 18;
  }
  fprintf(o, "<path class=\"ideal\" d=\"M%d,%dh24\"/><text x=\"%d\" y=\"%d\">ideal (= team size)"
          "</text>", lx, ly, lx + 32, ly + 4);
  fputs("</g>\n</svg>\n", o);
}

/* The point i of the page's JSON report ("scale"), when it has one and it
 * is point i of the prediction the page was handed (the same team size). */
static const oa_json *scale_json_point(const oa_page *p, size_t i)
{
  const oa_json *pt = oa_json_at(oa_json_get(doc(p, "scale"), "points"), i);
  const oa_json *t = oa_json_get(pt, "threads");
  return t && t->type == OA_JNUM && t->num == p->scale->points[i].threads ? pt : NULL;
}

/* A figure of the scale table: with the JSON report, the report's figure
 * (its path, its value as written, shown from it); else v, its exact value
 * kept for sorting. */
static void sc_cell(oa_page *p, const char *member, size_t i, double v, fmtk f)
{
  FILE *o = p->o;
  const oa_json *jp = scale_json_point(p, i);
  const oa_json *jv = oa_json_get(jp, member);
  if (jv && jv->type == OA_JNUM) {
    fig(o, "td", "n", "scale", doc(p, "scale"), f, "points.%zu.%s", i, member);
    return;
  }
  fputs("<td class=\"n\"", o);
  if (isfinite(v))
    fprintf(o, " data-v=\"%.17g\"", v);
  if (f == F_FRAC)
    fputs(" data-scale=\"100\"", o);
  char b[64];
  if (isfinite(v))
    fmt_value(b, sizeof b, v, f);
  else
    snprintf(b, sizeof b, "—");
  fprintf(o, ">%s</td>", b);
}

/* `ompadv scale`: the chart, the table, and what the model had to guess. */
static void scale_section(oa_page *p)
{
  FILE *o = p->o;
  const oa_scale_result *r = p->scale;
  size_t ix[OA_SCALE_MAX_POINTS];
  size_t n = scale_order(r, ix);
  int measured = 0;
  for (size_t k = 0; k < n; k++)
    measured |= has_measured(&r->points[ix[k]]);
  section(o, "scale", "Speedup by team size");
  fprintf(o, "<p class=\"note\">Predicted from one recording with %u thread%s: at each team "
          "size P the static loops are split again into the blocks their schedule gives P "
          "threads (doc/SEMANTICS.md rule 4), and the rest of the program stays as it ran. "
          "<b>predicted</b>: one thread's time (its work and the runtime's costs) over the "
          "larger of the work shared by P threads and the span, plus the runtime's costs on "
          "the critical path; <b>low</b>: a greedy schedule's (Brent's bound); <b>high</b>: the "
          "work and span laws, without the runtime's costs; <b>burdened parallelism</b>: the "
          "work over the span with those costs. Work and span are in %s.</p>\n",
          r->recorded_threads, r->recorded_threads == 1 ? "" : "s",
          p->scale_unit[0] ? p->scale_unit : "the metric's units");
  if (!n) {
    fputs("<p>The prediction has no team size.</p></section>\n", o);
    return;
  }
  scale_chart(p, ix, n);
  fputs("<div class=\"tw\"><table class=\"sort\"><thead><tr><th>threads</th><th>work</th>"
        "<th>span</th><th>parallelism</th><th>burdened parallelism</th><th>predicted speedup"
        "</th><th>low</th><th>high</th>", o);
  if (measured)
    fputs("<th>measured</th>", o);
  fputs("<th>limiting directive</th><th>share of span</th></tr></thead><tbody>\n", o);
  char name[64];
  for (size_t k = 0; k < n; k++) {
    size_t i = ix[k];
    const oa_scale_point *pt = &r->points[i];
    fputs(pt->threads == r->recorded_threads ? "<tr class=\"recrow\">" : "<tr>", o);
    const oa_json *jp = scale_json_point(p, i);
    fputs("<td class=\"n\"", o);
    if (jp)
      fprintf(o, " data-key=\"scale:points.%zu.threads\"", i);
    fprintf(o, " data-v=\"%u\">%u%s</td>", pt->threads, pt->threads,
            pt->threads == r->recorded_threads ? " <span class=\"kind\">recorded</span>" : "");
    sc_cell(p, "work", i, pt->work, F_SI);
    sc_cell(p, "span", i, pt->span, F_SI);
    sc_cell(p, "parallelism", i, pt->parallelism, F_PAR);
    sc_cell(p, "burdened_parallelism", i, pt->burdened_parallelism, F_PAR);
    sc_cell(p, "predicted_speedup", i, pt->speedup, F_PAR);
    sc_cell(p, "speedup_low", i, pt->speedup_low, F_PAR);
    sc_cell(p, "speedup_high", i, pt->speedup_high, F_PAR);
    if (measured) {
      if (has_measured(pt))
        fprintf(o, "<td class=\"n\" data-v=\"%.17g\">%.2f</td>", pt->measured_speedup,
                pt->measured_speedup);
      else
        fputs("<td class=\"n\">—</td>", o);
    }
    /* the name's location (before its first blank) links to its lines */
    const char *nm = limit_name(p, i, name, sizeof name);
    char where[4096];
    snprintf(where, sizeof where, "%.*s", (int)strcspn(nm, " "), nm);
    long x = p->scale_names[i] ? excerpt_of(p, where) : -1;
    const char *jl = oa_json_str(jp, "limit");
    fputs("<td><span class=\"loc\"", o);
    if (jl && strcmp(jl, nm) == 0) {
      fprintf(o, " data-key=\"scale:points.%zu.limit\" data-v=\"", i);
      esc(o, nm);
      fputs("\"", o);
    }
    fputs(">", o);
    if (x >= 0)
      fprintf(o, "<a href=\"#src-%ld\">", x);
    esc_path(o, nm);
    if (x >= 0)
      fputs("</a>", o);
    fputs("</span></td>", o);
    sc_cell(p, "limit_share", i, pt->limit_share, F_FRAC);
    fputs("</tr>\n", o);
  }
  fputs("</tbody></table></div>\n<ul class=\"note\">\n", o);
  if (r->static_loops) {
    fprintf(o, "<li>%" PRIu64 " static loop instance%s split again at each team size", r->static_loops,
            r->static_loops == 1 ? "" : "s");
    if (r->coarse_loops)
      fprintf(o, "; %" PRIu64 " of them coarse (%.1f%% of the work): fewer blocks were measured "
              "than a team size asks for, and their work per iteration differs. Record with "
              "more threads: under the tsc metric, time off the cores is not work, so --threads "
              "16 on 2 cores still measures 16 blocks", r->coarse_loops, 100 * r->coarse_work);
    fputs(".</li>\n", o);
  }
  if (r->no_trip)
    fprintf(o, "<li>%" PRIu64 " static loop%s without a trip count (a recording of an older "
            "ompadv) keep their recorded blocks.</li>\n", r->no_trip, r->no_trip == 1 ? "" : "s");
  if (r->fixed_regions || r->nested_regions)
    fprintf(o, "<li>Regions that kept their team size: %" PRIu64 " fixed by the program "
            "(num_threads, omp_set_num_threads), %" PRIu64 " nested in a region or a task.</li>\n",
            r->fixed_regions, r->nested_regions);
  if (r->split_regions)
    fprintf(o, "<li>%" PRIu64 " region instance%s asked for the team size "
            "(omp_get_num_threads): the code each thread runs outside worksharing there is "
            "taken as split among the team.</li>\n", r->split_regions,
            r->split_regions == 1 ? "" : "s");
  if (r->own_work >= 0.05)  /* as the command's notes: below, not worth a line */
    fprintf(o, "<li>%.1f%% of the work is code every thread runs outside worksharing, in "
            "regions that scale: each of the P threads runs it.</li>\n", 100 * r->own_work);
  fputs("<li>The model sees the program's structure, not the machine: memory bandwidth, "
        "caches, NUMA placement, lock contention and preemption can keep a run below the "
        "prediction.</li>\n</ul>\n</section>\n", o);
}

static const char style[] =
    "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;"
    "color:#212121;background:#fafafa}"
    "header{background:#263238;color:#fff;padding:14px 24px}header h1{margin:0;font-size:20px}"
    "header p{margin:2px 0 0;color:#cfd8dc}nav{margin-top:6px}nav a{color:#80cbc4;"
    "margin-right:14px;text-decoration:none}main{padding:8px 24px 40px;max-width:1200px}"
    "section{background:#fff;border:1px solid #e0e0e0;border-radius:6px;padding:10px 18px 14px;"
    "margin:14px 0}h2{font-size:17px;margin:4px 0 8px}h3{font-size:15px;margin:12px 0 6px}"
    "h4{font-size:13px;margin:6px 0}.note{color:#616161;font-size:13px;margin:4px 0 8px}"
    ".cards{display:flex;flex-wrap:wrap;gap:10px}.card{border:1px solid #e0e0e0;"
    "border-radius:6px;padding:8px 14px;min-width:120px}.lbl{font-size:12px;color:#616161}"
    ".big{font-size:22px;font-weight:600}.unit{font-size:12px;color:#757575}"
    ".stack{display:flex;height:22px;border-radius:4px;overflow:hidden;margin:6px 0;"
    "background:#eee}.legend{list-style:none;padding:0;margin:4px 0;display:flex;"
    "flex-wrap:wrap;gap:4px 16px;font-size:13px}.legend i{display:inline-block;width:11px;"
    "height:11px;margin-right:5px;border-radius:2px}"
    ".tw{overflow:auto;max-height:560px}table{border-collapse:collapse;font-size:13px;width:100%}"
    "th{text-align:left;border-bottom:2px solid #bdbdbd;padding:4px 8px;cursor:pointer;"
    "white-space:nowrap;user-select:none;position:sticky;top:0;background:#fff}"
    "th:hover{background:#eceff1}"
    "td{border-bottom:1px solid #eee;padding:3px 8px;vertical-align:top}"
    "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}"
    "tbody tr:hover{background:#f5f5f5}.loc{font-family:ui-monospace,Menlo,Consolas,monospace;"
    "font-size:12px;overflow-wrap:anywhere}a{color:#1565c0}"
    ".bars{margin:8px 0}.brow{display:grid;grid-template-columns:minmax(200px,40%) 1fr 80px;"
    "gap:10px;align-items:center;margin:3px 0}.blbl{font-size:12px;overflow-wrap:anywhere}"
    ".kind{color:#757575}.sw{display:inline-block;width:9px;height:9px;margin-right:4px;"
    "border-radius:2px}.path{height:26px}.track{position:relative;background:#eee;height:14px;"
    "border-radius:3px}.fill{height:100%;border-radius:3px}.mark{position:absolute;top:-3px;"
    "bottom:-3px;border-left:2px dashed #424242}.bval{text-align:right;"
    "font-variant-numeric:tabular-nums}"
    "svg.tl{width:100%;height:auto;user-select:none}svg.tl .grid{stroke:#eee}"
    "svg.tl text{font-size:11px;fill:#616161}.ya{text-anchor:end}.xa{text-anchor:middle}"
    ".lt{text-anchor:end}.lt.par{fill:#6a1b9a}"
    "#tl-plot .run{fill:#2e7d32;fill-opacity:.75}#tl-plot .lock{fill:#c62828;fill-opacity:.8}"
    "#tl-plot path{vector-effect:non-scaling-stroke}"
    "#tl-plot .ready{fill:none;stroke:#1565c0;stroke-width:1.5}"
    "#tl-plot .thr{stroke:#757575;stroke-dasharray:4 3}"
    "#tl-plot .par{stroke:#6a1b9a;stroke-dasharray:6 3;stroke-width:1.5}"
    "#tl-sel{fill:#1565c0;fill-opacity:.15}"
    ".findings li{margin:6px 0}.sev{display:inline-block;min-width:52px;font-weight:600;"
    "color:#c62828}.hint{color:#2e7d32;font-size:13px}"
    ".race{border-top:1px solid #e0e0e0;padding-top:6px}.pair{display:grid;"
    "grid-template-columns:1fr 1fr;gap:16px}ol.stack{font-size:12px;margin:4px 0;"
    "padding-left:28px;display:block;height:auto;background:none}.fn{font-weight:600}"
    "pre.src{background:#f5f5f5;border:1px solid #e0e0e0;border-radius:4px;padding:6px 8px;"
    "font-size:12px;overflow-x:auto;margin:4px 0}.ln{color:#9e9e9e}.ln.hl{color:#c62828}"
    ".exh{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;margin-top:8px}"
    ".answer{font-size:15px;margin:4px 0 10px}details.more>summary{cursor:pointer;color:#1565c0;"
    "font-size:13px;margin:4px 0}"
    "svg.sc{width:100%;max-width:780px;height:auto;display:block}svg.sc text{font-size:11px;"
    "fill:#616161}svg.sc .grid{stroke:#eee}svg.sc .axis{stroke:#9e9e9e;fill:none}"
    "svg.sc .ideal{stroke:#757575;stroke-width:1.5;stroke-dasharray:6 4;fill:none}"
    "svg.sc .band{fill:#1565c0;fill-opacity:.16;stroke:none}svg.sc .pred{stroke:#1565c0;"
    "stroke-width:2;fill:none}svg.sc .pt{fill:#1565c0;stroke:#fff;stroke-width:1}"
    "svg.sc .meas{fill:#ef6c00;stroke:#fff;stroke-width:1}svg.sc .rec{stroke:#6a1b9a;"
    "stroke-dasharray:2 3;fill:none}svg.sc .rect{fill:#6a1b9a}svg.sc .lgbg{fill:#fff;"
    "fill-opacity:.9;stroke:#e0e0e0}tr.recrow{background:#f3e5f5}"
    "ul.note{padding-left:20px}"
    "footer{color:#757575;font-size:12px;padding:0 24px 24px}";

/* Sorting, and the timeline's zoom; the page reads the same without. */
static const char script[] =
    "(function(){'use strict';\n"
    "function key(td){var v=td.getAttribute('data-v');return v===null?td.textContent:v;}\n"
    "document.querySelectorAll('table.sort').forEach(function(t){\n"
    " t.querySelectorAll('th').forEach(function(th,i){th.addEventListener('click',function(){\n"
    "  var b=t.tBodies[0],rows=Array.prototype.slice.call(b.rows);\n"
    "  var num=rows.every(function(r){return r.cells[i]&&key(r.cells[i])!==''&&"
    "!isNaN(+key(r.cells[i]));});\n"
    "  var dir=th.getAttribute('data-dir')==='d'?1:-1;th.setAttribute('data-dir',dir<0?'d':'a');\n"
    "  rows.sort(function(x,y){var a=key(x.cells[i]),c=key(y.cells[i]);\n"
    "   return dir*(num?(+a)-(+c):a.localeCompare(c));});\n"
    "  rows.forEach(function(r){b.appendChild(r);});});});});\n"
    "var pl=document.getElementById('tl-plot');if(!pl)return;\n"
    "var W=1000,wall=+pl.getAttribute('data-wall'),ax=document.getElementById('tl-xaxis'),\n"
    " sel=document.getElementById('tl-sel'),v0=0,v1=W,d0=null,svg=pl.ownerSVGElement;\n"
    "function step(r){var raw=r/8,p=Math.pow(10,Math.floor(Math.log10(raw))),m=raw/p;\n"
    " return (m<1.5?1:m<3.5?2:m<7.5?5:10)*p;}\n"
    "function draw(){pl.setAttribute('viewBox',v0+' 0 '+(v1-v0)+' 240');\n"
    " var a=v0/W*wall,b=v1/W*wall,s=step(b-a),h='';\n"
    " for(var x=Math.ceil(a/s)*s;x<=b*(1+1e-9);x+=s)h+='<text x=\"'+((x-a)/(b-a)*W).toFixed(1)+\n"
    "  '\" y=\"16\" class=\"xa\">'+(+x.toPrecision(6))+' s</text>';\n"
    " ax.innerHTML=h;}\n"
    "function at(e){var r=pl.getBoundingClientRect();return Math.min(W,Math.max(0,\n"
    " (e.clientX-r.left)/r.width*W));}\n"
    "function sx(u){var r=pl.getBoundingClientRect(),s=svg.getBoundingClientRect();\n"
    " return 50+u*(r.width/W)/(s.width/(W+60));}\n"
    "svg.addEventListener('mousedown',function(e){d0=at(e);});\n"
    "svg.addEventListener('mousemove',function(e){if(d0===null)return;var a=at(e);\n"
    " sel.setAttribute('x',sx(Math.min(a,d0)));sel.setAttribute('width',Math.abs(sx(a)-sx(d0)));});\n"
    "window.addEventListener('mouseup',function(e){if(d0===null)return;var a=at(e),lo=Math.min(a,d0),\n"
    " hi=Math.max(a,d0);d0=null;sel.setAttribute('width',0);if(hi-lo<3)return;\n"
    " var s=v0+lo/W*(v1-v0),t=v0+hi/W*(v1-v0);v0=s;v1=t;draw();});\n"
    "svg.addEventListener('dblclick',function(){v0=0;v1=W;draw();});\n"
    "})();\n";

static void page(oa_page *p)
{
  FILE *o = p->o;
  const oa_json *pr = doc(p, "profile"), *t = doc(p, "time");
  fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
        "<meta name=\"generator\" content=\"ompadv " PACKAGE_VERSION "\">"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
        "<title>ompadv ", o);
  esc(o, p->cmd);
  if (p->subject) {
    fputs(": ", o);
    esc(o, p->subject);
  }
  fprintf(o, "</title>\n<style>%s</style></head><body>\n<header><h1>ompadv ", style);
  esc(o, p->cmd);
  fputs("</h1><p>", o);
  esc(o, p->subject);
  char when[64];
  time_t now = time(NULL);
  strftime(when, sizeof when, "%Y-%m-%d %H:%M", localtime(&now));
  fprintf(o, " · made %s</p><nav><a href=\"#headline\">summary</a>", when);
  if (p->scale)
    fputs("<a href=\"#scale\">speedup</a>", o);
  if (doc(p, "whatif") || oa_json_get(pr, "whatif"))
    fputs("<a href=\"#whatif\">what-if</a>", o);
  if (t)
    fputs("<a href=\"#findings\">findings</a>", o);
  if (pr)
    fputs("<a href=\"#directives\">directives</a><a href=\"#critical-path\">critical path</a>",
          o);
  if (t)
    fputs("<a href=\"#timeline\">timeline</a><a href=\"#threads-time\">thread time</a>", o);
  if (doc(p, "ranks"))
    fputs("<a href=\"#ranks\">ranks</a>", o);
  if (doc(p, "diff"))
    fputs("<a href=\"#diff\">inflation</a>", o);
  if (doc(p, "race"))
    fputs("<a href=\"#races\">races</a>", o);
  fputs("<a href=\"#source\">source</a></nav></header>\n<main>\n", o);
  headline(p);
  if (p->scale)
    scale_section(p);        /* the answer of `ompadv scale` */
  whatif(p);                 /* the answer before the lists it comes from */
  if (t)
    findings(p);
  if (pr) {
    directives(p);
    critical_path(p);
  }
  if (t) {
    timeline(p);
    time_tables(p);
  }
  if (doc(p, "ranks"))
    ranks(p);
  if (doc(p, "diff"))
    diff(p);
  if (doc(p, "race"))
    races(p);
  sources(p);
  fputs("</main>\n<footer>", o);
  for (size_t i = 0; i < p->nnotes; i++) {
    fputs("<p>", o);
    esc(o, p->notes[i]);
    fputs("</p>", o);
  }
  fputs("<p>The same figures in machine-readable form: the command with --format json. "
        "ompadv(1) and ompadv-report(1) explain each of them.</p></footer>\n<script>", o);
  fputs(script, o);
  fputs("</script></body></html>\n", o);
}

static void page_free(oa_page *p)
{
  for (int i = 0; i < p->ndocs; i++) {
    if (p->docs[i].f)
      fclose(p->docs[i].f);
    free(p->docs[i].buf);
    oa_json_free(p->docs[i].j);
  }
  for (size_t i = 0; i < p->nnotes; i++)
    free(p->notes[i]);
  for (size_t i = 0; i < p->nfiles; i++) {
    free(p->files[i].path);
    free(p->files[i].text);
    free(p->files[i].lines);
  }
  for (size_t i = 0; i < p->nex; i++)
    free(p->ex[i].where);
  free(p->scale);
  free(p->scale_unit);
  for (size_t i = 0; i < OA_SCALE_MAX_POINTS; i++)
    free(p->scale_names[i]);
  free(p->notes);
  free(p->files);
  free(p->ex);
  free(p->path);
  free(p->cmd);
  free(p->subject);
  free(p);
}

int oa_page_close(oa_page *p)
{
  if (!p->ndocs && !p->scale) {
    oa_warn("%s: no page written: the run left nothing to show", p->cmd);
    oa_page_discard(p);
    return 0;
  }
  for (int i = 0; i < p->ndocs; i++) {
    page_doc *d = &p->docs[i];
    fclose(d->f);
    d->f = NULL;
    char err[128];
    d->j = d->buf ? oa_json_parse(d->buf, err, sizeof err) : NULL;
    if (!d->j) {
      oa_error("%s: cannot draw the page: the %s report is not well-formed JSON (%s); this is "
               "a bug of ompadv", p->cmd, d->kind, d->buf ? err : "empty");
      oa_page_discard(p);
      return OA_EXIT_FAIL;
    }
  }
  page(p);
  int rc = oa_outfile_close(p->out);  /* says why when it cannot */
  p->out = NULL;
  p->o = NULL;
  if (!rc)
    oa_note("%s: wrote the page %s", p->cmd, p->path);
  page_free(p);
  return rc;
}

int oa_page_end(oa_page *p, int rc)
{
  if (!p)
    return rc;
  int prc = oa_page_close(p);
  return rc ? rc : prc;
}

void oa_page_discard(oa_page *p)
{
  if (p->out)
    oa_outfile_discard(p->out);
  p->out = NULL;
  p->o = NULL;
  page_free(p);
}
