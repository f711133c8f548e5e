/* A flag/flush pipeline (after NPB LU's SSOR sweeps): each thread owns a band of
   rows and sweeps it column block by column block; it may start block k only when
   the thread above has finished block k of its own band, which it learns from a
   flag that thread raises with an atomic write and a flush.  The order between
   threads comes from the flags alone: no barrier, no lock. */
#include "bench.h"
#include <omp.h>

enum { BLOCK = 16 };

int main(int argc, char **argv)
{
  static const int n[] = {512, 2048, 4096};   /* the grid is n x n */
  static const int sweeps[] = {4, 8, 8};
  int s = bench_size(argc, argv), N = n[s];
  double *u = malloc(sizeof *u * (size_t)N * N);
  for (long i = 0; i < (long)N * N; i++)
    u[i] = (double)(bench_mix((uint64_t)i) % 1000) / 1000.0;
  int nblocks = (N - 1 + BLOCK - 1) / BLOCK;
  int *done = NULL;  /* done[t]: column blocks thread t has finished in this sweep */
#pragma omp parallel
  {
    int T = omp_get_num_threads(), t = omp_get_thread_num();
#pragma omp single
    done = calloc((size_t)T, sizeof *done);
    int lo = 1 + (N - 1) * t / T, hi = 1 + (N - 1) * (t + 1) / T;
    for (int sw = 0; sw < sweeps[s]; sw++) {
      for (int b = 0; b < nblocks; b++) {
        if (t > 0) {  /* wait for the band above to finish block b */
          int above;
          do {
#pragma omp flush
#pragma omp atomic read
            above = done[t - 1];
          } while (above < sw * nblocks + b + 1);
#pragma omp flush
        }
        int c0 = 1 + b * BLOCK, c1 = c0 + BLOCK < N ? c0 + BLOCK : N;
        for (int i = lo; i < hi; i++)
          for (int j = c0; j < c1; j++)
            u[(long)i * N + j] = 0.25 * (u[(long)(i - 1) * N + j] + u[(long)i * N + j - 1]
                                         + u[(long)i * N + j] + 0.5 * u[(long)(i - 1) * N + j - 1]);
#pragma omp flush
#pragma omp atomic write
        done[t] = sw * nblocks + b + 1;
#pragma omp flush
      }
      /* the band above must not start the next sweep while this one still reads its
         last row */
#pragma omp barrier
    }
  }
  bench_checksum("pipeline", s, bench_hash_doubles(u, (long)N * N));
  free(done);
  free(u);
  return 0;
}
