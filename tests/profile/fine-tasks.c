// Fine-grained tasks (doc/SEMANTICS.md rule 19: the runtime's time, and the
// tool's, is no directive's work).
//
// 1. fib(20) with a task per call: 21,890 tasks whose bodies run a few
//    instructions each.  The program's work is that code only, a part of
//    the CPU time the same program uses without ompadv (which also holds
//    libomp's task creation and scheduling): with one thread,
//    program.work <= that CPU time, bare_ns below (measured by the program
//    itself, run bare first).  ompadv once counted libomp's code around
//    each task event, and its own, as work: three times the bare run's CPU
//    time.  What the tool cannot take off (its own time per event, and the
//    error of the runtime's estimate, both as large as such task bodies)
//    the report says: the work is uncertain.
// 2. 5,000 tasks of 2 us of CPU each (burn: a few readings of the thread's
//    CPU clock) against the same calls made as one piece in a single (@ref):
//    the tasks' work equals the reference's within 10% whatever the team
//    size (rule 9: a task's work does not depend on the thread that runs
//    it).  Each burn spins until the CPU clock says so, so a machine
//    busier in one phase than in the other changes neither.
//
// Measured amounts on a shared machine: one CI run under the suite's load
// (64-thread calibrations beside it) missed the note; 60 runs beside the
// whole suite here gave 3x the threshold or more.  Retried:
// ALLOW_RETRIES: 2
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: env OMP_NUM_THREADS=1 BURN_ACTUAL=%t.actual %t fib 20
// RUN: %ompadv profile --threads 1 --metric cputime --format json --output %t.fib.json %t fib 20 2> %t.fib.err
// RUN: python3 %inputs/profile/check.py %t.fib.json --actual %t.actual --work-at-most bare_ns
// RUN: %FileCheck %s < %t.fib.err
// CHECK: the fragments are short: libomp's own time around its events, estimated and taken off them, came to {{[0-9]+}}% of the work that remains
// RUN: %ompadv profile -q --threads 1 --metric cputime --format json --output %t.1.json %t small 0.002 5000
// RUN: python3 %inputs/profile/check.py %t.1.json --source %s --ratio @task:task/@ref:single=1.0
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.2.json %t small 0.002 5000
// RUN: python3 %inputs/profile/check.py %t.2.json --source %s --ratio @task:task/@ref:single=1.0
// RUN: %ompadv profile -q --threads 4 --metric cputime --format json --output %t.4.json %t small 0.002 5000
// RUN: python3 %inputs/profile/check.py %t.4.json --source %s --ratio @task:task/@ref:single=1.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "burn.h"

static long fib(int n)
{
  long a, b;
  if (n < 2)
    return n;
#pragma omp task shared(a)
  a = fib(n - 1);
#pragma omp task shared(b)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}


static double cpu_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
  if (argc > 2 && strcmp(argv[1], "fib") == 0) {
    long r = 0;
    double before = cpu_ns();
#pragma omp parallel
#pragma omp single
    r = fib(atoi(argv[2]));
    double used = cpu_ns() - before;
    const char *path = getenv("BURN_ACTUAL");
    FILE *f = path ? fopen(path, "w") : NULL;
    if (f) {
      fprintf(f, "bare_ns %.0f\n", used);
      fclose(f);
    }
    return r == 6765 ? 0 : 1;
  }
  double ms = argc > 3 ? atof(argv[2]) : 0.002;  /* small MS N; these by default */
  int n = argc > 3 ? atoi(argv[3]) : 5000;
#pragma omp parallel
#pragma omp single // @ref
  for (int i = 0; i < n; i++)
    burn(ms);
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task // @task
    burn(ms);
  }
  return 0;
}
