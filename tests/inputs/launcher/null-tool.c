/* Another OMPT tool, meant for LD_PRELOAD: its ompt_start_tool returns NULL,
 * i.e. it declines.  libomp then goes on to OMP_TOOL_LIBRARIES. */
#include <stddef.h>

void *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
  (void)omp_version;
  (void)runtime_version;
  return NULL;
}
