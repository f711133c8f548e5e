// Known answer: a serial region annotated x16 against the same region really
// split into 16 equal tasks; the what-if parallelism of the first must be the
// measured parallelism of the second.
//
//   burn(20); parallel num_threads(2) { for: 2 x burn(50) (one per thread);
//   single { ANNOTATED: ompadv_whatif_begin(16); burn(320); _end()
//            REAL:      16 tasks of burn(20); taskwait } }
//   work = 20 + 2 * 50 + 320 = 440 ms in both variants
//   REAL span = 20 + 50 + 20 (one task; the 16 run side by side) = 90 ms
//        parallelism = 440 / 90 = 4.89
//   ANNOTATED before: span = 20 + 50 + 320 = 390 ms, parallelism 440 / 390 = 1.13
//             after:  the annotated fragment keeps 320 / 16 = 20 ms of
//                     serial work (far above the granularity floor, 10 x the
//                     task cost of 100 ns), its work unchanged:
//                     span = 20 + 50 + 20 = 90 ms, parallelism 4.89
//   and the what-if lists one region, the lines of the annotations, x16,
//   reducing one fragment.
// A wrong model would report: the factor ignored -> 1.13; the fragment's
// serial work dropped entirely -> 440 / 70 = 6.29 (+29%); the work divided
// too -> (120 + 20) / 90 = 1.56.
//
// RUN: %ompadv cc -O1 -I%inputs/profile -I%srcdir/include %s -o %t.annotated
// RUN: %ompadv cc -O1 -DREAL -I%inputs/profile -I%srcdir/include %s -o %t.real
// RUN: env OMPADV_TASK_COST=100,50 %ompadv record -q --threads 2 --metric cputime -o %t.annotated.data %t.annotated
// RUN: %ompadv report -q -i %t.annotated.data --format json --output %t.annotated.json
// RUN: env OMPADV_TASK_COST=100,50 %ompadv record -q --threads 2 --metric cputime -o %t.real.data %t.real
// RUN: %ompadv report -q -i %t.real.data --format json --output %t.real.json
// RUN: python3 %inputs/profile/check.py %t.real.json --metric cputime --threads 2 --tasks 16 --parallelism 4.89
// RUN: python3 %S/check.py %t.annotated.json --source %s --before 1.128 --after 4.89 \
// RUN:   --applied @begin-@end=16 --napplied 1 --fragments 1 --after-vs %t.real.json
// `ompadv profile` shows the program as it is (the annotations only mark
// fragments), and so does report --no-annotations: 1.13.
// RUN: env OMPADV_TASK_COST=100,50 %ompadv profile -q --threads 2 --metric cputime --format json --output %t.profile.json %t.annotated
// RUN: python3 %inputs/profile/check.py %t.profile.json --parallelism 1.128
// RUN: %ompadv report -q -i %t.annotated.data --no-annotations --format json --output %t.plain.json
// RUN: python3 %inputs/profile/check.py %t.plain.json --parallelism 1.128
// RUN: not grep -q '"whatif":' %t.plain.json
#include <omp.h>
#include "burn.h"
#include "ompadv.h"

int main(void)
{
  burn(20);
#pragma omp parallel num_threads(2)
  {
#pragma omp for schedule(static, 1)
    for (int i = 0; i < 2; i++)
      burn(50);
#pragma omp single
    {
#ifdef REAL
      for (int i = 0; i < 16; i++) {
#pragma omp task
        burn(20);
      }
#pragma omp taskwait
#else
      ompadv_whatif_begin(16.0); // @begin
      burn(320);
      ompadv_whatif_end(); // @end
#endif
    }
  }
  return 0;
}
