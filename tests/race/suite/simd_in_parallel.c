// RACE: yes
// PAIR: A A
// WHY: each thread runs a simd loop on its own block of the array: no two threads share an element, but iteration i+1 of each loop reads what iteration i wrote: lanes that may run at once (the lanes are checked where a fragment runs too)
#include <omp.h>
#include <stdio.h>
int a[64 * 64];
int main(void) {
#pragma omp parallel
  {
    int *p = &a[omp_get_thread_num() % 64 * 64];
#pragma omp simd
    for (int i = 0; i < 63; i++)
      p[i + 1] = p[i] + 1; // @A
  }
  printf("%d\n", a[63]);
  return 0;
}
