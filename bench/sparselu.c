/* Dependency graph: blocked sparse LU factorization (BOTS sparselu) as a task graph
   with depend clauses: lu0 on the diagonal, fwd and bdiv on the row and column,
   bmod on the trailing blocks (fill-in allocated as it appears). */
#include "bench.h"

static double *block_new(long bs)
{
  return calloc(bs * bs, sizeof(double));
}

/* The BOTS pattern of null blocks, with values that keep the factorization stable. */
static void genmat(double **m, long nb, long bs)
{
  for (long ii = 0; ii < nb; ii++)
    for (long jj = 0; jj < nb; jj++) {
      int null = 0;
      if ((ii < jj) && (ii % 3 != 0)) null = 1;
      if ((ii > jj) && (jj % 3 != 0)) null = 1;
      if (ii % 2 == 1) null = 1;
      if (jj % 2 == 1) null = 1;
      if (ii == jj) null = 0;
      if (ii == jj - 1) null = 0;
      if (ii - 1 == jj) null = 0;
      m[ii * nb + jj] = NULL;
      if (null)
        continue;
      double *b = m[ii * nb + jj] = block_new(bs);
      for (long i = 0; i < bs; i++)
        for (long j = 0; j < bs; j++) {
          uint64_t r = bench_mix((uint64_t)((ii * nb + jj) * bs + i) * bs + j);
          b[i * bs + j] = (double)(r % 1000) / 1000.0 + (ii == jj && i == j ? 4.0 * bs : 0.0);
        }
    }
}

static void lu0(double *d, long bs)
{
  for (long k = 0; k < bs; k++)
    for (long i = k + 1; i < bs; i++) {
      d[i * bs + k] /= d[k * bs + k];
      for (long j = k + 1; j < bs; j++)
        d[i * bs + j] -= d[i * bs + k] * d[k * bs + j];
    }
}

static void fwd(const double *d, double *col, long bs)
{
  for (long k = 0; k < bs; k++)
    for (long i = k + 1; i < bs; i++)
      for (long j = 0; j < bs; j++)
        col[i * bs + j] -= d[i * bs + k] * col[k * bs + j];
}

static void bdiv(const double *d, double *row, long bs)
{
  for (long i = 0; i < bs; i++)
    for (long k = 0; k < bs; k++) {
      row[i * bs + k] /= d[k * bs + k];
      for (long j = k + 1; j < bs; j++)
        row[i * bs + j] -= row[i * bs + k] * d[k * bs + j];
    }
}

static void bmod(const double *row, const double *col, double *inner, long bs)
{
  for (long i = 0; i < bs; i++)
    for (long k = 0; k < bs; k++) {
      double r = row[i * bs + k];
      for (long j = 0; j < bs; j++)
        inner[i * bs + j] -= r * col[k * bs + j];
    }
}

static void sparselu(double **m, long nb, long bs)
{
  for (long kk = 0; kk < nb; kk++) {
    double *d = m[kk * nb + kk];
#pragma omp task depend(inout: d[0])
    lu0(d, bs);
    for (long jj = kk + 1; jj < nb; jj++) {
      double *col = m[kk * nb + jj];
      if (col) {
#pragma omp task depend(in: d[0]) depend(inout: col[0])
        fwd(d, col, bs);
      }
    }
    for (long ii = kk + 1; ii < nb; ii++) {
      double *row = m[ii * nb + kk];
      if (row) {
#pragma omp task depend(in: d[0]) depend(inout: row[0])
        bdiv(d, row, bs);
      }
    }
    for (long ii = kk + 1; ii < nb; ii++) {
      double *row = m[ii * nb + kk];
      if (!row)
        continue;
      for (long jj = kk + 1; jj < nb; jj++) {
        double *col = m[kk * nb + jj];
        if (!col)
          continue;
        double *inner = m[ii * nb + jj];
        if (!inner)
          inner = m[ii * nb + jj] = block_new(bs);
#pragma omp task depend(in: row[0], col[0]) depend(inout: inner[0])
        bmod(row, col, inner, bs);
      }
    }
  }
#pragma omp taskwait
}

int main(int argc, char **argv)
{
  static const long nb[] = {30, 50, 80}, bs[] = {32, 48, 64};
  int s = bench_size(argc, argv);
  double **m = malloc(nb[s] * nb[s] * sizeof *m);
  genmat(m, nb[s], bs[s]);
#pragma omp parallel
#pragma omp single
  sparselu(m, nb[s], bs[s]);
  uint64_t sum = 0;
  for (long b = 0; b < nb[s] * nb[s]; b++) {
    if (!m[b])
      continue;
    for (long i = 0; i < bs[s] * bs[s]; i++)
      sum = sum * 31 + bench_bits(m[b][i]);
    free(m[b]);
  }
  free(m);
  bench_checksum("sparselu", s, sum);
  return 0;
}
