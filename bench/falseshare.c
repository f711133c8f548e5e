/* Pathology, false sharing: each thread counts into its own slot of one array, all
   slots in the same cache line, stored to memory on every hit. */
#include "bench.h"
#include <omp.h>

int main(int argc, char **argv)
{
  static const long n[] = {10000000, 80000000, 600000000};
  int s = bench_size(argc, argv);
  int nt = omp_get_max_threads();
  volatile long *count = calloc(nt > 8 ? nt : 8, sizeof *count);
  for (int rep = 0; rep < 4; rep++) {
#pragma omp parallel
    {
      int t = omp_get_thread_num();
#pragma omp for schedule(static)
      for (long i = 0; i < n[s]; i++)
        if ((i * 2654435761u + rep) % 7 < 3)
          count[t]++;
    }
  }
  uint64_t total = 0;
  for (int t = 0; t < nt; t++)
    total += (uint64_t)count[t];
  bench_checksum("falseshare", s, total);
  return 0;
}
