/* Work metrics (dissertation 3.4): reading the time stamp counter, the
 * thread's CPU time, or a user-space hardware counter of this thread. */
#ifndef OMPADV_METRIC_H
#define OMPADV_METRIC_H

#include <stdint.h>

#include "contract.h"

/* A perf_event counter of the calling thread, user space only; -1 when the
 * machine has no PMU (most VMs) or the metric needs none. */
int oa_counter_open(enum oa_metric metric);
/* The metric's current value; fd from oa_counter_open (ignored for tsc and
 * cputime).  Returns 0 with *ok = 0 if the counter could not be read. */
uint64_t oa_metric_read(enum oa_metric metric, int fd, int *ok);
/* Nanoseconds per TSC tick, measured against CLOCK_MONOTONIC over 1 ms;
 * 0 if that does not look like a constant-rate TSC. */
double oa_ns_per_tick(void);
/* "tsc", "cputime", "cycles", "instructions" -> the metric, 0 if unknown. */
enum oa_metric oa_metric_parse(const char *name);
const char *oa_metric_name(enum oa_metric metric);

#endif
