// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: critical sections with different names do not exclude each other: the two sites race (each site alone is protected)
#include <stdio.h>
int total;
int main(void) {
#pragma omp parallel
  {
#pragma omp critical(first)
    total += 1; // @A
#pragma omp critical(second)
    total += 2; // @B
  }
  printf("%d\n", total);
  return 0;
}
