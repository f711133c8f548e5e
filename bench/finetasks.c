/* Pathology, too-fine tasks: one producer creates a task per array element, each
   doing a few nanoseconds of work, so task creation and scheduling dominate. */
#include "bench.h"

int main(int argc, char **argv)
{
  static const long n[] = {100000, 200000, 500000}, reps[] = {8, 20, 60};
  int s = bench_size(argc, argv);
  long N = n[s];
  uint64_t *a = malloc(N * sizeof *a);
  for (long i = 0; i < N; i++)
    a[i] = (uint64_t)i;
#pragma omp parallel
#pragma omp single
  for (long r = 0; r < reps[s]; r++) {
    for (long i = 0; i < N; i++) {
#pragma omp task firstprivate(i)
      a[i] = bench_mix(a[i] + (uint64_t)r);
    }
#pragma omp taskwait
  }
  uint64_t sum = 0;
  for (long i = 0; i < N; i++)
    sum = sum * 31 + a[i];
  bench_checksum("finetasks", s, sum);
  free(a);
  return 0;
}
