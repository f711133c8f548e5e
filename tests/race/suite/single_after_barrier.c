// RACE: no
// TEAM: 2
// WHY: twin of single_after_nowait.c with the loop's barrier: the single body follows every thread's share
#include <stdio.h>
double a[10], s;
int main(void) {
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (int i = 0; i < 10; i++)
      a[i] = i * 0.5;
#pragma omp single
    s = a[9];
  }
  printf("%g\n", s);
  return 0;
}
