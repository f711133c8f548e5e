/* Where the threads' time went (`ompadv time`, `ompadv report --time`): a
 * recording made in time mode (contract.h: OMPADV_TIME, OA_RAW_TIMED) holds
 * every fragment's start and end on the TSC, its thread and task, the
 * regions, implicit and explicit tasks, the waits and the locks.  From them
 * each thread's time is split into
 *   work       running a fragment (the program's code) on a core, or blocked
 *              in it (sleeping, I/O: the program's own choice),
 *   preempted  runnable but off its core, whatever it was doing: other
 *              threads or processes had the core (the kernel's run delay);
 *              a loaded machine's time, not the program's nor the runtime's,
 *   overhead   in the runtime without waiting, and in ompadv's callbacks
 *              (their time, which each thread's records carry, is never
 *              counted as waiting),
 *   lock_wait  waiting to acquire a lock, critical or ordered region,
 *   delay      waiting (a barrier, taskwait, taskgroup, or idle outside any
 *              parallel region) while some fragment was ready but not
 *              running (seed 002: the runtime did not start ready work),
 *   no_work    waiting while no fragment was ready (the program lacked
 *              parallelism then),
 * which add up to threads x wall.  The wall time begins when ompadv's library
 * was loaded, before main: the serial code before the first construct
 * (libomp starts the tool there) is main's.  A fragment is ready once everything that
 * must finish before it (doc/SEMANTICS.md) has finished: an explicit task at
 * its creation or its last dependence's end, an implicit task at its
 * region's fork, the code after a barrier at the last arrival and the end
 * of the last task run in it, after a taskwait at its children's ends, after
 * a taskgroup at its descendants' ends.  Waiting is blamed on the code the
 * working threads ran meanwhile (seed 001, undirected), lock waiting on the
 * code run while holding the lock (directed). */
#ifndef OMPADV_TIMEPROF_H
#define OMPADV_TIMEPROF_H

#include <stddef.h>
#include <stdint.h>

#include "replay.h"

/* What a row's time was spent on, beside its location. */
enum oa_time_what {
  OA_TW_CODE = 0,            /* the directive's own code (its location's kind) */
  OA_TW_BARRIER,             /* an explicit barrier (its location: the call's) */
  OA_TW_TASKWAIT, OA_TW_TASKGROUP, OA_TW_LOCK,
  OA_TW_IDLE,                /* a thread outside every parallel region */
  OA_TW_BAR_WS,              /* the implicit barrier at the end of a worksharing construct
                              * (its location: the construct's) */
  OA_TW_BAR_PAR,             /* the implicit barrier at the end of a parallel region (its
                              * location: the parallel's) */
  OA_TW_N
};
/* Every wait is named by the construct that waits, at its own location,
 * never by the code the thread ran before it or meanwhile (tasks run inside
 * a barrier or taskwait). */

typedef struct oa_time_row {
  uint32_t loc;              /* location id of the recording */
  uint8_t what;              /* enum oa_time_what */
  double work, overhead, delay, no_work, lock_wait;  /* seconds of thread time */
  double preempted;          /* runnable but off its core there */
  double blamed;             /* others' waiting blamed on this code: idle threads' while
                              * it ran, and threads' waiting for a lock it held */
  double blamed_lock;        /* ... of which waiting for a lock */
} oa_time_row;

typedef struct oa_time_dist {
  double median, p90, max, total;
} oa_time_dist;

/* The explicit tasks of one task directive. */
typedef struct oa_time_tasks {
  uint32_t loc;
  uint64_t count;
  oa_time_dist create;       /* the creating thread's time from its fragment's end to
                              * the next one's start around the creation */
  oa_time_dist wait;         /* ready (created, dependences met) to first start */
  oa_time_dist exec;         /* its fragments' time */
  oa_time_dist suspended;    /* first start to end, less exec */
} oa_time_tasks;

typedef struct oa_time_finding {
  const char *property;      /* e.g. "barrier_imbalance" */
  uint32_t loc;
  uint8_t what;              /* enum oa_time_what */
  double severity;           /* share of its phase's thread time, 0-1: threads x wall,
                              * or for task properties the threads' time in the
                              * parallel regions the tasks were created in */
  double seconds;            /* the thread time the property costs */
  double of;                 /* the phase's thread time (severity = seconds / of) */
  uint32_t count;            /* instances merged into it (same property, location and
                              * hint: a region run many times), 1 or more */
  char detail[200];          /* the evidence in figures (of the largest instance) */
  const char *hint;          /* what to try */
} oa_time_finding;

