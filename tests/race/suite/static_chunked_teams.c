// RACE: yes
// PAIR: A A
// WHY: schedule(static, 4): iterations 0 and 8 (chunks 0 and 2) both write x: one thread runs both with 1 or 2 threads, two threads with 3 or more (chunk c goes to thread c mod T; doc/SEMANTICS.md rule 21)
#include <stdio.h>
#define N 64
int a[N], x;
int main(void) {
#pragma omp parallel for schedule(static, 4)
  for (int i = 0; i < N; i++) {
    if (i == 0 || i == 8)
      x = i; // @A
    a[i] = i;
  }
  printf("%d %d\n", x, a[N - 1]);
  return 0;
}
