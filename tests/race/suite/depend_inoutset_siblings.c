// RACE: yes
// PAIR: A B
// WHY: two sibling tasks with depend(inoutset) on one address are unordered with each other
#include <stdio.h>
int x, d;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(inoutset : d)
    x = 1; // @A
#pragma omp task depend(inoutset : d)
    x = 2; // @B
  }
  printf("%d\n", x);
  return 0;
}
