/* ompadv.h: annotations for ompadv's user-defined what-if analysis.
 *
 *   ompadv_whatif_begin(16.0);   ... code to imagine parallelized 16-fold ...
 *   ompadv_whatif_end();
 *
 * Both are built on the standard omp_control_tool(), so an annotated program
 * needs no ompadv library and runs unchanged without ompadv (the calls then
 * do nothing).  Under `ompadv trace` they appear as control_tool events. */
#ifndef OMPADV_H
#define OMPADV_H

#include <omp.h>

/* omp_control_tool commands from 64 up are the tool's own. */
#define OMPADV_CONTROL_WHATIF_BEGIN 65
#define OMPADV_CONTROL_WHATIF_END   66

/* Macros, not functions, so that the event's code address is the caller's
 * line.  The runtime answers omp_control_tool with "no tool" until it is
 * fully initialized; asking it for the processor count first makes sure it
 * is.  Each evaluates to omp_control_tool's result. */
#define ompadv_whatif_begin(factor)                                          \
  __extension__({                                                          \
    double ompadv_factor_ = (factor);                                      \
    (void)omp_get_num_procs();                                             \
    omp_control_tool(OMPADV_CONTROL_WHATIF_BEGIN, 0, &ompadv_factor_);     \
  })

#define ompadv_whatif_end() omp_control_tool(OMPADV_CONTROL_WHATIF_END, 0, (void *)0)

#endif
