// RACE: yes
// PAIR: A B
// WHY: schedule(runtime): iterations 10 and 11 conflict; ompadv runs it as dynamic,1 so neighbours are separate chunks (under a static schedule they share one thread's chunk)
// NOTE: the empty asm statements keep -O1 from moving the marked accesses off their lines
#include <stdio.h>
#define N 1000
int x, y, b[N];
int main(void) {
#pragma omp parallel for schedule(runtime)
  for (int i = 0; i < N; i++) {
    if (i == 11)
      x = i; // @A
    if (i == 10) {
      __asm__ volatile("" ::: "memory");
      y = x; // @B
    }
    b[i] = i;
  }
  printf("%d %d\n", x, y);
  return 0;
}
