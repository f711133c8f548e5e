/* Human names for OMPT event types and their enumerations, as printed by
 * `ompadv trace` and used in diagnostics. */
#include "events.h"

#include <omp-tools.h>
#include <stdio.h>
#include <string.h>

#define NAME(tbl, v) ((v) < sizeof(tbl) / sizeof(tbl[0]) && tbl[v] ? tbl[v] : NULL)

const char *oa_event_type_name(unsigned type)
{
  static const char *const names[] = {
    [ompt_callback_thread_begin] = "thread_begin",
    [ompt_callback_thread_end] = "thread_end",
    [ompt_callback_parallel_begin] = "parallel_begin",
    [ompt_callback_parallel_end] = "parallel_end",
    [ompt_callback_task_create] = "task_create",
    [ompt_callback_task_schedule] = "task_schedule",
    [ompt_callback_implicit_task] = "implicit_task",
    [ompt_callback_control_tool] = "control_tool",
    [ompt_callback_device_initialize] = "device_initialize",
    [ompt_callback_device_finalize] = "device_finalize",
    [ompt_callback_sync_region_wait] = "sync_region_wait",
    [ompt_callback_mutex_released] = "mutex_released",
    [ompt_callback_dependences] = "dependences",
    [ompt_callback_task_dependence] = "task_dependence",
    [ompt_callback_work] = "work",
    [ompt_callback_masked] = "masked",
    [ompt_callback_sync_region] = "sync_region",
    [ompt_callback_lock_init] = "lock_init",
    [ompt_callback_lock_destroy] = "lock_destroy",
    [ompt_callback_mutex_acquire] = "mutex_acquire",
    [ompt_callback_mutex_acquired] = "mutex_acquired",
    [ompt_callback_nest_lock] = "nest_lock",
    [ompt_callback_flush] = "flush",
    [ompt_callback_cancel] = "cancel",
    [ompt_callback_reduction] = "reduction",
    [ompt_callback_dispatch] = "dispatch",
    [ompt_callback_target_emi] = "target",
    [ompt_callback_target_data_op_emi] = "target_data_op",
    [ompt_callback_target_submit_emi] = "target_submit",
    [ompt_callback_error] = "error",
    [OA_EV_DEPENDENCE] = "dependence",
    [OA_RAW_NODE] = "NODE", [OA_RAW_EDGE] = "EDGE", [OA_RAW_FRAG_BEGIN] = "FRAG_BEGIN",
    [OA_RAW_FRAG_END] = "FRAG_END", [OA_RAW_PAR_BEGIN] = "PAR_BEGIN", [OA_RAW_PAR_END] = "PAR_END",
    [OA_RAW_IMPL_BEGIN] = "IMPL_BEGIN", [OA_RAW_IMPL_END] = "IMPL_END",
    [OA_RAW_BAR_BEGIN] = "BAR_BEGIN", [OA_RAW_BAR_END] = "BAR_END",
    [OA_RAW_TASK_CREATE] = "TASK_CREATE", [OA_RAW_TASK_BEGIN] = "TASK_BEGIN",
    [OA_RAW_TASK_END] = "TASK_END", [OA_RAW_TW_BEGIN] = "TW_BEGIN", [OA_RAW_TW_END] = "TW_END",
    [OA_RAW_TG_BEGIN] = "TG_BEGIN", [OA_RAW_TG_END] = "TG_END", [OA_RAW_DEP] = "DEP",
    [OA_RAW_CHUNK_BEGIN] = "CHUNK_BEGIN", [OA_RAW_CHUNK_END] = "CHUNK_END",
    [OA_RAW_MARK] = "MARK", [OA_RAW_WAIT] = "WAIT", [OA_RAW_WS_BEGIN] = "WS_BEGIN",
    [OA_RAW_WS_END] = "WS_END", [OA_RAW_ORD] = "ORD", [OA_RAW_OSTAMP] = "OSTAMP",
    [OA_RAW_OREGION] = "OREGION",
    [OA_RACE_REPORT] = "RACE_REPORT", [OA_RACE_CHECK] = "RACE_CHECK",
    [OA_RACE_SUMMARY] = "RACE_SUMMARY", [OA_RACE_STACK] = "RACE_STACK",
    [OA_RACE_ITERS] = "RACE_ITERS",
  };
  return NAME(names, type);
}

const char *oa_work_name(uint64_t work)
{
  static const char *const names[] = {
    [ompt_work_loop] = "loop",
    [ompt_work_sections] = "sections",
    [ompt_work_single_executor] = "single_executor",
    [ompt_work_single_other] = "single_other",
    [ompt_work_workshare] = "workshare",
    [ompt_work_distribute] = "distribute",
    [ompt_work_taskloop] = "taskloop",
    [ompt_work_scope] = "scope",
    [ompt_work_loop_static] = "loop_static",
    [ompt_work_loop_dynamic] = "loop_dynamic",
    [ompt_work_loop_guided] = "loop_guided",
    [ompt_work_loop_other] = "loop_other",
  };
  return NAME(names, work);
}

