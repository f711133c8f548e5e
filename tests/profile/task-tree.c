// Known answer: a binary task tree with taskwait.
//
//   node(d): burn(PRE = 25 ms); if d == 0 burn(LEAF - PRE) and return;
//            else two child tasks node(d-1); taskwait; burn(POST = 15 ms).
//   Depth D = 3 from the root (called by one thread under single): 7
//   internal nodes (d = 3..1) and 8 leaves; a leaf's whole work is LEAF =
//   60 ms.  14 tasks.
//   work = 7 * (PRE + POST) + 8 * LEAF = 7 * 40 + 8 * 60 = 760 ms
//   span = D * (PRE + POST) + LEAF     = 3 * 40 + 60     = 180 ms
//          (down PRE of each level, a leaf, up POST of each level)
//   parallelism = 760 / 180 = 4.22
//   The task row (the task directive): the tool counts the outermost
//   instances, those not nested in another instance of the same directive
//   (so recursion is not counted twice): the root's 2 tasks; their work is
//   everything but the root's own 40 ms: 720 / 760 = 0.947.  (program.tasks
//   counts all 14 tasks.)
// A wrong model would report: taskwait not ordering the continuation POST
// after the children (span = 3 * PRE + LEAF = 135) -> 5.63 (+33%); child
// tasks serial with their creator -> 1.00; the two children of a node serial
// with each other -> 760 / 520 = 1.46.
// (Few, long fragments: when --metric tsc counted preemption, each fragment
// a preemption straddled grew by a time slice, and the span, a maximum over
// 8 paths, picked up the worst; 16 ms fragments gave -8% at times.)
//
// Not retried: the burns are exact in CPU time whatever the load (burn.h),
// and tsc leaves out the time a thread is off its core; with 3 and with 30
// busy loops beside it on this 2-core machine, every figure came within
// 0.6% (13 runs).
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t
// RUN: python3 %inputs/profile/check.py %t.cputime.json --source %s --metric cputime --threads 2 --tasks 14 --parallelism 4.22 \
// RUN:   --region @task:task:instances=2 --region @task:task:work_frac=0.947
// RUN: %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --source %s --metric tsc --threads 2 --tasks 14 --parallelism 4.22 \
// RUN:   --region @task:task:instances=2 --region @task:task:work_frac=0.947
#include <omp.h>
#include "burn.h"

enum { PRE = 25, POST = 15, LEAF = 60 };

static void node(int d)
{
  burn(PRE);
  if (d == 0) {
    burn(LEAF - PRE);
    return;
  }
  for (int i = 0; i < 2; i++) {
#pragma omp task firstprivate(d) // @task
    node(d - 1);
  }
#pragma omp taskwait
  burn(POST);
}

int main(void)
{
#pragma omp parallel num_threads(2)
#pragma omp single
  node(3);
  return 0;
}
