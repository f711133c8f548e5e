// RACE: yes
// PAIR: A A
// WHY: a taskloop of 64 single-iteration tasks (grainsize 1): libomp splits it through helper tasks on other threads, whose tasks are still the taskloop's (doc/SEMANTICS.md rule 14); iterations 0 and 63 both write last
#include <stdio.h>
int last;
double a[64];
int main(void) {
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(1)
  for (int i = 0; i < 64; i++) {
    a[i] = i * 0.5;
    if (i == 0 || i == 63)
      last = i; // @A
  }
  printf("%d %g\n", last, a[5]);
  return 0;
}
