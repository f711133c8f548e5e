// Known answer (doc/SEMANTICS.md rule 13): mutexinoutset and inoutset runs.
// Sibling tasks with inoutset on the same item are unordered among
// themselves, and ordered against the in/out/inout (and mutexinoutset)
// ones around them; mutexinoutset tasks are mutually exclusive, in no
// order (the span takes them as parallel, as it does critical sections).
// Issue 32, item 6: both were serialized like inout (parallelism 1.00).
//
//   parallel { single {
//     task depend(out: x)            burn(10)   A
//     4 x task depend(mutexinoutset: x) burn(20) after A, unordered
//     4 x task depend(inoutset: x)   burn(20)   after the 4 above, unordered
//     task depend(in: x)             burn(10)   B, after the 4 inoutset
//     2 x task depend(inoutset: x)   burn(10)   after B (a new run: B lies
//                                               between it and the first)
//   } }
//   work = 10 + 80 + 80 + 10 + 20 = 200 ms
//   span = 10 + 20 + 20 + 10 + 10 =  70 ms -> parallelism 2.857,
//   at 1, 2 and 4 threads.
//   (Everything as inout: 200 / 200 = 1.00; the last two joining the first
//   inoutset run: span 60 -> 3.33.)
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 1 --metric cputime --format json --output %t.1.json %t
// RUN: python3 %inputs/profile/check.py %t.1.json --threads 1 --parallelism 2.857 --tol 0.05
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.2.json %t
// RUN: python3 %inputs/profile/check.py %t.2.json --threads 2 --parallelism 2.857 --tol 0.05
// RUN: %ompadv profile -q --threads 4 --metric cputime --format json --output %t.4.json %t
// RUN: python3 %inputs/profile/check.py %t.4.json --threads 4 --parallelism 2.857 --tol 0.05
#include <omp.h>
#include "burn.h"

int x;

int main(void)
{
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    burn(10);
    for (int i = 0; i < 4; i++) {
#pragma omp task depend(mutexinoutset : x)
      burn(20);
    }
    for (int i = 0; i < 4; i++) {
#pragma omp task depend(inoutset : x)
      burn(20);
    }
#pragma omp task depend(in : x)
    burn(10);
    for (int i = 0; i < 2; i++) {
#pragma omp task depend(inoutset : x)
      burn(10);
    }
  }
  return 0;
}
