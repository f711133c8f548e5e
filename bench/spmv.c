/* Data-parallel loop: sparse matrix-vector products (CSR) with irregular row lengths
   and scattered columns, repeated as an iteration; guided scheduling. */
#include "bench.h"

int main(int argc, char **argv)
{
  static const long n[] = {100000, 400000, 1000000}, iters[] = {10, 30, 60};
  int s = bench_size(argc, argv);
  long N = n[s];
  long *rowp = malloc((N + 1) * sizeof *rowp);
  rowp[0] = 0;
  for (long i = 0; i < N; i++) {
    uint64_t r = bench_mix(i);
    long len = 2 + (long)(r % 16) + ((r >> 20) % 64 == 0 ? 200 : 0); /* a few heavy rows */
    rowp[i + 1] = rowp[i] + len;
  }
  long nnz = rowp[N];
  int *col = malloc(nnz * sizeof *col);
  double *val = malloc(nnz * sizeof *val), *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  for (long i = 0; i < N; i++) {
    long len = rowp[i + 1] - rowp[i];
    for (long k = rowp[i]; k < rowp[i + 1]; k++) {
      uint64_t r = bench_mix((uint64_t)k << 1);
      col[k] = (int)((r >> 8) % N);
      val[k] = 1.0 / (double)(len + 1);
    }
    x[i] = (double)(i % 10);
  }
  for (long it = 0; it < iters[s]; it++) {
#pragma omp parallel for schedule(guided)
    for (long i = 0; i < N; i++) {
      double acc = 0.5 * x[i];
      for (long k = rowp[i]; k < rowp[i + 1]; k++)
        acc += val[k] * x[col[k]];
      y[i] = acc;
    }
    double *t = x;
    x = y;
    y = t;
  }
  uint64_t sum = 0;
  for (long i = 0; i < N; i++)
    sum = sum * 31 + bench_bits(x[i]);
  bench_checksum("spmv", s, sum);
  free(rowp);
  free(col);
  free(val);
  free(x);
  free(y);
  return 0;
}
