// Known answer: a directive instance's body that creates a task, waits for
// it and enters a critical section is still one instance, and all its serial
// code is its work.
//
//   parallel num_threads(2) { single { burn(30); task { burn(100) };
//   burn(50); taskwait; critical { burn(20) }; burn(40) } }
//   The single row, which includes the directives nested in it (man
//   ompadv-profile, work): 30 + 100 + 50 + 20 + 40 = 240 ms, all the
//   program's work (work_frac 1.00); its serial part 30 + 100 + 20 + 40 =
//   190 (the task runs beside the 50 before the taskwait): parallelism
//   1.263, 1 instance.
//   The critical row: 20 ms, 1 instance.
//   Program: work 240, span 30 + 100 + 20 + 40 = 190 -> 1.263.
// The bug this guards against: each fragment after the task creation,
// the taskwait or the critical section lost its instance, so the single row
// showed 30 ms (work_frac 0.125), or counted 3 instances.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.json %t
// RUN: python3 %inputs/profile/check.py %t.json --source %s --metric cputime --threads 2 --parallelism 1.263 \
// RUN:   --region @single:single:work_frac=1.00 --region @single:single:parallelism=1.263 \
// RUN:   --region @single:single:instances=1 --region @critical:critical:instances=1 \
// RUN:   --region @critical:critical:work_frac=0.0833
#include <omp.h>
#include "burn.h"

int main(void)
{
#pragma omp parallel num_threads(2)
#pragma omp single // @single
  {
    burn(30);
#pragma omp task
    burn(100);
    burn(50);
#pragma omp taskwait
#pragma omp critical // @critical
    burn(20);
    burn(40);
  }
  return 0;
}
