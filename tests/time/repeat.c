// Known answer: a finding that holds in every instance of a region run in
// a loop is one finding, with a count and the summed cost (issue 32, item
// 14).  20 times: a region of two threads whose single creates one task of
// 10 ms; one thread runs it, the other has nothing to do
// (fewer_tasks_than_threads in each instance, at @one).  One finding, count
// 20.  Its cost is the no-work of the threads in those regions: more than
// nothing, and at most the threads' time in them not spent on the task,
// sum over the regions of 2 x (its wall time, as the initial thread saw it
// from before the fork to after the join) - (the task's).
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: env BURN_ACTUAL=%t.actual %ompadv time -q --threads 2 --format json --output %t.json %t
// RUN: python3 %inputs/time/check.py %t.json --source %s --actual %t.actual --sum \
// RUN:   --one-finding 'fewer_tasks_than_threads@@one:count=20~0' \
// RUN:   --one-finding 'fewer_tasks_than_threads@@one:seconds=0.000001..most~0'
// The text says how many times it held.
// RUN: env BURN_ACTUAL=/dev/null %ompadv time -q --threads 2 --output %t.txt %t
// RUN: test "$(grep -c 'fewer_tasks_than_threads' %t.txt)" -eq 1
// RUN: grep -q 'the largest of 20 times' %t.txt
#include <omp.h>
#include "burn.h"

#define N 20

int main(void)
{
  double most = 0;
  for (int r = 0; r < N; r++) {
    double t0 = burn_now(), task = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
    {
#pragma omp task shared(task) // @one
      task = burn_ms(NULL, 10);
    }
    most += 2 * (burn_now() - t0) - task;
  }
  burn_end();
  burn_add("most", most);
  return 0;
}
