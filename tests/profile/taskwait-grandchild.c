// Known answer: taskwait waits for the children only, not for grandchildren.
//
//   single: burn(S = 20); task A { burn(A1 = 100); task G { burn(G = 150) };
//   burn(A2 = 50) }; taskwait (waits for A, not for G); burn(C = 160);
//   the barrier of single then waits for G.
//   work = S + A1 + A2 + G + C          = 20 + 100 + 50 + 150 + 160 = 480 ms
//   span = S + A1 + max(G, A2 + C)      = 20 + 100 + max(150, 210)  = 330 ms
//          (G is logically parallel with the rest of A and with C)
//   parallelism = 480 / 330 = 1.455
//   The task row of G: 150 / 480 = 0.3125 of the work, 1 instance.
// A wrong model would report:
//   - the taskwait waiting for G too (for all descendants, like taskgroup):
//     span = S + A1 + max(G, A2) + C = 430 -> 1.12 (-23%);
//   - the taskwait not ordering C after A: span = max(S + A1 + G,
//     S + A1 + A2, S + C) = 270 -> 1.78 (+22%);
//   - G serial with A's continuation (no task parallelism): 1.0.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t
// RUN: python3 %inputs/profile/check.py %t.cputime.json --source %s --metric cputime --threads 2 --tasks 2 --parallelism 1.455 \
// RUN:   --region @G:task:instances=1 --region @G:task:work_frac=0.3125
// RUN: %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --source %s --metric tsc --threads 2 --tasks 2 --parallelism 1.455 \
// RUN:   --region @G:task:instances=1 --region @G:task:work_frac=0.3125
#include <omp.h>
#include "burn.h"

int main(void)
{
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    burn(20);
#pragma omp task
    {
      burn(100);
#pragma omp task // @G
      burn(150);
      burn(50);
    }
#pragma omp taskwait
    burn(160);
  }
  return 0;
}
