// Known answer: each row is named after its directive's line.  clang puts
// a combined or dynamic loop's runtime calls on the loop statement under
// the pragma (Rodinia lud's schedule(auto) loop was reported at its `for`
// line, one below the directive that a reader looks for), and a pragma
// may go on over several lines.
//
//   parallel for schedule(dynamic) over 4 iterations of 5 ms, its pragma
//   on two lines (@loop, the first); then a single (@single) whose task
//   (@task) is a statement below its pragma.
//   The loop row: 1 instance at @loop, all 20 ms of the loop;
//   the task row: 1 instance at @task.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.json %t
// RUN: python3 %inputs/profile/check.py %t.json --source %s --region @loop:for:instances=1 \
// RUN:   --region @loop:for:work_frac=0.80 --region @task:task:instances=1
#include "burn.h"

int main(void)
{
#pragma omp parallel for schedule(dynamic) /* @loop */ \
    num_threads(2)
  for (int i = 0; i < 4; i++)
    burn(5);
#pragma omp parallel num_threads(2)
#pragma omp single // @single
  {
#pragma omp task // @task
    burn(5);
  }
  return 0;
}
