// RACE: yes
// PAIR: A B
// EXPECT-MISS: atomics: ompadv never reports an atomic access, so a plain write racing with an atomic update is not reported
// WHY: atomic update by every thread vs a plain write by the primary thread without a barrier: a race by the OpenMP memory model
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
