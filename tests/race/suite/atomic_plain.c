// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: atomic update by every thread vs a plain write by the primary thread without a barrier: a race by the OpenMP memory model (with two threads: a team of one runs them in order)
#include <stdio.h>
int hits;
int main(void) {
#pragma omp parallel
  {
#pragma omp atomic update
    hits++; // @A
#pragma omp masked
    hits = 100; // @B
  }
  printf("%d\n", hits);
  return 0;
}
