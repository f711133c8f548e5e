// RACE: no
// WHY: atomic update from every thread, atomic read by every thread afterwards in the same region: atomics are not races
#include <omp.h>
#include <stdio.h>
int hits, seen[64];
int main(void) {
#pragma omp parallel
  {
    for (int k = 0; k < 10; k++) {
#pragma omp atomic update
      hits++;
    }
    int v;
#pragma omp atomic read
    v = hits;
    seen[omp_get_thread_num() & 63] = v;
  }
  printf("%d\n", hits);
  return 0;
}
