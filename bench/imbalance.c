/* Pathology, load imbalance: a triangular loop (iteration i costs ~i) under plain
   schedule(static), so the last thread gets most of the work. */
#include "bench.h"

int main(int argc, char **argv)
{
  static const long n[] = {12000, 42000, 120000};
  int s = bench_size(argc, argv);
  uint64_t sum = 0;
#pragma omp parallel for schedule(static) reduction(+: sum)
  for (long i = 0; i < n[s]; i++) {
    uint64_t h = (uint64_t)i;
    for (long k = 0; k < i; k++)
      h = h * 6364136223846793005ull + 1442695040888963407ull + (uint64_t)k;
    sum += h;
  }
  bench_checksum("imbalance", s, sum);
  return 0;
}
