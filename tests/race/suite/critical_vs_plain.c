// RACE: yes
// PAIR: A B
// PAIR: B B
// TEAM: 2
// WHY: one site updates the counter in a critical section, another without any: the unprotected site races with both
#include <stdio.h>
int count;
int main(void) {
#pragma omp parallel
  {
#pragma omp critical
    count += 1; // @A
    count += 10; // @B
  }
  printf("%d\n", count);
  return 0;
}
