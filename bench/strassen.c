/* Recursive tasks: Strassen's block matrix multiply, seven product tasks per level
   (to a depth cut-off) with a taskwait, naive blocks at the leaves. Integer-valued
   inputs keep every result exact, so the checksum is schedule-independent. */
#include "bench.h"

enum { BASE = 64, TASK_DEPTH = 3 };

typedef struct {
  double *p;
  long ld;
} mat;

static mat quad(mat a, int q, long h)
{
  return (mat){a.p + (q / 2) * h * a.ld + (q % 2) * h, a.ld};
}

/* c = a + s * b, or c = a when b.p is NULL. */
static void combine(mat c, mat a, mat b, double s, long n)
{
  for (long i = 0; i < n; i++)
    for (long j = 0; j < n; j++)
      c.p[i * c.ld + j] = a.p[i * a.ld + j] + (b.p ? s * b.p[i * b.ld + j] : 0.0);
}

static void mul_base(mat c, mat a, mat b, long n)
{
  for (long i = 0; i < n; i++) {
    for (long j = 0; j < n; j++)
      c.p[i * c.ld + j] = 0.0;
    for (long k = 0; k < n; k++) {
      double aik = a.p[i * a.ld + k];
      for (long j = 0; j < n; j++)
        c.p[i * c.ld + j] += aik * b.p[k * b.ld + j];
    }
  }
}

/* The seven products: (A[a1] + sa*A[a2]) * (B[b1] + sb*B[b2]); -1: no second term. */
static const struct { int a1, a2, sa, b1, b2, sb; } prod[7] = {
  {0, 3, 1, 0, 3, 1},  {2, 3, 1, 0, -1, 0}, {0, -1, 0, 1, 3, -1}, {3, -1, 0, 2, 0, -1},
  {0, 1, 1, 3, -1, 0}, {2, 0, -1, 0, 1, 1}, {1, 3, -1, 2, 3, 1},
};

static void strassen(mat c, mat a, mat b, long n, int depth)
{
  if (n <= BASE) {
    mul_base(c, a, b, n);
    return;
  }
  long h = n / 2;
  double *m = malloc(7 * h * h * sizeof *m);
  for (int k = 0; k < 7; k++) {
#pragma omp task if (depth < TASK_DEPTH) firstprivate(k)
    {
      double *t = malloc(2 * h * h * sizeof *t);
      mat ta = {t, h}, tb = {t + h * h, h}, none = {NULL, 0};
      mat a2 = prod[k].a2 < 0 ? none : quad(a, prod[k].a2, h);
      mat b2 = prod[k].b2 < 0 ? none : quad(b, prod[k].b2, h);
      combine(ta, quad(a, prod[k].a1, h), a2, prod[k].sa, h);
      combine(tb, quad(b, prod[k].b1, h), b2, prod[k].sb, h);
      strassen((mat){m + k * h * h, h}, ta, tb, h, depth + 1);
      free(t);
    }
  }
#pragma omp taskwait
  double *M[7];
  for (int k = 0; k < 7; k++)
    M[k] = m + k * h * h;
  for (long i = 0; i < h; i++)
    for (long j = 0; j < h; j++) {
      long x = i * h + j;
      c.p[i * c.ld + j] = M[0][x] + M[3][x] - M[4][x] + M[6][x];
      c.p[i * c.ld + j + h] = M[2][x] + M[4][x];
      c.p[(i + h) * c.ld + j] = M[1][x] + M[3][x];
      c.p[(i + h) * c.ld + j + h] = M[0][x] - M[1][x] + M[2][x] + M[5][x];
    }
  free(m);
}

int main(int argc, char **argv)
{
  static const long n[] = {512, 1536, 2560};
  int s = bench_size(argc, argv);
  long N = n[s];
  double *A = malloc(N * N * sizeof *A), *B = malloc(N * N * sizeof *B), *C = malloc(N * N * sizeof *C);
  for (long i = 0; i < N; i++)
    for (long j = 0; j < N; j++) {
      A[i * N + j] = (double)((i * 7 + j * 3) % 11) - 5;
      B[i * N + j] = (double)((i * 5 + j * 13) % 9) - 4;
    }
#pragma omp parallel
#pragma omp single
  strassen((mat){C, N}, (mat){A, N}, (mat){B, N}, N, 0);
  uint64_t sum = 0;
  for (long i = 0; i < N * N; i++)
    sum = sum * 31 + (uint64_t)(int64_t)C[i];
  bench_checksum("strassen", s, sum);
  free(A);
  free(B);
  free(C);
  return 0;
}
