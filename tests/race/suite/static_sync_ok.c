// RACE: no
// WHY: every iteration of a schedule(static) loop updates x inside critical and y atomically: at no team size do two of them race (doc/SEMANTICS.md rule 21)
#include <stdio.h>
#define N 100
int x, y;
int main(void) {
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp critical
    x += i;
#pragma omp atomic
    y += i;
  }
  printf("%d %d\n", x, y);
  return 0;
}
