// Known answer (issue 34, item 2): the burdened span puts the runtime's
// costs on the critical path only, as Cilkscale burdens its span.
//
//   parallel { single { 4 tasks of burn(5) } }: work 20 ms, span 5 ms (the
//   tasks are logically parallel), parallelism 4 at every team size.
//   With the runtime's costs given as 1 ms to create a task and none for
//   anything else, the critical path crosses one task creation: burdened
//   span 5 + 1 = 6 ms, burdened parallelism 20 / 6 = 3.33 (charging every
//   task would give 20 / 9 = 2.22).  At 4 threads the predicted time is
//   max(20 / 4, 5) + 1 = 6 ms against one thread's 20 + 1 = 21: speedup
//   3.5; the high bound 20 / 5 = 4, the low bound 21 / ((20 - 5) / 4 + 5 +
//   1) = 2.15.  The costs are read when scale analyses the recording (-i),
//   not when the program ran.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv record -q --threads 2 --metric cputime -o %t.rec %t
// RUN: env OMPADV_RUNTIME_COST=task-create=500000/500000 %ompadv scale -q -i %t.rec --max-threads 4 --format json --output %t.json
// RUN: python3 %inputs/scale/check.py %t.json --sane --tol 0.04 --parallelism 1=4 --parallelism 4=4 \
// RUN:   --burdened 4=3.33 --speedup 4=3.5 --low 4=2.15 --high 4=4
#include "burn.h"

int main(void)
{
#pragma omp parallel
#pragma omp single
  for (int k = 0; k < 4; k++) {
#pragma omp task
    burn(5);
  }
  return 0;
}
