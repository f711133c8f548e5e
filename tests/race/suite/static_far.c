// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: schedule(static): the last iteration writes what the first reads; they are in different threads' chunks for any team of 2 or more
// NOTE: the empty asm statements keep -O1 from moving the marked accesses off their lines
#include <stdio.h>
#define N 1000
int a[N], x;
int main(void) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < N; i++) {
    if (i == N - 1)
      x = 42; // @A
    if (i == 0) {
      __asm__ volatile("" ::: "memory");
      a[0] = x; // @B
    } else
      a[i] = i;
  }
  printf("%d %d\n", a[0], x);
  return 0;
}
