// Known answer (dissertation Fig. 3.1): parallelizing work that is not on the
// critical path buys nothing; parallelizing work on it buys only as much as
// the next longest path allows.
//
//   burn(100); parallel num_threads(2) single { task burn(200) (ON the
//   critical path); task { ompadv_whatif_begin(16); burn(50) (OFF it);
//   ompadv_whatif_end() } }
//   work = 100 + 200 + 50 = 350 ms
//   span = 100 + max(200, 50) = 300 ms, parallelism 350 / 300 = 1.167
// (a) the annotation on the OFF task (report): 50 -> 50 / 16 = 3.1 ms, off
//     the critical path: span 300, parallelism 1.167 (unchanged, checked
//     within 1%), one region (the annotations' lines) x16, one fragment.
// (b) --region on the ON task's body (the task directive's line; the
//     annotations ignored): 200 -> 12.5 ms, and now the OFF task is the
//     longer one: span = 100 + max(12.5, 50) = 150, parallelism 2.333
//     (not 350 / 112.5 = 3.11 as if the ON task alone mattered).
// (c) both, the annotation and --region (its factor the default, 16): span = 100 + max(12.5, 3.1) =
//     112.5, parallelism 3.111; two regions.
// (d) --region naming the OFF task's annotated region exactly (the
//     annotations ignored): the same as (a), unchanged.
// A wrong model would report: the two tasks one after the other -> 1.00
// before (-14%), and (a) would then gain (350 / 303 = 1.16 after, +15%); the
// OFF task's path ignored in (b) -> 3.11 (+33%).
//
// RUN: %ompadv cc -O1 -I%inputs/profile -I%srcdir/include %s -o %t
// RUN: env OMPADV_TASK_COST=100,50 %ompadv record -q --threads 2 --metric cputime -o %t.data %t
// (a)
// RUN: %ompadv report -q -i %t.data --format json --output %t.off.json
// RUN: python3 %S/check.py %t.off.json --source %s --before 1.167 --after 1.167 --unchanged 0.01 \
// RUN:   --applied @offbegin-@offend=16 --napplied 1 --fragments 1
// (b)
// RUN: %ompadv report -q -i %t.data --no-annotations --region "$(python3 %S/check.py --name %s @on-@on)=16" --format json --output %t.on.json
// RUN: python3 %S/check.py %t.on.json --source %s --before 1.167 --after 2.333 --applied @on-@on=16 --napplied 1 --fragments 1
// (c)
// RUN: %ompadv report -q -i %t.data --region "$(python3 %S/check.py --name %s @on-@on)" --format json --output %t.both.json
// RUN: python3 %S/check.py %t.both.json --source %s --before 1.167 --after 3.111 \
// RUN:   --applied @on-@on=16 --applied @offbegin-@offend=16 --napplied 2 --fragments 2
// (d)
// RUN: %ompadv report -q -i %t.data --no-annotations --region "$(python3 %S/check.py --name %s @offbegin-@offend)=16" --format json --output %t.offregion.json
// RUN: python3 %S/check.py %t.offregion.json --source %s --before 1.167 --after 1.167 --unchanged 0.01 --applied @offbegin-@offend=16
#include <omp.h>
#include "burn.h"
#include "ompadv.h"

int main(void)
{
  burn(100);
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task // @on
    burn(200);
#pragma omp task // @off
    {
      ompadv_whatif_begin(16.0); // @offbegin
      burn(50);
      ompadv_whatif_end(); // @offend
    }
  }
  return 0;
}
