/* `--html FILE`: one self-contained page (styles, script and data inline,
 * nothing fetched when it is opened) drawn from the JSON documents the
 * commands print with --format json, so that every figure on the page is
 * the figure of the JSON report.  A command opens the page, writes each
 * document it knows into the page's streams, and closes it. */
#ifndef OMPADV_HTML_H
#define OMPADV_HTML_H

#include <stdio.h>

#include "scale.h"

typedef struct oa_page oa_page;

/* The page of command cmd, to be written to path: the file is created now,
 * so that a path that cannot be written fails before any run (exit 1), and
 * held against the command's other files (outfile.h: oa_guard_output). */
oa_page *oa_page_open(const char *path, const char *cmd);
/* What the page is about: the program or the recording(s). */
void oa_page_subject(oa_page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* ... a program and its arguments. */
void oa_page_argv(oa_page *p, char *const *argv);
/* The stream to print the JSON document of kind into: "profile", "time",
 * "timeline" (an array of [t, running, ready, lock_wait]), "whatif",
 * "diff", "race", "scale" or "ranks" (report -i of several recordings).  Each kind at
 * most once. */
FILE *oa_page_doc(oa_page *p, const char *kind);
/* The prediction of `ompadv scale` (scale.h): drawn as a chart of the
 * speedup against the team size and a table, one row per point.  unit:
 * the metric's name (the work's and span's unit); limit_names[i]: how to
 * name points[i].limit_loc's directive ("lulesh.cc:782 parallel for": the
 * part before the first blank, a location, links to its source lines), or
 * NULL (an array of r->npoints, or NULL).  Copied: r and the names may go
 * once this returns.  Also makes a page without JSON documents one worth
 * writing.  When the page also holds the JSON document "scale" (the
 * --format json report), each figure names its path in it (data-key). */
void oa_page_scale(oa_page *p, const oa_scale_result *r, const char *unit,
                   const char *const *limit_names);
/* A sentence for the page's notes (what it cannot show, and why). */
void oa_page_note(oa_page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Draw the page from its documents and write it; frees p.  0, or
 * OA_EXIT_FAIL after saying what went wrong. */
int oa_page_close(oa_page *p);
/* Close p (NULL: no page) at the end of a command whose status is rc:
 * rc, or the page's own status when rc is 0. */
int oa_page_end(oa_page *p, int rc);
/* Drop a page that will not be drawn (the command failed): removes the
 * file it created. */
void oa_page_discard(oa_page *p);

#endif
