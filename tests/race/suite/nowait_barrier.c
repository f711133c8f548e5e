// RACE: no
// WHY: twin of nowait_missing.c with an explicit barrier between the nowait loop and the loop that reads its results
#include <stdio.h>
#define N 1000
int a[N], b[N];
int main(void) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      a[i] = i * 2;
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < N; i++)
      b[i] = a[N - 1 - i];
  }
  printf("%d %d\n", b[0], b[N - 1]);
  return 0;
}
