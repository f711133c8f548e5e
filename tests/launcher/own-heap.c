// The tool keeps out of the program's heap (tool/heap.c): under profile,
// record, time and race the C library's heap holds what the program and
// libomp put there, as without ompadv.  A program that reads memory it
// never wrote depends on that heap's state: KASTORS strassen reads its
// result matrix before writing it, and its check failed under ompadv
// (the tool's blocks took the heap's top, so glibc never gave the matrix
// fresh zeroed pages again).
//
// Known answer: with one thread the bytes in use at the end are the bare
// run's.  libomp with a tool attached allocates a little more (a few
// hundred bytes, measured: 144 to 192), and on a busy machine the C
// library's and libomp's own vary by up to 2.5 KB from run to run, the
// bare run's too (seen in 1 run of 8 beside a test suite); ompadv's own
// blocks came to 56 KB for this program, and grow with it, so 8 KiB tells
// them apart.
//
// RUN: %ompadv cc -O1 %s -o %t
// RUN: %ompadv cc --race -O1 %s -o %t.race
// RUN: env OMP_NUM_THREADS=1 %t > %t.bare
// RUN: %ompadv profile -q --threads 1 %t > %t.profile 2> /dev/null
// RUN: %ompadv record -q --threads 1 -o %t.rec %t > %t.record 2> /dev/null
// RUN: %ompadv time -q --threads 1 %t > %t.time 2> /dev/null
// RUN: %ompadv race -q --threads 1 %t.race > %t.racemode 2> /dev/null
// RUN: python3 -c "import sys; b = int(open(sys.argv[1]).read().split()[-1]); \
// RUN:   bad = [(f, int(open(f).read().split()[-1]) - b) for f in sys.argv[2:] \
// RUN:          if abs(int(open(f).read().split()[-1]) - b) > 8192]; \
// RUN:   print('bare', b, 'off by', bad); sys.exit(1 if bad else 0)" \
// RUN:   %t.bare %t.profile %t.record %t.time %t.racemode
#include <malloc.h>
#include <stdio.h>

static long fib(int n)
{
  long a, b;
  if (n < 2)
    return n;
#pragma omp task shared(a)
  a = fib(n - 1);
#pragma omp task shared(b)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(void)
{
  double s = 0;
  long f = 0;
  for (int r = 0; r < 50; r++) {
#pragma omp parallel for reduction(+ : s) schedule(dynamic, 7)
    for (int i = 0; i < 1000; i++)
      s += i * 0.5;
  }
#pragma omp parallel
#pragma omp single
  f = fib(12);
  struct mallinfo2 m = mallinfo2();
  printf("%g %ld in use %zu\n", s, f, m.uordblks + m.hblkhd);
  return 0;
}
