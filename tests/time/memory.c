// The analysis's memory follows the live tasks and the last tenth of a
// second of the run, not the number of tasks (doc/ARCHITECTURE.md,
// "ompadv time"): 300,000 tasks of 5 us each cost its report hardly more
// than 30,000.  Each task spins on the clock, so the run lasts about a
// second and a half whatever the machine, of which the analysis keeps 0.1 s
// at a time (some 20,000 tasks); kept whole, they took 264 bytes each (79 MB
// more at 300,000).  The allowance, 32 MB, is what the 0.1 s window of the
// fastest run may hold, with room.
// RUN: %ompadv cc -O1 %s -o %t
// RUN: %ompadv time -q --threads 2 -o %t.small.rec --output /dev/null %t 30000
// RUN: %ompadv time -q --threads 2 -o %t.large.rec --output /dev/null %t 300000
// RUN: /usr/bin/time -f %%M -o %t.small.kb %ompadv report --time -i %t.small.rec --output /dev/null
// RUN: /usr/bin/time -f %%M -o %t.large.kb %ompadv report --time -i %t.large.rec --output /dev/null
// RUN: python3 -c "import sys; s, l = (int(open(f).read().split()[-1]) for f in ('%t.small.kb', '%t.large.kb')); print(s, l); sys.exit(l - s > 32 * 1024)"
// The task table still counts them all.
// RUN: %ompadv report --time --format json -i %t.large.rec --output %t.json
// RUN: python3 -c "import json,sys; sys.exit(json.load(open('%t.json'))['tasks'][0]['count'] != 300000)"
#include <stdlib.h>
#include <time.h>

static void spin_us(long us)
{
  struct timespec t0, t;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  do
    clock_gettime(CLOCK_MONOTONIC, &t);
  while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < us * 1000);
}

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 1000;
#pragma omp parallel
#pragma omp single
  for (long i = 0; i < n; i++) {
#pragma omp task
    spin_us(5);
  }
  return 0;
}
