// Known answer (doc/SEMANTICS.md rules 1, 5): in a team of one the only thread
// runs every chunk of a dynamic loop (in an order the program cannot rely
// on) before it goes past the loop, nowait or not: the chunks are parallel
// with each other, and what the thread does after the loop follows them all.
//
//   parallel (a team of one, --threads 1): for schedule(dynamic, 1) nowait,
//   8 iterations of 10 ms; then 40 ms.
//   work = 80 + 40                         = 120 ms
//   span = 10 (one chunk) + 40             = 50 ms
//   parallelism = 120 / 50                 = 2.40
// A wrong model: the code after the loop parallel with the chunks (as in a
// team of two or more, where another thread may still run them) ->
// 120 / 40 = 3.00; the loop serial -> 1.00.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 1 --metric cputime --format json --output %t.json %t
// RUN: python3 %inputs/profile/check.py %t.json --source %s --threads 1 --parallelism 2.40 --tol 0.05 \
// RUN:   --region @for:for:parallelism=8
// RUN: grep -q '"span_lower_bound": false' %t.json
#include <omp.h>
#include "burn.h"

int main(void)
{
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 1) nowait // @for
    for (int i = 0; i < 8; i++)
      burn(10);
    burn(40);
  }
  return 0;
}