const char *oa_sync_name(uint64_t kind)
{
  static const char *const names[] = {
    [ompt_sync_region_barrier] = "barrier",
    [ompt_sync_region_barrier_implicit] = "barrier_implicit",
    [ompt_sync_region_barrier_explicit] = "barrier_explicit",
    [ompt_sync_region_barrier_implementation] = "barrier_implementation",
    [ompt_sync_region_taskwait] = "taskwait",
    [ompt_sync_region_taskgroup] = "taskgroup",
    [ompt_sync_region_reduction] = "reduction",
    [ompt_sync_region_barrier_implicit_workshare] = "barrier_implicit_workshare",
    [ompt_sync_region_barrier_implicit_parallel] = "barrier_implicit_parallel",
    [ompt_sync_region_barrier_teams] = "barrier_teams",
  };
  return NAME(names, kind);
}

const char *oa_mutex_name(uint64_t kind)
{
  static const char *const names[] = {
    [ompt_mutex_lock] = "lock",
    [ompt_mutex_test_lock] = "test_lock",
    [ompt_mutex_nest_lock] = "nest_lock",
    [ompt_mutex_test_nest_lock] = "test_nest_lock",
    [ompt_mutex_critical] = "critical",
    [ompt_mutex_atomic] = "atomic",
    [ompt_mutex_ordered] = "ordered",
  };
  return NAME(names, kind);
}

const char *oa_dispatch_name(uint64_t kind)
{
  static const char *const names[] = {
    [ompt_dispatch_iteration] = "iteration",
    [ompt_dispatch_section] = "section",
    [ompt_dispatch_ws_loop_chunk] = "ws_loop_chunk",
    [ompt_dispatch_taskloop_chunk] = "taskloop_chunk",
    [ompt_dispatch_distribute_chunk] = "distribute_chunk",
  };
  return NAME(names, kind);
}

const char *oa_dependence_name(uint64_t type)
{
  static const char *const names[] = {
    [ompt_dependence_type_in] = "in",
    [ompt_dependence_type_out] = "out",
    [ompt_dependence_type_inout] = "inout",
    [ompt_dependence_type_mutexinoutset] = "mutexinoutset",
    [ompt_dependence_type_source] = "source",
    [ompt_dependence_type_sink] = "sink",
    [ompt_dependence_type_inoutset] = "inoutset",
    [ompt_dependence_type_out_all_memory] = "out_all_memory",
    [ompt_dependence_type_inout_all_memory] = "inout_all_memory",
  };
  return NAME(names, type);
}

const char *oa_thread_type_name(uint64_t type)
{
  static const char *const names[] = {
    [ompt_thread_initial] = "initial",
    [ompt_thread_worker] = "worker",
    [ompt_thread_other] = "other",
    [ompt_thread_unknown] = "unknown",
  };
  return NAME(names, type);
}

const char *oa_task_status_name(uint64_t status)
{
  static const char *const names[] = {
    [ompt_task_complete] = "complete",
    [ompt_task_yield] = "yield",
    [ompt_task_cancel] = "cancel",
    [ompt_task_detach] = "detach",
    [ompt_task_early_fulfill] = "early_fulfill",
    [ompt_task_late_fulfill] = "late_fulfill",
    [ompt_task_switch] = "switch",
    [ompt_taskwait_complete] = "taskwait_complete",
  };
  return NAME(names, status);
}

struct flagname {
  uint64_t bit;
  const char *name;
};

static const char *join_flags(uint64_t flags, const struct flagname *tbl, size_t n,
                              char *buf, size_t len)
{
  size_t used = 0;
  buf[0] = 0;
  for (size_t i = 0; i < n; i++) {
    if (!(flags & tbl[i].bit))
      continue;
    int w = snprintf(buf + used, len - used, "%s%s", used ? "|" : "", tbl[i].name);
    if (w < 0 || (size_t)w >= len - used)
      break;
    used += (size_t)w;
    flags &= ~tbl[i].bit;
  }
  if (flags && used + 20 < len)
    snprintf(buf + used, len - used, "%s0x%llx", used ? "|" : "", (unsigned long long)flags);
  return buf;
}

const char *oa_task_flags(uint64_t flags, char *buf, size_t len)
{
  static const struct flagname tbl[] = {
    { ompt_task_initial, "initial" },       { ompt_task_implicit, "implicit" },
    { ompt_task_explicit, "explicit" },     { ompt_task_target, "target" },
    { ompt_task_taskwait, "taskwait" },     { ompt_task_undeferred, "undeferred" },
    { ompt_task_untied, "untied" },         { ompt_task_final, "final" },
    { ompt_task_mergeable, "mergeable" },   { ompt_task_merged, "merged" },
  };
  return join_flags(flags, tbl, sizeof tbl / sizeof tbl[0], buf, len);
}

const char *oa_parallel_flags(uint64_t flags, char *buf, size_t len)
{
  static const struct flagname tbl[] = {
    { ompt_parallel_invoker_program, "invoker_program" },
    { ompt_parallel_invoker_runtime, "invoker_runtime" },
    { ompt_parallel_league, "league" },
    { ompt_parallel_team, "team" },
  };
  return join_flags(flags, tbl, sizeof tbl / sizeof tbl[0], buf, len);
}
