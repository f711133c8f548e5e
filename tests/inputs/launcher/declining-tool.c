/* Another OMPT tool: its ompt_start_tool takes the tool interface (returns
 * a result) and its initializer then declines (returns 0), so the runtime
 * turns OMPT off and never loads OMP_TOOL_LIBRARIES.  Injected in place of
 * ompadv's (OMPADV_TOOL_LIBRARY), it declines the way ompadv's own tool
 * does (corelib/contract.h): it says why on stderr and marks the result
 * file the driver made for it, through the descriptor it inherited. */
#include <omp-tools.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "contract.h"

static int init(ompt_function_lookup_t lookup, int device, ompt_data_t *data)
{
  (void)lookup;
  (void)device;
  (void)data;
  const char *v = getenv(OMPADV_ENV_RESULT_FD);
  uint64_t mark = OA_FILE_DECLINED;
  int fd;
  fprintf(stderr, "declining-tool: not starting\n");
  if (v && sscanf(v, "%d", &fd) == 1 && pwrite(fd, &mark, sizeof mark, 0) != sizeof mark)
    return 0;
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
