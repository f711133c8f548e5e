// Known answer (doc/SEMANTICS.md rules 6, 9, 3; man ompadv-profile: rows nest):
// a single body that creates tasks.  The single row includes the tasks
// created in its body, whatever the team size (issue 32, item 4: at one
// thread the row left them out: work 16 of 96 ms).
//
//   serial 20 ms; parallel { single { burn(10); 4 x task { burn(20) };
//   burn(6) } }   (the single's implicit barrier waits for the tasks)
//   single row: work 10 + 4*20 + 6        = 96 ms, one instance
//     serial: 10, then the tasks (parallel with each other and with the
//     6 after them, rule 9): 10 + max(20, 6) = 30 ms -> parallelism 3.2
//   program: work 20 + 96 = 116, span 20 + 30 = 50 -> 2.32
//   single row's work_frac: 96 / 116      = 0.828
// The same at 1, 2 and 4 threads (nothing here depends on the team size).
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 1 --metric cputime --format json --output %t.1.json %t
// RUN: python3 %inputs/profile/check.py %t.1.json --source %s --threads 1 --parallelism 2.32 \
// RUN:   --region @single:single:work_frac=0.828 --region @single:single:parallelism=3.2 \
// RUN:   --region @single:single:instances=1
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.2.json %t
// RUN: python3 %inputs/profile/check.py %t.2.json --source %s --threads 2 --parallelism 2.32 \
// RUN:   --region @single:single:work_frac=0.828 --region @single:single:parallelism=3.2 \
// RUN:   --region @single:single:instances=1
// RUN: %ompadv profile -q --threads 4 --metric cputime --format json --output %t.4.json %t
// RUN: python3 %inputs/profile/check.py %t.4.json --source %s --threads 4 --parallelism 2.32 \
// RUN:   --region @single:single:work_frac=0.828 --region @single:single:parallelism=3.2 \
// RUN:   --region @single:single:instances=1
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(20);
#pragma omp parallel
#pragma omp single // @single
  {
    burn(10);
    for (int i = 0; i < 4; i++) {
#pragma omp task
      burn(20);
    }
    burn(6);
  }
  return 0;
}
