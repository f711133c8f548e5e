// Known answer: SPMD code, i.e. code straight in a parallel region (not in a
// worksharing construct or a task), runs once per thread, so its work grows
// with the team by construction.  Following the dissertation (3.8.1), diff
// reads the span inflation of such a region, not its work inflation: the
// question is whether the code took longer on the critical path.
//
//   parallel {
//     burn(50)                     @par-@loop      redundant: every thread
//     for static: 100 x burn(1)    @loop-@loop     worksharing
//     burn(100 / nthreads)         @loop-@barrier  split by the team size
//     barrier
//   }
//   @par-@loop, SPMD:  1 thread: work 50, span 50, 1 fragment
//                      2 threads: work 2 * 50 = 100, span 50, 2 fragments
//     -> spmd, fragments_other = 2 * fragments_base, work inflation 2.0,
//        span inflation 1.0: NOT flagged (the SPMD figure is 1.0 < 1.2),
//        although its work inflation 2.0 is above the threshold and it is a
//        third of the 2-thread span (150 ms), far above 1%.
//   @loop-@loop:       1 thread: work 100, span 100; 2 threads: 100, 50
//     -> not spmd (a worksharing loop), work inflation 1.0, not flagged
//   @loop-@barrier, SPMD, split:  1 thread: work 100, span 100
//                      2 threads: 2 * 50 = 100, span 50
//     -> spmd, work inflation 1.0, span inflation 0.5 (the dissertation's
//        figure: below 1, the code got shorter on the critical path: it is
//        divided among the threads, not redundant), not flagged
//   program: work 250 -> 300, span 250 -> 150.
// A wrong model would report: SPMD regions judged by work inflation ->
// @par-@loop flagged at 2.0x; SPMD not recognized (e.g. the fragments of
// the implicit tasks taken for worksharing) -> spmd false; the redundant
// copies not counted -> work inflation 1.0 and fragments equal.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: env OMPADV_TASK_COST=100,50 %ompadv diff --metric cputime --threads 2 \
// RUN:   --format json --output %t.json %t 2> %t.err
// RUN: python3 %S/check.py %t.json --source %s --threads 1,2 \
// RUN:   --row @par-@loop:spmd=true --spmd-fragments @par-@loop=2 \
// RUN:   --row @par-@loop:work_inflation=2.0~0.2 --row @par-@loop:span_inflation=1.0~0.15 \
// RUN:   --row @par-@loop:flagged=false \
// RUN:   --row @loop-@loop:spmd=false --row @loop-@loop:work_inflation=1.0~0.15 \
// RUN:   --row @loop-@loop:span_inflation=0.5~0.1 --row @loop-@loop:flagged=false \
// RUN:   --row @loop-@barrier:spmd=true --spmd-fragments @loop-@barrier=2 \
// RUN:   --row @loop-@barrier:work_inflation=1.0~0.15 --row @loop-@barrier:span_inflation=0.5~0.1 \
// RUN:   --row @loop-@barrier:flagged=false --none-flagged
// RUN: %FileCheck --check-prefix=NOTE %s < %t.err
// NOTE: ompadv: diff: no region on the critical path has inflation above 1.2x
//
// The text report marks the SPMD rows.
// RUN: env OMPADV_TASK_COST=100,50 %ompadv diff -q --metric cputime --threads 2 \
// RUN:   --output %t.txt %t
// RUN: %FileCheck --check-prefix=TEXT -DSPMD="$(python3 %S/check.py --name %s @par-@loop)" \
// RUN:   -DLOOP="$(python3 %S/check.py --name %s @loop-@loop)" -DSPLIT="$(python3 %S/check.py --name %s @loop-@barrier)" %s < %t.txt
// TEXT: differential profile: 1 thread -> 2 threads
// TEXT-DAG: {{^ +(.*/)?}}[[SPMD]] {{.*[0-9]x}}  SPMD{{$}}
// TEXT-DAG: {{^ +(.*/)?}}[[SPLIT]] {{.*[0-9]x}}  SPMD{{$}}
// TEXT-DAG: {{^ +(.*/)?}}[[LOOP]] {{.*[0-9]x$}}
#include <omp.h>
#include "burn.h"

int main(void)
{
#pragma omp parallel // @par
  {
    burn(50);
#pragma omp for schedule(static) // @loop
    for (int i = 0; i < 100; i++)
      burn(1);
    burn(100.0 / omp_get_num_threads());
#pragma omp barrier // @barrier
  }
  return 0;
}
