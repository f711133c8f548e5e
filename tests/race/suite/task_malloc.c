// RACE: no
// WHY: every task mallocs a buffer, fills it and frees it: heap blocks reused by parallel tasks are no race
#include <stdio.h>
#include <stdlib.h>
#define T 32
int out[T];
int main(void) {
#pragma omp parallel
#pragma omp single
  for (int t = 0; t < T; t++) {
#pragma omp task firstprivate(t)
    {
      int *p = malloc(48 * sizeof *p);
      for (int k = 0; k < 48; k++)
        p[k] = t * k;
      int s = 0;
      for (int k = 0; k < 48; k++)
        s += p[k];
      free(p);
      out[t] = s;
    }
  }
  printf("%d %d\n", out[1], out[T - 1]);
  return 0;
}
