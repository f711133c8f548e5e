// False sharing, as far as this machine shows it.  Each thread of a static
// loop increments its own counter, stored to memory on every iteration
// (volatile); the counters are 8 bytes apart, in one cache line, or with
// -DPAD 128 bytes apart (two lines, and no adjacent-line prefetch pair).
//
//   N = 40,000,000 increments (~80 ms on one thread; nothing burned, so the
//   amounts are measured, not known: only ratios are checked).
//   1 thread: one counter, one cache line, no sharing: the base.
//   2 threads, -DPAD: each thread its own line, half the increments each:
//     loop work = the same total -> work inflation 1.0 (measured 0.98-1.06)
//   2 threads, one line: every store takes the line from the other core:
//     on real hardware several times slower, so the loop's work inflates
//     (>> 1.2x, flagged).  But this VM barely penalizes false sharing:
//     bench/falseshare.c and this program measure ~1.05-1.10x with cputime,
//     under the 1.2 threshold.  So only what holds here is checked: the
//     region is reported (a matched row, not SPMD) with an inflation >= 0.9;
//     whether it is flagged is not checked.  The known answer for contention
//     that inflates work is contention.c.
// Checked for the padded loop: inflation < 1.15 and not flagged (nothing
// burned: the band is for the busy machine; a thread of a busy VM may be
// charged CPU time it lost to the host).
//
// Measured amounts on a shared machine: a busy host can push one run out of
// its band, so lit may run it again (FLAKYPASS, listed by tests/run).
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 %s -o %t
// RUN: env OMPADV_TASK_COST=100,50 %ompadv diff -q --metric cputime --threads 2 \
// RUN:   --format json --output %t.json %t > %t.out
// RUN: python3 %S/check.py %t.json --source %s --threads 1,2 \
// RUN:   --row @loop-@loop:work_inflation'>'0.9 --row @loop-@loop:spmd=false
// RUN: %ompadv cc -O1 -DPAD %s -o %t.pad
// RUN: env OMPADV_TASK_COST=100,50 %ompadv diff -q --metric cputime --threads 2 \
// RUN:   --format json --output %t.pad.json %t.pad > %t.pad.out
// RUN: python3 %S/check.py %t.pad.json --source %s --threads 1,2 \
// RUN:   --row @loop-@loop:work_inflation'<'1.15 --row @loop-@loop:flagged=false --row @loop-@loop:spmd=false
// Both runs counted every increment (the program prints the total twice):
// RUN: %FileCheck --check-prefix=TOTAL %s < %t.out
// RUN: %FileCheck --check-prefix=TOTAL %s < %t.pad.out
// TOTAL:      40000000
// TOTAL-NEXT: 40000000
#include <omp.h>
#include <stdio.h>

#define N 40000000L
#ifdef PAD
#define STRIDE 16 /* 128 bytes apart */
#else
#define STRIDE 1  /* 8 bytes apart: one cache line */
#endif

static volatile long count[8 * STRIDE] __attribute__((aligned(128)));

int main(void)
{
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp for schedule(static) // @loop
    for (long i = 0; i < N; i++)
      count[t * STRIDE]++;
  }
  long total = 0;
  for (int t = 0; t < 8; t++)
    total += count[t * STRIDE];
  printf("%ld\n", total);
  return total != N;
}
