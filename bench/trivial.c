/* Not a workload: the smallest OpenMP program (one empty parallel region), to measure
   the fixed start-up cost of each mode. */
#include "bench.h"

int main(int argc, char **argv)
{
  int s = bench_size(argc, argv);
  long n = 0;
#pragma omp parallel reduction(+: n)
  n = 1;
  bench_checksum("trivial", s, n > 0);
  return 0;
}
