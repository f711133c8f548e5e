/* Pathology, a serial bottleneck: parallel phases over an array separated by a
   sequential prefix-sum phase on the initial thread (Amdahl). */
#include "bench.h"

int main(int argc, char **argv)
{
  static const long n[] = {500000, 4000000, 8000000}, reps[] = {6, 12, 24};
  int s = bench_size(argc, argv);
  long N = n[s];
  uint64_t *a = malloc(N * sizeof *a);
  for (long i = 0; i < N; i++)
    a[i] = (uint64_t)i;
  for (long r = 0; r < reps[s]; r++) {
#pragma omp parallel for schedule(static)
    for (long i = 0; i < N; i++) {
      uint64_t h = a[i];
      for (int k = 0; k < 8; k++)
        h = bench_mix(h);
      a[i] = h;
    }
    /* the sequential phase: a running sum and a lag-dependence */
    for (long i = 1; i < N; i++)
      a[i] += (a[i - 1] >> 7) ^ (a[i] << 3);
  }
  uint64_t sum = 0;
  for (long i = 0; i < N; i++)
    sum = sum * 31 + a[i];
  bench_checksum("serial", s, sum);
  free(a);
  return 0;
}
