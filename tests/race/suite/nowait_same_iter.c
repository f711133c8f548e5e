// RACE: no
// WHY: two schedule(static) loops with the same bounds and nowait: the same thread runs iteration i of both, so b[i] = a[i] needs no barrier
#include <stdio.h>
#define N 1000
int a[N], b[N];
int main(void) {
#pragma omp parallel
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < N; i++)
      a[i] = i * 2;
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
      b[i] = a[i] + 1;
  }
  printf("%d %d\n", b[0], b[N - 1]);
  return 0;
}
