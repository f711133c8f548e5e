// RACE: no
// WHY: schedule(dynamic,1) with each iteration writing only its own element and reading a read-only array
#include <stdio.h>
#define N 400
int a[N + 3], b[N];
int main(void) {
  for (int i = 0; i < N + 3; i++)
    a[i] = i;
#pragma omp parallel for schedule(dynamic, 1)
  for (int i = 0; i < N; i++)
    b[i] = a[i] + a[i + 3];
  printf("%d\n", b[0]);
  return 0;
}
