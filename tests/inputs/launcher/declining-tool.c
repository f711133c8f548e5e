/* Another OMPT tool, meant for LD_PRELOAD: its ompt_start_tool takes the
 * tool interface (returns a result) and its initializer then declines (returns
 * 0), so the runtime turns OMPT off and never loads OMP_TOOL_LIBRARIES. */
#include <omp-tools.h>

static int init(ompt_function_lookup_t lookup, int device, ompt_data_t *data)
{
  (void)lookup;
  (void)device;
  (void)data;
  return 0;
}

static void fini(ompt_data_t *data) { (void)data; }

static ompt_start_tool_result_t result = { init, fini, { 0 } };

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
  (void)omp_version;
  (void)runtime_version;
  return &result;
}
