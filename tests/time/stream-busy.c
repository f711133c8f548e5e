// The analysis's sweep keeps 0.1 s of each thread's past for the time the
// thread was runnable but off its core, which its next record gives and
// which is taken from its latest segments (doc/ARCHITECTURE.md, "ompadv
// time"); a thread quiet for 0.1 s is taken as it stands.  On a machine
// with far more threads than cores a thread waits for a core much longer
// than that between two of its records: 4 threads on one core, three of
// them spinning 150 ms of CPU time in a task each while the fourth runs
// 20,000 small tasks of its own (records coming all along), wait some
// 450 ms each.  The analysis then
// reads the run again whole (what OMPADV_TIME_SWEEP=0 does), and must give
// the figures of a sweep at the end, not drop that time into work.
// RUN: %ompadv cc -O1 %s -o %t
// RUN: taskset -c 0 %ompadv time -q --threads 4 -o %t.rec --output /dev/null %t
// RUN: env OMPADV_TIME_SWEEP=0 %ompadv report --time --format json -i %t.rec --output %t.0.json --timeline %t.0.csv
// RUN: env OMPADV_TIME_SWEEP=1 %ompadv report --time --format json -i %t.rec --output %t.1.json --timeline %t.1.csv
// RUN: %ompadv report --time --format json -i %t.rec --output %t.d.json --timeline %t.d.csv
// RUN: python3 %inputs/time/same.py %t.0.json %t.1.json %t.0.csv %t.1.csv
// RUN: python3 %inputs/time/same.py %t.0.json %t.d.json %t.0.csv %t.d.csv
// And it is preempted time: at least half a second of it (some 0.9 s off the
// core for the three spinning threads alone, on an idle machine).
// RUN: python3 -c "import json,sys; sys.exit(json.load(open('%t.d.json'))['breakdown']['preempted'] < 0.5)"
#include <time.h>

static void spin_cpu_ms(long ms)
{
  struct timespec t0, t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
  do
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  while ((t.tv_sec - t0.tv_sec) * 1000000000L + (t.tv_nsec - t0.tv_nsec) < ms * 1000000L);
}

static volatile long sink;

int main(void)
{
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < 3; i++) {
#pragma omp task
      spin_cpu_ms(150);
    }
    for (long i = 0; i < 20000; i++) {
#pragma omp task if (0)
      for (int k = 0; k < 2000; k++)
        sink += k;
    }
  }
  return 0;
}
