/* Recursive tasks: fib(n) with two tasks per call above a cut-off and a taskwait,
   the classic task-creation stress (BOTS fib with a cut-off). */
#include "bench.h"

static long fib_seq(int n)
{
  return n < 2 ? n : fib_seq(n - 1) + fib_seq(n - 2);
}

static long fib(int n, int cut)
{
  long x, y;
  if (n < cut)
    return fib_seq(n);
#pragma omp task shared(x)
  x = fib(n - 1, cut);
#pragma omp task shared(y)
  y = fib(n - 2, cut);
#pragma omp taskwait
  return x + y;
}

int main(int argc, char **argv)
{
  static const int n[] = {35, 40, 44};
  int s = bench_size(argc, argv);
  long r = 0;
#pragma omp parallel
#pragma omp single
  r = fib(n[s], n[s] - 16);
  bench_checksum("fib", s, (uint64_t)r);
  return 0;
}
