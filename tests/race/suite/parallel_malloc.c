// RACE: no
// WHY: every thread repeatedly mallocs, fills and frees a buffer in one region: a block freed by one thread and reused by another is no race
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
long res[64];
int main(void) {
#pragma omp parallel
  {
    long s = 0;
    for (int r = 0; r < 50; r++) {
      int *p = malloc(64 * sizeof *p);
      for (int k = 0; k < 64; k++)
        p[k] = r + k;
      for (int k = 0; k < 64; k++)
        s += p[k];
      free(p);
    }
    res[omp_get_thread_num() & 63] = s;
  }
  printf("%ld\n", res[0]);
  return 0;
}