/* The timeline, averaged over equal slices of the run. */
typedef struct oa_time_point {
  double t;                  /* seconds from the start, the slice's start */
  double running;            /* threads running work */
  double ready;              /* fragments ready or running (available parallelism) */
  double lock_wait;          /* threads waiting for a lock */
} oa_time_point;

typedef struct oa_time_result {
  double wall;               /* seconds */
  uint32_t threads;
  double work, overhead, delay, no_work, lock_wait, preempted;
  double tool;               /* of overhead: ompadv's own time in its callbacks */
  double before_tool;        /* of main's code: the serial stretch before the tool started
                              * (the first construct) */
  oa_time_row *rows;         /* by thread time, largest first */
  size_t nrows;
  oa_time_tasks *tasks;      /* by count, largest first */
  size_t ntasks;
  oa_time_finding *findings; /* by severity, most severe first */
  size_t nfindings;
  oa_time_point *timeline;
  size_t ntimeline;
  uint64_t fragments, explicit_tasks;
} oa_time_result;

/* Findings below this severity are left out. */
#define OA_TIME_FINDING_MIN 0.01

/* Analyse r's time records.
 * Returns 0; 1 when r holds no time records (recorded without time mode);
 * -1 with a one-line reason. */
/* One stretch of one thread's time in one state (--trace-events): each
 * thread's come in order, each beginning where the one before it ended
 * (the first at the run's start); the threads' interleaved. */
enum oa_time_cat { OA_TS_WORK, OA_TS_OVERHEAD, OA_TS_WAIT, OA_TS_LOCK };
typedef struct oa_time_seg {
  uint32_t thread;           /* the recording's thread number (0: the initial thread) */
  double t0, t1;             /* seconds from the run's start (oa_time_result.wall's) */
  uint32_t loc;              /* location id (as recorded: before opts->same) */
  uint8_t cat;               /* enum oa_time_cat */
  uint8_t what;              /* enum oa_time_what */
  uint8_t off;               /* runnable but off its core (preempted) */
  uint8_t task;              /* work in an explicit task: 1 + its number % 255 (two tasks
                              * in a row differ), else 0 */
} oa_time_seg;
/* s NULL: forget the segments given so far, they all come again (the
 * analysis reads the recording a second time). */
typedef void (*oa_time_seg_fn)(void *ctx, const oa_time_seg *s);

typedef struct oa_time_opts {
  size_t max_points;         /* timeline slices */
  /* every segment, once it is final (NULL: none); oa_time_analyse's only:
   * a reader takes it from oa_time_segments */
  oa_time_seg_fn seg;
  void *seg_ctx;
  /* the location that stands for loc (one directive reached through several
   * code addresses is one row); NULL: each its own */
  uint32_t (*same)(void *ctx, uint32_t loc);
  void *ctx;
} oa_time_opts;
int oa_time_analyse(oa_recording *r, const oa_time_opts *opts, oa_time_result *out, char *err,
                    size_t errlen);
/* The same in two steps, for a caller that reads the records itself,
 * together with another reader (oa_replay_opts.also): the reader, whose
 * visitor goes to that read (max_points: the timeline's slices, for
 * opts->max_points is not read then); then, once the read is over
 * (visit_rc: what it returned, its reason in err), the analysis, with
 * oa_time_analyse's result.  oa_time_finish frees the reader. */
typedef struct oa_time_reader oa_time_reader;
oa_time_reader *oa_time_start(oa_recording *r, size_t max_points);
struct oa_rec_visitor *oa_time_visitor(oa_time_reader *tr);
/* Give every segment to fn (oa_time_opts.seg), before the read. */
void oa_time_segments(oa_time_reader *tr, oa_time_seg_fn fn, void *ctx);
int oa_time_finish(oa_time_reader *tr, int visit_rc, const oa_time_opts *opts,
                   oa_time_result *out, char *err, size_t errlen);
void oa_time_result_free(oa_time_result *out);

#endif
