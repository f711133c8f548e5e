// Known answer (doc/SEMANTICS.md rules 14, 12; man ompadv-profile: rows): a
// taskloop row counts one instance per encounter, its tasks inside it: its
// work is all its tasks', its serial part the span of the taskloop (its
// implicit taskgroup).  Issue 32, item 3: each generated task was counted
// as an instance, so the row showed parallelism 1.00.
//
//   serial 20 ms; parallel { single { twice: taskloop grainsize(1) over 5
//   iterations of burn(20); then taskloop nogroup grainsize(1) over 4
//   iterations of burn(15); burn(10) } }
//   @tl row: 2 instances, work 2 * 5 * 20        = 200 ms,
//     serial 2 * 20 (each taskloop waits for its tasks) = 40 -> 5.00
//   @tlng row: 1 instance, work 4 * 15 = 60, serial 15 -> 4.00; its tasks
//     run beside the burn(10) after it (no taskgroup), up to the single's
//     barrier: max(15, 10) = 15 on the span
//   program: work 20 + 200 + 60 + 10 = 290, span 20 + 20 + 20 + 15 = 75
//     -> 3.867
//   @tl work_frac: 200 / 290 = 0.690; @tlng: 60 / 290 = 0.207
// The same at 1, 2 and 4 threads (rule 9: tasks are deferred whatever the
// team size).
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 1 --metric cputime --format json --output %t.1.json %t
// RUN: python3 %inputs/profile/check.py %t.1.json --source %s --threads 1 --parallelism 3.867 \
// RUN:   --region @tl:taskloop:parallelism=5.0 --region @tl:taskloop:instances=2 \
// RUN:   --region @tl:taskloop:work_frac=0.690 \
// RUN:   --region @tlng:taskloop:parallelism=4.0 --region @tlng:taskloop:instances=1 \
// RUN:   --region @tlng:taskloop:work_frac=0.207
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.2.json %t
// RUN: python3 %inputs/profile/check.py %t.2.json --source %s --threads 2 --parallelism 3.867 \
// RUN:   --region @tl:taskloop:parallelism=5.0 --region @tl:taskloop:instances=2 \
// RUN:   --region @tl:taskloop:work_frac=0.690 \
// RUN:   --region @tlng:taskloop:parallelism=4.0 --region @tlng:taskloop:instances=1 \
// RUN:   --region @tlng:taskloop:work_frac=0.207
// RUN: %ompadv profile -q --threads 4 --metric cputime --format json --output %t.4.json %t
// RUN: python3 %inputs/profile/check.py %t.4.json --source %s --threads 4 --parallelism 3.867 \
// RUN:   --region @tl:taskloop:parallelism=5.0 --region @tl:taskloop:instances=2 \
// RUN:   --region @tl:taskloop:work_frac=0.690 \
// RUN:   --region @tlng:taskloop:parallelism=4.0 --region @tlng:taskloop:instances=1 \
// RUN:   --region @tlng:taskloop:work_frac=0.207
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(20);
#pragma omp parallel
#pragma omp single
  {
    for (int r = 0; r < 2; r++) {
#pragma omp taskloop grainsize(1) // @tl
      for (int i = 0; i < 5; i++)
        burn(20);
    }
#pragma omp taskloop nogroup grainsize(1) // @tlng
    for (int i = 0; i < 4; i++)
      burn(15);
    burn(10);
  }
  return 0;
}
