// RACE: yes
// PAIR: A A
// PAIR: A B
// TEAM: 2
// WHY: missing firstprivate: each thread means to advance its own copy of 'off', but it is shared: read-modify-write and read race
#include <stdio.h>
#define N 1000
int b[N];
int off = 100;
int main(void) {
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    off += 1;        // @A
    __asm__ volatile("" ::: "memory");
    b[i] = off + i;  // @B
  }
  printf("%d\n", b[0]);
  return 0;
}
