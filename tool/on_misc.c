/* Events outside the host constructs: omp_control_tool (ompadv.h's
 * annotations), runtime errors, and target offload, which ompadv records so
 * that later analyses can say they are not modelled. */
#include "prof.h"

/* What-if annotations (ompadv.h): in profile mode they end the running
 * fragment and begin one marked with the factor (or unmarked again).  The
 * answer is 0 ("done") for commands ompadv knows, -1 for others. */
static int prof_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *ra)
{
  oa_thread *t = oa_me();
  if (command == OA_CONTROL_MARK) {  /* tests: not a fragment boundary */
    oa_task *task = t->cur;
    oa_node *top = task ? oa_task_top(task) : NULL;
    OA_PUT_RAW(t, OA_RAW_MARK, raw_mark, .node = top && top->kind == OA_W ? top->id : 0,
               .task = task ? task->id : 0, .mark = modifier);
    return 0;
  }
  if (command != OA_CONTROL_WHATIF_BEGIN && command != OA_CONTROL_WHATIF_END)
    return -1;
  oa_prof_enter_at(t, ra);
  oa_task *task = t->cur;
  double factor = command == OA_CONTROL_WHATIF_BEGIN && arg ? *(const double *)arg : 0;
  if (task && oa_task_top(task))
    oa_prof_whatif(t, task, factor > 1 ? factor : 0);
  oa_prof_leave(t);
  return 0;
}

static int model_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *ra)
{
  return prof_control_tool(command, modifier, arg, ra);
}

static int trace_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *ra)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT_AT(t, ompt_callback_control_tool, 0, ra, control_tool, .command = command,
                  .modifier = modifier, .arg = (uint64_t)(uintptr_t)arg);
  return 0;
}

static void trace_error(ompt_severity_t severity, const char *message, size_t length,
                        const void *ra)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT_AT(t, ompt_callback_error, 0, ra, error, .severity = (uint64_t)severity);
}

static void model_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                    ompt_function_lookup_t lookup, const char *documentation)
{
  oa_prof_flag(OA_PROF_APPROX_TARGET);
}

static void trace_device_initialize(int device_num, const char *type, ompt_device_t *device,
                                    ompt_function_lookup_t lookup, const char *documentation)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT(t, ompt_callback_device_initialize, 0, device_initialize,
               .device = (uint64_t)device_num);
}

static void model_target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
                             ompt_data_t *task, ompt_data_t *target_task, ompt_data_t *target,
                             const void *ra)
{
  oa_prof_flag(OA_PROF_APPROX_TARGET);
}

static void trace_target_emi(ompt_target_t kind, ompt_scope_endpoint_t endpoint, int device_num,
                             ompt_data_t *task, ompt_data_t *target_task, ompt_data_t *target,
                             const void *ra)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT_AT(t, ompt_callback_target_emi, endpoint, ra, target, .kind = (uint64_t)kind,
                  .device = (uint64_t)device_num);
}

static void model_target_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task,
                                     ompt_data_t *target, ompt_id_t *host_op_id,
                                     ompt_target_data_op_t optype, void *src, int src_device,
                                     void *dest, int dest_device, size_t bytes, const void *ra)
{
  oa_prof_flag(OA_PROF_APPROX_TARGET);
}

static void trace_target_data_op_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target_task,
                                     ompt_data_t *target, ompt_id_t *host_op_id,
                                     ompt_target_data_op_t optype, void *src, int src_device,
                                     void *dest, int dest_device, size_t bytes, const void *ra)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT_AT(t, ompt_callback_target_data_op_emi, endpoint, ra, target_data_op,
                  .optype = (uint64_t)optype, .bytes = bytes);
}

static void model_target_submit_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target,
                                    ompt_id_t *host_op_id, unsigned int teams)
{
  oa_prof_flag(OA_PROF_APPROX_TARGET);
}

static void trace_target_submit_emi(ompt_scope_endpoint_t endpoint, ompt_data_t *target,
                                    ompt_id_t *host_op_id, unsigned int teams)
{
  oa_thread *t = oa_me();
  OA_PUT_EVENT(t, ompt_callback_target_submit_emi, endpoint, target_submit, .teams = teams);
}

ompt_callback_control_tool_t const oa_trace_control_tool = trace_control_tool;
ompt_callback_control_tool_t const oa_model_control_tool = model_control_tool;
ompt_callback_error_t const oa_trace_error = trace_error;
ompt_callback_error_t const oa_model_error = NULL;
ompt_callback_device_initialize_t const oa_trace_device_initialize = trace_device_initialize;
ompt_callback_device_initialize_t const oa_model_device_initialize = model_device_initialize;
ompt_callback_target_emi_t const oa_trace_target_emi = trace_target_emi;
ompt_callback_target_emi_t const oa_model_target_emi = model_target_emi;
ompt_callback_target_data_op_emi_t const oa_trace_target_data_op_emi = trace_target_data_op_emi;
ompt_callback_target_data_op_emi_t const oa_model_target_data_op_emi = model_target_data_op_emi;
ompt_callback_target_submit_emi_t const oa_trace_target_submit_emi = trace_target_submit_emi;
ompt_callback_target_submit_emi_t const oa_model_target_submit_emi = model_target_submit_emi;
