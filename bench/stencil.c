/* Data-parallel loop: a 2-D Jacobi 5-point stencil, one parallel region with a
   statically scheduled worksharing loop (and its barrier) per sweep. */
#include "bench.h"

int main(int argc, char **argv)
{
  static const long n[] = {512, 1024, 2048}, iters[] = {150, 500, 800};
  int s = bench_size(argc, argv);
  long N = n[s];
  double *a = calloc(N * N, sizeof *a), *b = calloc(N * N, sizeof *b);
  for (long j = 0; j < N; j++)
    a[j] = b[j] = 100.0; /* a hot top edge */
#pragma omp parallel
  for (long it = 0; it < iters[s]; it++) {
#pragma omp for schedule(static)
    for (long i = 1; i < N - 1; i++)
      for (long j = 1; j < N - 1; j++)
        b[i * N + j] = 0.25 * (a[(i - 1) * N + j] + a[(i + 1) * N + j] + a[i * N + j - 1] + a[i * N + j + 1]);
#pragma omp single
    {
      double *t = a;
      a = b;
      b = t;
    }
  }
  uint64_t sum = 0;
  for (long i = 0; i < N * N; i++)
    sum = sum * 31 + bench_bits(a[i]);
  bench_checksum("stencil", s, sum);
  free(a);
  free(b);
  return 0;
}
