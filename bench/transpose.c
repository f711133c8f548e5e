/* An FFT-like step (after NPB FT): each iteration transforms every row of a square
   array in a parallel loop (a butterfly pass standing in for a 1-D FFT), then
   transposes the array in blocks, so that every thread reads what the others wrote:
   all-to-all memory traffic between barriers. */
#include "bench.h"

enum { TILE = 32 };

static void rows(double *a, int n)
{
#pragma omp for schedule(static)
  for (int i = 0; i < n; i++) {
    double *r = a + (long)i * n;
    for (int half = n / 2; half >= 1; half /= 2)
      for (int j = 0; j < n; j += 2 * half)
        for (int k = j; k < j + half; k++) {
          double x = r[k], y = r[k + half];
          r[k] = 0.5 * (x + y);
          r[k + half] = 0.5 * (x - y) + 1e-3 * k;
        }
  }
}

static void transpose(const double *a, double *b, int n)
{
#pragma omp for schedule(static) collapse(2)
  for (int bi = 0; bi < n; bi += TILE)
    for (int bj = 0; bj < n; bj += TILE)
      for (int i = bi; i < bi + TILE; i++)
        for (int j = bj; j < bj + TILE; j++)
          b[(long)j * n + i] = a[(long)i * n + j];
}

int main(int argc, char **argv)
{
  static const int n[] = {512, 2048, 4096};   /* a power of two, a multiple of TILE */
  static const int iters[] = {4, 6, 8};
  int s = bench_size(argc, argv), N = n[s];
  double *a = malloc(sizeof *a * (size_t)N * N), *b = malloc(sizeof *b * (size_t)N * N);
  for (long i = 0; i < (long)N * N; i++)
    a[i] = (double)(bench_mix((uint64_t)i) % 4096) / 4096.0;
#pragma omp parallel
  for (int it = 0; it < iters[s]; it++) {
    rows(a, N);
    transpose(a, b, N);
    rows(b, N);
    transpose(b, a, N);
  }
  bench_checksum("transpose", s, bench_hash_doubles(a, (long)N * N));
  free(a);
  free(b);
  return 0;
}
