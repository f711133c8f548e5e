/* The HTML page of `ompadv scale` (src/html.c, oa_page_scale) from
 * hand-made predictions, without a recording or a run: the pages are
 * written into DIR for tests/inputs/html/scale.py (the chart is
 * well-formed SVG, its points in team-size order, its band and measured
 * markers only where the prediction has them) and for browser.py.
 *
 *   full.html   8 team sizes 1..128 recorded at 2, bounds everywhere,
 *               measured at 1 and 2, a name that needs escaping, every
 *               note of the model
 *   plain.html  4 team sizes, no bounds, nothing measured, no names, the
 *               points handed in an order other than the team sizes'
 *   one.html    a single team size
 *   doc.html    full's prediction beside its JSON report (doc.json, the
 *               shape of --format json): each figure names its JSON path
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "html.h"

static char dir[4096];

static char *path(const char *name)
{
  static char buf[4200];
  snprintf(buf, sizeof buf, "%s/%s", dir, name);
  return buf;
}

/* A program of work 1000 with a serial part of 100 at every team size:
 * span(P) = 100 + 900 / P, each limited by the static loop but the last
 * ones, by main's serial code. */
static void full(oa_scale_result *r)
{
  memset(r, 0, sizeof *r);
  r->recorded_threads = 2;
  r->npoints = 8;
  for (size_t i = 0; i < r->npoints; i++) {
    oa_scale_point *pt = &r->points[i];
    double P = (double)(1u << i);
    pt->threads = 1u << i;
    pt->work = 1000e6 * (1 + 0.01 * i);
    pt->span = 100e6 + 900e6 / P;
    pt->burdened_span = pt->span * 1.05;
    pt->parallelism = pt->work / pt->span;
    pt->burdened_parallelism = pt->work / pt->burdened_span;
    pt->speedup = 1000e6 / fmax(pt->work / P, pt->burdened_span);
    pt->speedup_low = 1000e6 / (pt->work / P + pt->burdened_span);
    pt->speedup_high = 1000e6 / fmax(pt->work / P, pt->span);
    pt->limit_loc = i < 5 ? 7 : 0;
    pt->limit_share = i < 5 ? 0.9 - 0.1 * i : 0.6;
    pt->measured_speedup = i == 0 ? 1.0 : i == 1 ? 1.7 : -1;
  }
  r->static_loops = 40;
  r->coarse_loops = 3;
  r->coarse_work = 0.125;
  r->fixed_regions = 2;
  r->nested_regions = 1;
  r->split_regions = 4;
  r->own_work = 0.05;
  r->no_trip = 1;
}

static const char *const full_names[8] = {
  "x<&>.c:12 parallel for", "x<&>.c:12 parallel for", "x<&>.c:12 parallel for",
  "x<&>.c:12 parallel for", "x<&>.c:12 parallel for", NULL, NULL, NULL,
};

static int write_page(const char *name, const oa_scale_result *r, const char *const *names,
                      const char *json)
{
  oa_page *p = oa_page_open(path(name), "scale");
  oa_page_subject(p, "recording %s", "test.rec");
  if (json)
    fputs(json, oa_page_doc(p, "scale"));
  oa_page_scale(p, r, "tsc", names);
  return oa_page_close(p);
}

/* The --format json report of r, as the command prints it (work and span
 * to the unit, ratios to 4 decimals). */
static char *json_of(const oa_scale_result *r, const char *const *names)
{
  char *s = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&s, &len);
  fprintf(f, "{\"ompadv\": 1, \"mode\": \"scale\", \"metric\": \"tsc\", \"recorded_threads\": %u, "
          "\"points\": [",
          r->recorded_threads);
  for (size_t i = 0; i < r->npoints; i++) {
    const oa_scale_point *pt = &r->points[i];
    fprintf(f, "%s{\"threads\": %u, \"work\": %.0f, \"span\": %.0f, \"parallelism\": %.4f, "
            "\"burdened_parallelism\": %.4f, \"predicted_speedup\": %.4f, "
            "\"speedup_low\": %.4f, \"speedup_high\": %.4f, \"limit\": \"%s\", "
            "\"limit_share\": %.4f}", i ? ", " : "", pt->threads, pt->work, pt->span,
            pt->parallelism, pt->burdened_parallelism, pt->speedup, pt->speedup_low,
            pt->speedup_high, names && names[i] ? names[i] : "main", pt->limit_share);
  }
  fputs("]}\n", f);
  fclose(f);
  return s;
}

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: test-scale-page DIR\n");
    return 2;
  }
  snprintf(dir, sizeof dir, "%s", argv[1]);
  oa_scale_result r;

  full(&r);
  CHECK(write_page("full.html", &r, full_names, NULL) == 0, "full.html written");

  /* what the page keeps is a copy: the caller's result and names may go */
  oa_scale_result *tmp = malloc(sizeof *tmp);
  full(tmp);
  for (size_t i = 0; i < tmp->npoints; i++) {
    tmp->points[i].speedup_low = tmp->points[i].speedup_high = 0;
    tmp->points[i].measured_speedup = -1;
  }
  tmp->npoints = 4;
  /* handed in the order 8, 1, 4, 2 */
  oa_scale_point sw = tmp->points[0];
  tmp->points[0] = tmp->points[3];
  tmp->points[3] = tmp->points[1];
  tmp->points[1] = sw;
  oa_page *p = oa_page_open(path("plain.html"), "scale");
  oa_page_scale(p, tmp, "cputime", NULL);
  memset(tmp, 0xff, sizeof *tmp);
  free(tmp);
  CHECK(oa_page_close(p) == 0, "plain.html written");

  full(&r);
  r.npoints = 1;
  r.recorded_threads = 1;
  CHECK(write_page("one.html", &r, full_names, NULL) == 0, "one.html written");

  full(&r);
  char *json = json_of(&r, full_names);
  FILE *f = fopen(path("doc.json"), "w");
  CHECK(f != NULL, "doc.json opened");
  if (f) {
    fputs(json, f);
    fclose(f);
  }
  CHECK(write_page("doc.html", &r, full_names, json) == 0, "doc.html written");
  free(json);

  puts(failures ? "failed" : "ok");
  return failures != 0;
}
