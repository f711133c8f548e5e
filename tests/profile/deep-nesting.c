// Known answer: 70 nested parallel regions (issue 31, item 8).
//
//   burn(10); @outer (a team of E) { 68 nested levels of @mid (teams of
//   one) { @inner (a team of E) { burn(20) } } }; burn(10).
//   Every thread of @outer runs its own chain of 68 @mid regions and one
//   @inner region: 70 regions deep, and on a worker of @outer 70 implicit
//   tasks are open at once, on the initial thread 71 (its initial task's).
//   A row counts the outermost instances of its directive only (profagg.h):
//   each chain of @mid is one.
//
//   E = 1 (every region a team of one: inactive nesting, one thread):
//     work = span = 10 + 20 + 10 = 40 ms: parallelism 1.00 (one thread has
//     no other chain); @outer, @mid and @inner each hold the 20 of the 40:
//     work_frac 0.50; instances 1 each.
//   E = 2, max-active-levels 100 (@outer and @inner active, 4 threads at
//   the bottom): work = 10 + 4 * 20 + 10 = 100 ms, span = 10 + 20 + 10
//     = 40 ms: parallelism 2.50; the @outer row: work 80, span 20 -> 4.00;
//     @mid: work_frac 80 / 100 = 0.80; instances: @outer 1, @mid 2, @inner 2.
//   E = 2, max-active-levels 1 (@inner asks for 2 threads nested in an
//   active region: inactive, a team of one): work = 10 + 2 * 20 + 10
//     = 60 ms, span 40 ms: parallelism 1.50; @outer: 40 / 20 -> 2.00;
//     @mid: work_frac 40 / 60 = 0.667; instances as for the active case.
//
// Before the fix the tool kept at most 64 implicit tasks per thread: the
// 65th was not pushed, its end popped its parent's, the initial task's end
// found none, the root never closed, and `ompadv profile` printed
// "parallelism 0.00 (work 0, span 0)" with exit status 0 (and a recording
// of the run lost the work below the 64th level).  The recording of the
// active case is checked against the same known answers.
//
// The parallelisms and fractions are ratios of burned CPU time (burn.h), to
// check.py's default tolerance of 10%; the instance counts are exact.
// Measured amounts on a shared machine: a busy host can push one run out of
// its band, so lit may run it again (FLAKYPASS, listed by tests/run).
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --metric cputime --format json --output %t.one.json %t 1 1
// RUN: python3 %inputs/profile/check.py %t.one.json --source %s --metric cputime --parallelism 1.00 \
// RUN:   --region @outer:parallel:work_frac=0.50 --region @mid:parallel:work_frac=0.50 \
// RUN:   --region @inner:parallel:work_frac=0.50 --region @outer:parallel:instances=1 \
// RUN:   --region @mid:parallel:instances=1 --region @inner:parallel:instances=1
// RUN: %ompadv profile -q --metric cputime --format json --output %t.active.json %t 2 100
// RUN: python3 %inputs/profile/check.py %t.active.json --source %s --metric cputime --parallelism 2.50 \
// RUN:   --region @outer:parallel:parallelism=4.00 --region @mid:parallel:work_frac=0.80 \
// RUN:   --region @outer:parallel:instances=1 --region @mid:parallel:instances=2 \
// RUN:   --region @inner:parallel:instances=2
// RUN: %ompadv profile -q --metric cputime --format json --output %t.inactive.json %t 2 1
// RUN: python3 %inputs/profile/check.py %t.inactive.json --source %s --metric cputime --parallelism 1.50 \
// RUN:   --region @outer:parallel:parallelism=2.00 --region @mid:parallel:work_frac=0.667 \
// RUN:   --region @outer:parallel:instances=1 --region @mid:parallel:instances=2 \
// RUN:   --region @inner:parallel:instances=2
// RUN: %ompadv record -q --metric cputime -o %t.data %t 2 100
// RUN: %ompadv report -i %t.data --format json --output %t.rec.json
// RUN: python3 %inputs/profile/check.py %t.rec.json --source %s --metric cputime --parallelism 2.50 \
// RUN:   --region @outer:parallel:parallelism=4.00 --region @mid:parallel:work_frac=0.80 \
// RUN:   --region @outer:parallel:instances=1 --region @mid:parallel:instances=2 \
// RUN:   --region @inner:parallel:instances=2
#include <omp.h>
#include <stdlib.h>
#include "burn.h"

static int edge;

/* One parallel directive per function, so that the compiler cannot merge
 * two directives' calls into one location. */
__attribute__((noinline)) static void inner(void)
{
#pragma omp parallel num_threads(edge) // @inner
  burn(20);
}

__attribute__((noinline)) static void mid(int levels)
{
  if (!levels) {
    inner();
    return;
  }
#pragma omp parallel num_threads(1) // @mid
  mid(levels - 1);
}

int main(int argc, char **argv)
{
  edge = argc > 1 ? atoi(argv[1]) : 2;
  omp_set_max_active_levels(argc > 2 ? atoi(argv[2]) : 100);
  burn(10);
#pragma omp parallel num_threads(edge) // @outer
  mid(68);
  burn(10);
  return 0;
}
