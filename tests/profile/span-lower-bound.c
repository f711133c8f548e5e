// A taskwait inside a taskgroup waits for the task created before the
// taskgroup began too (doc/SEMANTICS.md rule 11): the graph's queries follow
// that order (race mode uses them), its span does not, and the report says
// so rather than print the shorter span as if it were exact.
//
//   task A = 100 ms; taskgroup { taskwait; 50 ms }
//   work = 150 ms; true span = 100 + 50 = 150 ms (parallelism 1.00); the
//   profile's span is at least the 100 ms of A, at most 150 ms, and
//   flagged: JSON span_lower_bound true, and a warning.
// Without the nested taskwait the same program is exact (parallelism 1.50:
// A is parallel with the 50 ms) and not flagged.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.json %t 2> %t.err
// RUN: grep -q '"span_lower_bound": true' %t.json
// RUN: grep -q "the span does not follow those orders" %t.err
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.nowait.json %t nowait 2> %t.nowait.err
// RUN: grep -q '"span_lower_bound": false' %t.nowait.json
// RUN: python3 %inputs/profile/check.py %t.nowait.json --parallelism 1.50 --tol 0.05
// RUN: not grep -q "span does not follow" %t.nowait.err
#include <omp.h>
#include <string.h>
#include "burn.h"

int main(int argc, char **argv)
{
  int wait = !(argc > 1 && strcmp(argv[1], "nowait") == 0);
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task
    burn(100);
#pragma omp taskgroup
    {
      if (wait) {
#pragma omp taskwait
      }
      burn(50);
    }
  }
  return 0;
}
