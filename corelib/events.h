/* Names and field layout of the raw OMPT events the tool records (oa_event in
 * contract.h, a..d; implicit_task: struct oa_ev_implicit_task), shared by the
 * tool that writes them and every reader.
 *
 * Field use per type (ids are the tool's own: threads from 0, parallel regions
 * and tasks from 1, in order of creation):
 *   thread_begin        a=ompt_thread_t
 *   parallel_begin      a=parallel b=encountering task c=requested team size d=flags
 *   parallel_end        a=parallel b=encountering task d=flags
 *   implicit_task       sub=endpoint, struct oa_ev_implicit_task: parallel, task,
 *                       team (size), task_flags, index
 *   task_create         a=new task b=encountering task c=flags d=has_dependences
 *   task_schedule       a=prior task b=prior status c=next task
 *   dependences         a=task b=ndeps, then ndeps OA_EV_DEPENDENCE records:
 *                       a=variable address b=ompt_dependence_type_t
 *   task_dependence     a=source task b=sink task
 *   work                sub=endpoint a=ompt_work_t b=parallel c=task d=count
 *   dispatch            sub=ompt_dispatch_t a=parallel b=task c=start (chunks)
 *                       d=iterations (chunks); where=section's code address
 *   masked              sub=endpoint a=parallel b=task
 *   sync_region(_wait), reduction
 *                       sub=endpoint a=ompt_sync_region_t b=parallel c=task
 *   mutex_acquire, lock_init
 *                       a=ompt_mutex_t b=wait id c=hint d=implementation
 *   mutex_acquired, mutex_released, lock_destroy
 *                       a=ompt_mutex_t b=wait id
 *   nest_lock           sub=endpoint b=wait id
 *   cancel              a=task b=flags
 *   control_tool        a=command b=modifier c=arg (pointer)
 *   error               a=severity
 *   device_initialize   a=device number
 *   target_emi          sub=endpoint a=ompt_target_t b=device number
 *   target_data_op_emi  sub=endpoint a=ompt_target_data_op_t b=bytes
 *   target_submit_emi   sub=endpoint a=requested teams
 */
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
