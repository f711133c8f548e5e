// The analysis follows the records (doc/ARCHITECTURE.md, "ompadv time"):
// it sweeps the threads' timelines every few thousand records, as far as
// no record still to come can change them, and drops what it passed.
// Wherever it stops, it must say what one sweep over the whole run kept in
// memory says (OMPADV_TIME_SWEEP=0): the same rows, tasks, findings and
// timeline, up to the last bits of sums made in another order.  One
// recording, read four ways: once at the end, after every record, every 7,
// and by default.  The program has what may change a thread's past after
// the fact: tasks with dependences (ready at their last predecessor's end);
// children waited for by taskwait and taskgroup; a task that runs 300 ms
// before it makes a child (its first fragment is swept before the W record
// that names it comes, while the other thread runs 200 tasks of 2 ms); a
// critical section (its waiting named at the next fragment); empty tasks
// made one after another, and recursive ones (a fragment named by more than
// one W record); a barrier; a thread that writes nothing for 150 ms while
// the other waits (taken as it stands after 0.1 s); then more tasks.
// A thread kept off its core longer than the sweep keeps (a machine far
// busier than it has cores) makes the analysis read the run again whole
// (tests/time/stream-busy.c), so the ways agree then too; lit may still run
// it again while that second reading is new.
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: %ompadv time -q --threads 2 -o %t.rec --output /dev/null %t
// RUN: env OMPADV_TIME_SWEEP=0 %ompadv report --time --format json -i %t.rec --output %t.0.json --timeline %t.0.csv
// RUN: env OMPADV_TIME_SWEEP=1 %ompadv report --time --format json -i %t.rec --output %t.1.json --timeline %t.1.csv
// RUN: env OMPADV_TIME_SWEEP=7 %ompadv report --time --format json -i %t.rec --output %t.7.json --timeline %t.7.csv
// RUN: %ompadv report --time --format json -i %t.rec --output %t.d.json --timeline %t.d.csv
// RUN: python3 %inputs/time/same.py %t.0.json %t.1.json %t.0.csv %t.1.csv
// RUN: python3 %inputs/time/same.py %t.0.json %t.7.json %t.0.csv %t.7.csv
// RUN: python3 %inputs/time/same.py %t.0.json %t.d.json %t.0.csv %t.d.csv
// It read every task: 2 + 200 + 3000 + 3000 * 2 children + 20000 + 40, fib(17)'s
// 2 * (fib(18) - 1) = 5166, and 2000.
// RUN: python3 -c "import json,sys; n=json.load(open('%t.d.json'))['tasks']; sys.exit(sum(t['count'] for t in n) != 36408)"
#include "burn.h"

static volatile double sink;

static void spin(int n)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += i * 0.5;
  sink = s;
}

static long fib(int n)
{
  long x, y;
  if (n < 2)
    return n;
#pragma omp task shared(x)
  x = fib(n - 1);
#pragma omp task shared(y)
  y = fib(n - 2);
#pragma omp taskwait
  return x + y;
}

int main(void)
{
  static int cell[8];
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    {
      for (int i = 0; i < 200; i++) {
#pragma omp task
        burn_ms(NULL, 2);
        if (i == 2) {
#pragma omp task
          {
            burn_ms(NULL, 300);
#pragma omp task
            spin(10);
            burn_ms(NULL, 10);
          }
        }
      }
      for (int i = 0; i < 3000; i++) {
#pragma omp task depend(inout: cell[i % 8]) firstprivate(i)
        {
#pragma omp task
          spin(50);
#pragma omp task
          spin(20);
          if (i % 3 == 0) {
#pragma omp taskwait
          }
          if (i % 100 == 0) {
#pragma omp critical
            spin(2000);
          }
          spin(100);
        }
      }
      for (int i = 0; i < 20000; i++) {
#pragma omp task
        sink = i;
      }
#pragma omp taskgroup
      {
        for (int i = 0; i < 40; i++) {
#pragma omp task
          spin(5000);
        }
      }
    }
#pragma omp barrier
#pragma omp single
    sink = fib(17);
#pragma omp single
    burn_ms(NULL, 150);
#pragma omp for schedule(static)
    for (int i = 0; i < 2000; i++) {
#pragma omp task
      spin(i % 2 ? 300 : 10);
    }
  }
  return 0;
}
