// RACE: no
// WHY: collapse(2) over a 2-D array, each iteration writes its own element
#include <stdio.h>
#define N 40
int m[N][N];
int main(void) {
#pragma omp parallel for collapse(2) schedule(dynamic, 7)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      m[i][j] = i * N + j;
  printf("%d\n", m[N - 1][N - 1]);
  return 0;
}
