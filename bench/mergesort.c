/* Recursive tasks: merge sort with a task cut-off for the sort and a parallel,
   divide-and-conquer merge with its own cut-off (cilksort-like). */
#include "bench.h"

enum { SORT_CUT = 4096, MERGE_CUT = 8192, INSERTION = 32 };

static void insertion(uint32_t *a, long n)
{
  for (long i = 1; i < n; i++) {
    uint32_t v = a[i];
    long j = i - 1;
    while (j >= 0 && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

static long lower_bound(const uint32_t *a, long n, uint32_t v)
{
  long lo = 0, hi = n;
  while (lo < hi) {
    long mid = lo + (hi - lo) / 2;
    if (a[mid] < v)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

static void merge_seq(const uint32_t *a, long na, const uint32_t *b, long nb, uint32_t *out)
{
  long i = 0, j = 0, k = 0;
  while (i < na && j < nb)
    out[k++] = b[j] < a[i] ? b[j++] : a[i++];
  while (i < na)
    out[k++] = a[i++];
  while (j < nb)
    out[k++] = b[j++];
}

/* Split the larger run at its middle, the other at the same value; merge halves as tasks. */
static void merge(const uint32_t *a, long na, const uint32_t *b, long nb, uint32_t *out)
{
  if (na + nb < MERGE_CUT) {
    merge_seq(a, na, b, nb, out);
    return;
  }
  if (na < nb) {
    const uint32_t *t = a; a = b; b = t;
    long tn = na; na = nb; nb = tn;
  }
  long ma = na / 2;
  long mb = lower_bound(b, nb, a[ma]);
#pragma omp task
  merge(a, ma, b, mb, out);
  merge(a + ma, na - ma, b + mb, nb - mb, out + ma + mb);
#pragma omp taskwait
}

/* Sorts a[0..n) using tmp[0..n) as scratch; the result is in a. */
static void sort(uint32_t *a, uint32_t *tmp, long n)
{
  if (n < SORT_CUT) {
    if (n <= INSERTION) {
      insertion(a, n);
      return;
    }
    long h = n / 2;
    sort(a, tmp, h);
    sort(a + h, tmp + h, n - h);
    merge_seq(a, h, a + h, n - h, tmp);
    memcpy(a, tmp, n * sizeof *a);
    return;
  }
  long h = n / 2;
#pragma omp task
  sort(a, tmp, h);
  sort(a + h, tmp + h, n - h);
#pragma omp taskwait
  merge(a, h, a + h, n - h, tmp);
  memcpy(a, tmp, n * sizeof *a);
}

int main(int argc, char **argv)
{
  static const long n[] = {1L << 20, 1L << 23, 1L << 25};
  int s = bench_size(argc, argv);
  uint32_t *a = malloc(n[s] * sizeof *a), *tmp = malloc(n[s] * sizeof *tmp);
  if (!a || !tmp)
    return 1;
  for (long i = 0; i < n[s]; i++)
    a[i] = (uint32_t)bench_mix(i);
#pragma omp parallel
#pragma omp single
  sort(a, tmp, n[s]);
  uint64_t sum = 0;
  for (long i = 0; i < n[s]; i++) {
    if (i && a[i - 1] > a[i]) {
      fprintf(stderr, "mergesort: not sorted at %ld\n", i);
      return 1;
    }
    sum = sum * 31 + a[i];
  }
  bench_checksum("mergesort", s, sum);
  free(a);
  free(tmp);
  return 0;
}
