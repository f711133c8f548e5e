/* `--html FILE`: one self-contained page (styles, script and data inline,
 * nothing fetched when it is opened) drawn from the JSON documents the
 * commands print with --format json, so that every figure on the page is
 * the figure of the JSON report.  A command opens the page, writes each
 * document it knows into the page's streams, and closes it. */
#ifndef OMPADV_HTML_H
#define OMPADV_HTML_H

#include <stdio.h>

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
 * "diff" or "race".  Each kind at most once. */
FILE *oa_page_doc(oa_page *p, const char *kind);
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
