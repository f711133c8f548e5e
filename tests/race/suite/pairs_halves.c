// RACE: yes
// PAIR: A B
// MODE: fast
// WHY: a loop writes an array of 8-byte words (fast mode keeps each word's history in one cell); after the barrier thread 0 writes the low half of word 0 and thread 1 reads both halves of it: the low half races with thread 0's write, the high half races with nothing (the loop's writes are before the barrier)
#include <omp.h>
#include <stdio.h>
#include <stdint.h>
union word {
  double d;
  int32_t half[2];
} w[64];
int main(void) {
  int32_t lo = 0, hi = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp for
    for (int i = 0; i < 64; i++)
      w[i].d = i;
    if (omp_get_thread_num() == 0)
      w[0].half[0] = 7;  // @A
    else {
      hi = w[0].half[1];
      lo = w[0].half[0];  // @B
    }
  }
  printf("%d %d %f\n", lo, hi, w[1].d);
  return 0;
}
