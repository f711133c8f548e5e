/* Work metrics (dissertation 3.4): reading the time stamp counter, the
 * thread's CPU time, or a user-space hardware counter of this thread. */
#ifndef OMPADV_METRIC_H
#define OMPADV_METRIC_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "contract.h"

/* A perf_event counter of the calling thread, user space only; -1 when the
 * machine has no PMU (most VMs) or the metric needs none. */
int oa_counter_open(enum oa_metric metric);
/* The metric's current value; fd from oa_counter_open (ignored for tsc and
 * cputime).  Returns 0 with *ok = 0 if the counter could not be read. */
uint64_t oa_metric_read(enum oa_metric metric, int fd, int *ok);
/* A clock (CLOCK_MONOTONIC, CLOCK_THREAD_CPUTIME_ID, ...) in nanoseconds. */
uint64_t oa_clock_ns(clockid_t id);
/* Nanoseconds per TSC tick, measured against CLOCK_MONOTONIC over 1 ms
 * (each end read as a tight pair of the two clocks, so that a preemption
 * does not skew it); 0 if that does not look like a constant-rate TSC. */
double oa_ns_per_tick(void);
/* "tsc", "cputime", "cycles", "instructions" -> the metric, 0 if unknown. */
enum oa_metric oa_metric_parse(const char *name);
const char *oa_metric_name(enum oa_metric metric);

/* The runtime's own time around an OMPT event: libomp's code between the
 * program's call and the callback (in), and between the callback's return
 * and the program (out).  It falls inside the fragments on either side of
 * the event, yet it is no directive's work (doc/SEMANTICS.md rule 19), so
 * profile mode takes it off them.  OMPT has no event where the program's
 * code starts or stops, so these are per-run estimates in the metric's
 * units, measured by ompadv-calibrate --runtime and handed to the tool in
 * OMPADV_RUNTIME_COST.  Events not listed cost nothing. */
enum oa_rt_event {
  OA_RTE_NONE,
  OA_RTE_FORK,             /* an implicit task begins: out, up to the region's code */
  OA_RTE_JOIN,             /* a region's implicit barrier: in, after the region's code */
  OA_RTE_PAR_BEGIN,        /* parallel begin, on the encountering thread: in */
  OA_RTE_PAR_END,          /* parallel end, on the encountering thread: out */
  OA_RTE_LOOP_STATIC,      /* a static loop (or sections) begins */
  OA_RTE_LOOP_DYNAMIC,     /* a dynamic, guided or runtime loop begins */
  OA_RTE_CHUNK_STATIC,     /* a static loop's chunk (or a section) is dispatched */
  OA_RTE_CHUNK_DYNAMIC,    /* a dynamic loop's chunk is dispatched */
  OA_RTE_LOOP_END_STATIC,  /* a static loop (or sections) ends */
  OA_RTE_LOOP_END_DYNAMIC, /* a dynamic loop ends */
  OA_RTE_BARRIER,          /* an explicit or worksharing barrier begins: in */
  OA_RTE_BARRIER_END,      /* ... and ends: out */
  OA_RTE_TASK_CREATE,      /* a task is created: in, from the program's task directive to
                            * the callback; out, back to the creating code (the creation's
                            * own cost is estimated apart: OMPADV_TASK_COST) */
  OA_RTE_TASK_SWITCH,      /* a task completes or a thread switches tasks: in, from the
                            * task's last code; out, up to the next task's code */
  OA_RTE_TASKWAIT,         /* a taskwait begins: in */
  OA_RTE_TASKWAIT_END,     /* ... and ends: out */
  /* Not an event: libomp's start-up at the program's first construct (the
   * runtime starts lazily there, and its first fork also starts its
   * threads' structures), which falls in the initial task's first fragment:
   * in, the median of a few start-ups; out, how far the middle ones spread,
   * the estimate's uncertainty (calibrate.c). */
  OA_RTE_STARTUP,
  /* Not events either, for the burdened span of ompadv scale (scale.h):
   * the wall time an empty parallel region takes its encountering thread,
   * fork to join (in), and that of an empty barrier in a region (in), with
   * the calibration's team; out: 0.  The tool takes nothing off for them. */
  OA_RTE_REGION_LATENCY,
  OA_RTE_BARRIER_LATENCY,
  OA_RTE_N
};

typedef struct oa_rt_costs {
  uint64_t in[OA_RTE_N], out[OA_RTE_N];
} oa_rt_costs;

/* The largest count either setting below takes, in any metric's units
 * (about a second of tsc or cputime): a task creation or a stretch of the
 * runtime's code costing more is no measurement, and it keeps the sums the
 * tool makes of them (one per task or event) far from overflowing. */
#define OA_COST_MAX 1000000000ull

/* OMPADV_TASK_COST: "D,U", the costs of creating a deferred and an
 * undeferred task, two decimal counts of the metric's unit (no sign, no
 * space, each at most OA_COST_MAX) and nothing else.  0, or -1 (nothing
 * stored) if s is not of that form. */
int oa_task_cost_parse(const char *s, uint64_t *deferred, uint64_t *undeferred);
/* OMPADV_RUNTIME_COST: "none", or "NAME=IN/OUT,..." (NAME: fork, join,
 * parallel-begin, parallel-end, loop-static, loop-dynamic, chunk-static,
 * chunk-dynamic, loop-end-static, loop-end-dynamic, barrier, barrier-end,
 * task-create, task-switch, taskwait, taskwait-end, startup (IN: the
 * estimate, OUT: its spread), each at most once; IN and OUT counts as above; events not listed cost 0).
 * Returns the number of events read (0 for "none"), or -1, c all 0, if s
 * is not of that form (unknown events and empty text included). */
int oa_rt_costs_parse(const char *s, oa_rt_costs *c);
/* The name of event e in that text, NULL for none. */
const char *oa_rt_event_name(unsigned e);
/* The same text, for the events with a cost; "" when none has. */
void oa_rt_costs_format(const oa_rt_costs *c, char *buf, size_t size);

#endif
