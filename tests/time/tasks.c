// Known answers: Periscope's task properties (seed 003).
//   fib(18) with no cut-off: ~8,000 tasks of a few instructions each, whose
//   creation costs more than a tenth of what they run: fine_granularity (or
//   empty_tasks) at each task directive;
//   one task of 80 ms in a team of two: fewer_tasks_than_threads;
//   20,000 empty tasks: empty_tasks (their creation alone is a few percent
//   of the run).
// The breakdown adds up to threads x wall.
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: %ompadv time -q --threads 2 --format json --output %t.json %t
// RUN: python3 %inputs/time/check.py %t.json --source %s --sum \
// RUN:   --finding 'fine_granularity|empty_tasks@@fibA' \
// RUN:   --finding 'fewer_tasks_than_threads@@one' --finding 'empty_tasks@@empty'
#include "burn.h"

static long fib(int n)
{
  long a, b;
  if (n < 2)
    return n;
#pragma omp task shared(a) // @fibA
  a = fib(n - 1);
#pragma omp task shared(b) // @fibB
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

volatile long sink;

int main(void)
{
#pragma omp parallel num_threads(2)
#pragma omp single
  sink = fib(18);
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task // @one
    burn_ms(80);
  }
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int i = 0; i < 20000; i++) {
#pragma omp task // @empty
    sink++;
  }
  return 0;
}
