// RACE: yes
// PAIR: A B
// WHY: two depend(in:x) tasks are not ordered with each other: both write the same counter z
#include <stdio.h>
int x = 1, z;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(in : x)
    z += x; // @A
#pragma omp task depend(in : x)
    z += 2 * x; // @B
  }
  printf("%d\n", z);
  return 0;
}
