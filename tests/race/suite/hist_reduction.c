// RACE: no
// WHY: histogram with a reduction over a whole global array, reduction(+:h) (clang 19 miscompiles the array-section form h[0:8] of a global: the loop updates the shared array)
#include <stdio.h>
#define N 1000
int a[N], h[8];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = (i * 7) % 13;
#pragma omp parallel for reduction(+ : h)
  for (int i = 0; i < N; i++)
    h[a[i] & 7]++;
  printf("%d %d\n", h[0], h[7]);
  return 0;
}
