/* Long steps say what they do: a line on standard error, redrawn in place
 * and erased when the step ends (replaying a recording of gigabytes,
 * calibrating at 64 threads).  Only on a terminal: never into a file or a
 * pipe, not with -q, not under an MPI launcher with several ranks (their
 * lines are tagged and would mix); and only once the step has taken
 * OMPADV_PROGRESS_AFTER seconds (1; ompadv(1)). */
#ifndef OMPADV_PROGRESS_H
#define OMPADV_PROGRESS_H

#include <stdint.h>

typedef struct oa_progress oa_progress;
/* A step, named by "ompadv: " and what fmt says; drawn at once when
 * OMPADV_PROGRESS_AFTER is 0 (a step that gives no fraction: calibration
 * shows its line when it starts, whatever the delay). */
oa_progress *oa_progress_start(int at_once, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* How far it got (total 0: not known): redrawn at most 5 times a second. */
void oa_progress_set(oa_progress *p, uint64_t done, uint64_t total);
/* The step is over: its line erased.  Frees p (NULL: nothing). */
void oa_progress_end(oa_progress *p);

#endif
