// RACE: no
// WHY: twin of loop_carried.c writing a second array: b[i] = a[i+1] + 1 has no loop-carried dependence
#include <stdio.h>
#define N 1000
int a[N + 1], b[N];
int main(void) {
  for (int i = 0; i <= N; i++)
    a[i] = i;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    b[i] = a[i + 1] + 1;
  printf("%d %d\n", b[0], b[N - 1]);
  return 0;
}
