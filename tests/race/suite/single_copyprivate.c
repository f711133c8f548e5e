// RACE: no
// WHY: single with copyprivate broadcasts a value to every thread's private copy
#include <omp.h>
#include <stdio.h>
int got[64];
int main(void) {
#pragma omp parallel
  {
    int v;
#pragma omp single copyprivate(v)
    v = 77;
    got[omp_get_thread_num() & 63] = v;
  }
  printf("%d\n", got[0]);
  return 0;
}
