// Known answer: a binary task tree with taskwait.
//
//   node(d): burn(PRE = 15 ms); if d == 0 burn(LEAF - PRE) and return;
//            else two child tasks node(d-1); taskwait; burn(POST = 10 ms).
//   Depth D = 4 from the root (called by one thread under single): 15
//   internal nodes (d = 4..1) and 16 leaves.  A leaf's whole work is LEAF =
//   50 ms.
//   work = 15 * (PRE + POST) + 16 * LEAF = 15 * 25 + 16 * 50 = 1175 ms
//   span = D * (PRE + POST) + LEAF      = 4 * 25 + 50       =  150 ms
//          (down PRE of each level, a leaf, up POST of each level)
//   parallelism = 1175 / 150 = 7.83
//   The task row (the task directive): the tool counts the outermost
//   instances, those not nested in another instance of the same directive
//   (so recursion is not counted twice): the root's 2 tasks; their work is
//   everything but the root's own 25 ms: 1150 / 1175 = 0.979.  (program.tasks
//   counts all 30 tasks.)
// A wrong model would report: taskwait not ordering the continuation POST
// after the children (span = 4 * PRE + LEAF = 110) -> 10.7; child tasks taken
// as serial with their creator -> 1.00; the two children serial with each
// other (span = sum over a path of both subtrees) -> much less than 7.83.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: env BURN_CLOCK=cputime %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t
// RUN: python3 %inputs/profile/check.py %t.cputime.json --metric cputime --threads 2 --tasks 30 --parallelism 7.83 \
// RUN:   --region task-tree.c:42:task:instances=2 --region task-tree.c:42:task:work_frac=0.979
// RUN: env BURN_CLOCK=tsc %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --metric tsc --threads 2 --tasks 30 --parallelism 7.83 \
// RUN:   --region task-tree.c:42:task:instances=2 --region task-tree.c:42:task:work_frac=0.979
#include <omp.h>
#include "burn.h"

enum { PRE = 15, POST = 10, LEAF = 50 };

static void node(int d)
{
  burn(PRE);
  if (d == 0) {
    burn(LEAF - PRE);
    return;
  }
  for (int i = 0; i < 2; i++) {
#pragma omp task firstprivate(d)
    node(d - 1);
  }
#pragma omp taskwait
  burn(POST);
}

int main(void)
{
#pragma omp parallel num_threads(2)
#pragma omp single
  node(4);
  return 0;
}
