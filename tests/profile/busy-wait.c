// Known answer: a hand-made wait (a loop of `#pragma omp flush` on a flag)
// is the program's own code, so it counts as work, but the report says how
// much of the work it is (doc/SEMANTICS.md rule 19 covers only the runtime's
// waits; the model cannot tell this one from work).
//
//   parallel num_threads(2): thread 0 burns 100 ms, then sets the flag;
//   thread 1 flushes until it sees it, about 100 ms of its own time on its
//   core, then burns 10 ms.
//   Work about 100 + 100 + 10 = 210.  The code that busy-waited is the
//   fragment that ran `#pragma omp flush` 1000 times or more (a flush ends
//   no fragment): thread 1's whole share, its wait and its 10 ms, 110 of
//   210: 52.4%.
//   With the argument "quiet" thread 1 reads the flag atomically without
//   flushing, then burns 10 ms: the same work, and no busy-wait seen (0%).
//   The wait is thread 1's time on its core until thread 0 has had 100 ms
//   of CPU time, and that depends on the machine: the threads start a
//   little apart, which shortens it, and on a machine busy enough that
//   thread 0 waits for a core while thread 1 spins, it grows (a CI run
//   under the whole suite measured 63%, a wait of 190 ms).  So the program
//   measures its own amounts, in CPU time (tsc leaves out the time a
//   thread is off its core, the same as CPU time): burn0 (thread 0's burn),
//   wait (thread 1's wait) and burn1 (its burn), written to $BURN_ACTUAL,
//   and the expected share is 100 x (wait + burn1) / (burn0 + wait + burn1).
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: env BURN_ACTUAL=%t.actual %ompadv profile -q --threads 2 --metric tsc --format json --output %t.json %t 2> %t.err
// RUN: python3 %inputs/profile/check.py %t.json --metric tsc --actual %t.actual \
// RUN:   --busy-pct '100 * (wait + burn1) / (burn0 + wait + burn1)' --tol 0.03
// RUN: grep -q "ran .#pragma omp flush. 1000 times or more" %t.err
// RUN: %ompadv profile -q --threads 2 --metric tsc --format json --output %t.quiet.json %t quiet
// RUN: python3 %inputs/profile/check.py %t.quiet.json --metric tsc --busy-pct 0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "burn.h"

static int flag;
static double burn0, wait, burn1;  /* CPU time, s */

static double cpu(void)
{
  return burn_clock_ns(CLOCK_THREAD_CPUTIME_ID) * 1e-9;
}

int main(int argc, char **argv)
{
  int quiet = argc > 1 && strcmp(argv[1], "quiet") == 0;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      double t = cpu();
      burn(100);
      burn0 = cpu() - t;
#pragma omp atomic write
      flag = 1;
#pragma omp flush
    } else if (quiet) {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read
        seen = flag;
      }
      burn(10);
    } else {
      int seen = 0;
      double t = cpu(), u;
      while (!seen) {
#pragma omp flush
#pragma omp atomic read
        seen = flag;
      }
      u = cpu();
      burn(10);
      burn1 = cpu() - u;
      wait = u - t;
    }
  }
  const char *path = getenv("BURN_ACTUAL");
  FILE *f = path ? fopen(path, "w") : NULL;
  if (f) {
    fprintf(f, "burn0 %.9f\nwait %.9f\nburn1 %.9f\n", burn0, wait, burn1);
    fclose(f);
  }
  return 0;
}
