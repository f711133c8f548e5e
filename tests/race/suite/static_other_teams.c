// RACE: yes
// PAIR: A A
// WHY: iterations 0 and 30 of a 180-iteration schedule(static) loop both write x: one thread runs both with 1-5 threads (blocks of 30 or more), two threads with 6 or more (doc/SEMANTICS.md rule 21)
#include <stdio.h>
#define N 180
int a[N], x;
int main(void) {
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    if (i == 0 || i == 30)
      x = i; // @A
    a[i] = i;
  }
  printf("%d %d\n", x, a[N - 1]);
  return 0;
}
