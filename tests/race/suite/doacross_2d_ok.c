// RACE: no
// WHY: a wavefront: cell (i, j) waits for (i-1, j) and (i, j-1) (ordered(2), depend(sink) twice), the cells it reads
#include <stdio.h>
#define N 40
int a[N][N];
int main(void) {
  for (int k = 0; k < N; k++)
    a[0][k] = a[k][0] = 1;
#pragma omp parallel for ordered(2)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < N; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
      a[i][j] = (a[i - 1][j] + a[i][j - 1]) % 1000;
#pragma omp ordered depend(source)
    }
  printf("%d\n", a[N - 1][N - 1]);
  return 0;
}
