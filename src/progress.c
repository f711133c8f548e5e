/* Progress lines on a terminal: see progress.h. */
#include "progress.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ompadv.h"
#include "util.h"

struct oa_progress {
  int shown;                 /* a terminal's, and not -q */
  int drawn;                 /* its line is on the screen */
  double start, last, after;
  char what[200];
};

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The line, written at once (stderr may be a tagging stream, mpirank.c) */
static void draw(oa_progress *p, const char *tail)
{
  char line[300];
  int n = snprintf(line, sizeof line, "\rompadv: %s%s\033[K", p->what, tail);
  if (n > 0 && write(STDERR_FILENO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1)
      > 0)
    p->drawn = 1;
}

oa_progress *oa_progress_start(int at_once, const char *fmt, ...)
{
  oa_progress *p = oa_xcalloc(1, sizeof *p);
  int size, rank = oa_mpi_rank(&size);
  p->shown = !oa_quiet && isatty(STDERR_FILENO) && !(rank >= 0 && size != 1);
  if (!p->shown)
    return p;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->what, sizeof p->what, fmt, ap);
  va_end(ap);
  const char *env = getenv("OMPADV_PROGRESS_AFTER");
  char *end;
  double after = env && *env ? strtod(env, &end) : 1;
  p->after = env && *env && !*end && after >= 0 ? after : 1;
  p->start = p->last = now();
  if (at_once || p->after == 0) {
    fflush(stderr);
    draw(p, " ...");
  }
  return p;
}

void oa_progress_set(oa_progress *p, uint64_t done, uint64_t total)
{
  if (!p || !p->shown)
    return;
  double t = now();
  if (t - p->start < p->after || (p->drawn && t - p->last < 0.2))
    return;
  p->last = t;
  char tail[64];
  if (total)
    snprintf(tail, sizeof tail, " %.0f%%", 100.0 * (double)(done < total ? done : total)
                                            / (double)total);
  else
    snprintf(tail, sizeof tail, " ... %.0f s", t - p->start);
  if (!p->drawn)
    fflush(stderr);
  draw(p, tail);
}

void oa_progress_end(oa_progress *p)
{
  if (p && p->drawn && write(STDERR_FILENO, "\r\033[K", 4) < 0)
    ;  /* (a terminal gone: nothing to erase) */
  free(p);
}
