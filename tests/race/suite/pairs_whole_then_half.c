// RACE: yes
// PAIR: A B
// PAIR: A C
// MODE: fast
// WHY: thread 0 writes whole 8-byte words (one history for the pair of cells) while thread 1 writes the high half of one of them and reads the low half of another: both race with thread 0's word writes, whichever thread comes first; the other words' halves, read after the barrier, race with nothing
#include <omp.h>
#include <stdio.h>
#include <stdint.h>
union word {
  int64_t whole;
  int32_t half[2];
} w[8];
int main(void) {
  int64_t s = 0;
#pragma omp parallel num_threads(2) reduction(+ : s)
  {
    if (omp_get_thread_num() == 0) {
      for (int i = 0; i < 8; i++)
        w[i].whole = i;  // @A
    } else {
      w[3].half[1] = 5;  // @B
      s += w[5].half[0];  // @C
    }
#pragma omp barrier
    for (int i = 0; i < 8; i++)
      s += w[i].half[omp_get_thread_num() & 1];
  }
  printf("%lld\n", (long long)s);
  return 0;
}
