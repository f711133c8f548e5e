// RACE: yes
// PAIR: A C
// PAIR: B C
// WHY: thread 0 writes x then reads it back; thread 1 writes x 0.1 s later: its write races with both the earlier write and the earlier read
// NOTE: the empty asm statement keeps -O1 from reusing the stored value instead of reading x
#include <omp.h>
#include <stdio.h>
#include <unistd.h>
int x, y;
int main(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      x = 1; // @A
      __asm__ volatile("" ::: "memory");
      y = x; // @B
    } else {
      usleep(100000);
      x = 2; // @C
    }
  }
  printf("%d %d\n", x, y);
  return 0;
}
