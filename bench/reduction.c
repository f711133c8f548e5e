/* Data-parallel loop: parallel for with sum, max and xor reductions over a computed
   sequence (integer reductions, so the result does not depend on the order). */
#include "bench.h"
#include <math.h>

int main(int argc, char **argv)
{
  static const long n[] = {2000000, 30000000, 250000000};
  int s = bench_size(argc, argv);
  uint64_t sum = 0, mx = 0, x = 0;
  for (int rep = 0; rep < 4; rep++) {
#pragma omp parallel for reduction(+: sum) reduction(max: mx) reduction(^: x)
    for (long i = 0; i < n[s]; i++) {
      uint64_t h = bench_mix((uint64_t)i * 4 + rep);
      int64_t v = (int64_t)(sqrt((double)(h >> 12)) * 16.0);
      sum += (uint64_t)v;
      mx = h > mx ? h : mx;
      x ^= h >> 3;
    }
  }
  bench_checksum("reduction", s, sum * 31 + mx * 7 + x);
  return 0;
}
