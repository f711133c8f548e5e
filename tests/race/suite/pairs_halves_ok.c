// RACE: no
// MODE: fast
// WHY: 8-byte words written whole by a loop, then, after the barrier, each thread writes its own 4-byte half of every word and reads it back: no byte is shared, though each word's history was one cell before the halves were written
#include <omp.h>
#include <stdio.h>
#include <stdint.h>
union word {
  double d;
  int32_t half[2];
} w[256];
int main(void) {
  long s = 0;
#pragma omp parallel num_threads(2) reduction(+ : s)
  {
    int me = omp_get_thread_num() & 1;
#pragma omp for
    for (int i = 0; i < 256; i++)
      w[i].d = i;
    for (int i = 0; i < 256; i++)
      w[i].half[me] = i * 2 + me;
    for (int i = 0; i < 256; i++)
      s += w[i].half[me];
  }
  printf("%ld\n", s);
  return 0;
}
