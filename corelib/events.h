/* Names of the OMPT events the tool records in trace mode and of the values
 * their fields hold, for `ompadv trace` and diagnostics.  The events' fields,
 * one struct per kind, are in contract.h (union oa_record, after
 * OA_EV_DEPENDENCE), shared by the tool that writes them and every reader. */
#ifndef OMPADV_EVENTS_H
#define OMPADV_EVENTS_H

#include <stddef.h>
#include <stdint.h>

#include "contract.h"

/* Name of an event type ("parallel_begin" style names are built by the
 * printer from this and the endpoint), or NULL for an unknown type. */
const char *oa_event_type_name(unsigned type);
const char *oa_work_name(uint64_t work);
const char *oa_sync_name(uint64_t kind);
const char *oa_mutex_name(uint64_t kind);
const char *oa_dispatch_name(uint64_t kind);
const char *oa_dependence_name(uint64_t type);
const char *oa_thread_type_name(uint64_t type);
const char *oa_task_status_name(uint64_t status);
/* Flag words as "a|b|c" into buf. */
const char *oa_task_flags(uint64_t flags, char *buf, size_t len);
const char *oa_parallel_flags(uint64_t flags, char *buf, size_t len);

#endif
