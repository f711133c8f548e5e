// RACE: yes
// PAIR: A B
// PAIR: A C
// MODE: fast
// WHY: thread 0 copies 64 doubles with memcpy (one wide access, whole 8-byte pairs) while thread 1 writes the high half of one copied element and reads a whole other one: both race with the copy; after the barrier each thread copies its own half of the array: no race
#include <omp.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>
union word {
  double d;
  int32_t half[2];
} src[64], dst[64];
int main(void) {
  double x = 0;
  for (int i = 0; i < 64; i++)
    src[i].d = i;
#pragma omp parallel num_threads(2) reduction(+ : x)
  {
    if (omp_get_thread_num() == 0) {
      memcpy(dst, src, sizeof dst);  // @A
    } else {
      dst[40].half[1] = 3;  // @B
      x += dst[13].d;  // @C
    }
#pragma omp barrier
    int h = omp_get_thread_num() * 32 % 64;
    memcpy(dst + h, src + h, 32 * sizeof *dst);
  }
  printf("%f %f\n", x, dst[40].d);
  return 0;
}
