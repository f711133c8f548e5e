// RACE: no
// MODE: fast
// WHY: in one parallel region, rounds of three phases separated by barriers: whole 8-byte words owned by one thread each, then the two 4-byte halves of each word written by two threads, then one thread copies a block with memcpy while the others read halves elsewhere; pairs kept whole, opened and copied across phases, and nothing races
#include <omp.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
union word {
  double d;
  int32_t half[2];
  int64_t w;
} v[4096];
int main(void) {
  long s = 0;
#pragma omp parallel num_threads(4) reduction(+ : s)
  {
    int me = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int round = 0; round < 20; round++) {
      /* phase 1: whole words, interleaved ownership */
      for (int i = me; i < 4096; i += nt) v[i].d = i + round;
#pragma omp barrier
      /* phase 2: halves: pairs of threads share a word, each its half */
      int pairs = nt / 2 ? nt / 2 : 1;
      if (me < 2 * pairs)
        for (int i = me / 2; i < 4096; i += pairs) v[i].half[me & 1] = round;
#pragma omp barrier
      /* phase 3: memcpy blocks owned by one thread, reads of halves */
      if (me == 0) memcpy(v, v + 2048, 1024 * sizeof *v);
      else for (int i = 1024 + me; i < 2048; i += nt) s += v[i].half[round & 1];
#pragma omp barrier
    }
  }
  printf("%ld %f\n", s, v[5].d);
  return 0;
}
