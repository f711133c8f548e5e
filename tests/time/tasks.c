// Known answers: Periscope's task properties (seed 003).
//   fib(18) with no cut-off: ~8,000 tasks of a few instructions each, whose
//   creation costs more than a tenth of what they run: fine_granularity (or
//   empty_tasks) at each task directive;
//   one task of 80 ms in a team of two: fewer_tasks_than_threads;
//   20,000 empty tasks: empty_tasks (their creation alone is a few percent
//   of the run).
// The breakdown adds up to threads x wall.
// A task property is listed when it costs 1% of its phase's thread time or
// more.  libomp's waiting threads call sched_yield in their spin loops, and
// on a busy machine each yield gives the core to another process for its
// time slice: with 3 busy loops beside it on this 2-core machine, fib(18)
// took 0.1 to 3.7 s instead of 10 ms, without ompadv too, and the tasks'
// creation fell under 1% of that (no finding at @fibA, in every run).
// KMP_USE_YIELD=0 keeps the waiting threads on their cores, and the phase
// what the program makes it (the whole run under ompadv 0.13 s idle, 0.2-
// 0.3 s with 3 busy loops, 1.1 s with 30; @fibA's finding at 4-27%).
// Far busier than that, its waiting threads spin their time slices away
// while the thread with work waits for a core: with 30 busy loops (15
// times the cores), 1 run in about 10 had @fibA's finding under 1%.  So
// lit may run it again.
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: env KMP_USE_YIELD=0 %ompadv time -q --threads 2 --format json --output %t.json %t
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
    burn_ms(NULL, 80);
  }
#pragma omp parallel num_threads(2)
#pragma omp single
  for (int i = 0; i < 20000; i++) {
#pragma omp task // @empty
    sink++;
  }
  return 0;
}
