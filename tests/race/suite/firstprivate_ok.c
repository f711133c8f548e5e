// RACE: no
// WHY: twin of firstprivate_missing.c with firstprivate(off): every thread advances its own copy, initialised from the original
#include <stdio.h>
#define N 1000
int b[N];
int off = 100;
int main(void) {
#pragma omp parallel for firstprivate(off)
  for (int i = 0; i < N; i++) {
    off += 1;
    __asm__ volatile("" ::: "memory");
    b[i] = off + i;
  }
  printf("%d\n", b[0]);
  return 0;
}
