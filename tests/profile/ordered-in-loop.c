// Known answer: an ordered region inside an ordered loop is an ordered row of
// its own (its work, one instance per iteration), and part of the loop's
// work, which it does not add to a second time.
//
//   loop A: parallel num_threads(2) { for ordered schedule(dynamic): 32
//           iterations of burn(4); ordered { burn(2) } }
//   loop B: the same with schedule(static)
//   work = 2 * 32 * (4 + 2)                 = 384 ms
//   each for row: work 192 (0.5 of the program); its ordered row: work 64
//   (0.167), 32 instances, parallelism 1.
// (The program's span is not checked here: doc/SEMANTICS.md rule 7 chains the
// ordered regions across chunks, which the profile's model does not do yet;
// the report says so: JSON span_lower_bound true, and a warning.  With one
// thread and a static schedule the only chunk runs the ordered regions in
// program order: nothing to flag.  See critical-in-loop.c for the span of
// loops with critical sections.)
// Before the fix the ordered regions counted as instances of the loop:
// ordered rows of work 0 and 0 instances, for rows of 256 (0.667).
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.cputime.json %t 2> %t.err
// RUN: grep -q '"span_lower_bound": true' %t.cputime.json
// RUN: grep -q "the ordered regions (or ordered depend(sink/source) points) of a loop with the ordered" %t.err
// RUN: %ompadv profile -q --threads 1 --metric cputime --format json --output %t.one.json %t static 2> %t.one.err
// RUN: grep -q '"span_lower_bound": false' %t.one.json
// RUN: not grep -q "ordered regions" %t.one.err
// RUN: python3 %inputs/profile/check.py %t.cputime.json --source %s --metric cputime --threads 2 \
// RUN:   --region @forA:for:work_frac=0.5 \
// RUN:   --region @ordA:ordered:work_frac=0.1667 --region @ordA:ordered:instances=32 \
// RUN:   --region @ordA:ordered:parallelism=1 \
// RUN:   --region @forB:for:work_frac=0.5 \
// RUN:   --region @ordB:ordered:work_frac=0.1667 --region @ordB:ordered:instances=32 \
// RUN:   --region @ordB:ordered:parallelism=1
// The tsc run checks the instances only (see critical-in-loop.c).
// RUN: %ompadv profile -q --threads 2 --metric tsc --format json --output %t.tsc.json %t
// RUN: python3 %inputs/profile/check.py %t.tsc.json --source %s --metric tsc --threads 2 \
// RUN:   --region @ordA:ordered:instances=32 --region @ordB:ordered:instances=32
#include <omp.h>
#include "burn.h"

static int next;

int main(int argc, char **argv)
{
  int bad = 0;
  int static_only = argc > 1;  /* "static": loop B only, in the team the run gives */
  if (!static_only)
#pragma omp parallel num_threads(2)
  {
#pragma omp for ordered schedule(dynamic) // @forA
    for (int i = 0; i < 32; i++) {
      burn(4);
#pragma omp ordered // @ordA
      {
        burn(2);
        bad |= next++ != i;
      }
    }
  }
  next = 0;
#pragma omp parallel num_threads(static_only ? omp_get_max_threads() : 2)
  {
#pragma omp for ordered schedule(static) // @forB
    for (int i = 0; i < 32; i++) {
      burn(4);
#pragma omp ordered // @ordB
      {
        burn(2);
        bad |= next++ != i;
      }
    }
  }
  return bad;
}
