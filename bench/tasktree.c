/* A long recursive task tree with no cut-off: fib(n) with two tasks and a taskwait
   at every call down to the leaves (DataRaceBench DRB105, BOTS fib without its
   cut-off): millions of tasks that each do almost nothing. */
#include "bench.h"

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

int main(int argc, char **argv)
{
  static const int n[] = {22, 27, 30};
  int s = bench_size(argc, argv);
  long r = 0;
#pragma omp parallel
#pragma omp single
  r = fib(n[s]);
  bench_checksum("tasktree", s, (uint64_t)r);
  return 0;
}
