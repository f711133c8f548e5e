// Known answer: 64 equal iterations of a dynamic loop, and nothing else.
//
//   parallel for schedule(dynamic, 1): 64 iterations of 10 ms
//   work = 64 * 10 = 640 ms, span = one iteration = 10 ms
//   the loop's parallelism = 64 (the program's is lower: the process's own
//   start, before main, is serial work of a millisecond or so, not checked)
// A busy machine distorts the span under a clock that runs on while a
// thread waits for a core: time slices lost inside one iteration (several ms
// each) stretch it; under-load.test runs this beside other work (the old tsc
// gave 37-45).  Under load an iteration's own CPU time also varies, by up to
// ~0.6 ms now and then (with cputime as well): iterations of 2 ms made the
// 10% tolerance fail once in five runs, so they are 10 ms.  A wrong model would report: the chunks a thread ran
// taken as serial -> 2 (one thread's 32 iterations); the loop not parallel -> 1.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t
// RUN: python3 %inputs/profile/check.py %t.cputime.json --source %s --metric cputime --threads 2 \
// RUN:   --region @for:for:parallelism=64
// RUN: %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --source %s --metric tsc --threads 2 \
// RUN:   --region @for:for:parallelism=64
#include "burn.h"

int main(void)
{
#pragma omp parallel for schedule(dynamic, 1) num_threads(2) // @for
  for (int i = 0; i < 64; i++)
    burn(10);
  return 0;
}
