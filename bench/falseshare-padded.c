/* falseshare without the false sharing: the same loop and the same counts, but each
   thread's counter is alone on its own 64-byte cache line (falseshare.c's array with a
   stride of one line). Prints falseshare's checksum value for the same size; the
   control for ompadv diff, which should flag falseshare's loop and not this one. */
#include "bench.h"
#include <omp.h>

#define LINE 64
#define STRIDE (LINE / sizeof(long)) /* longs per cache line */

int main(int argc, char **argv)
{
  static const long n[] = {10000000, 80000000, 600000000};
  int s = bench_size(argc, argv);
  int nt = omp_get_max_threads();
  size_t slots = nt > 8 ? nt : 8;
  volatile long *count = aligned_alloc(LINE, slots * LINE);
  if (!count)
    return 1;
  memset((void *)count, 0, slots * LINE);
  for (int rep = 0; rep < 4; rep++) {
#pragma omp parallel
    {
      int t = omp_get_thread_num();
#pragma omp for schedule(static)
      for (long i = 0; i < n[s]; i++)
        if ((i * 2654435761u + rep) % 7 < 3)
          count[t * STRIDE]++;
    }
  }
  uint64_t total = 0;
  for (int t = 0; t < nt; t++)
    total += (uint64_t)count[t * STRIDE];
  bench_checksum("falseshare-padded", s, total);
  return 0;
}
