// RACE: yes
// PAIR: A B
// WHY: the dependences name different variables (out:x, in:z) while both tasks access x
#include <stdio.h>
int x, y, z;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 3; // @A
#pragma omp task depend(in : z)
    y = x + 1; // @B
  }
  printf("%d %d\n", x, y);
  return 0;
}
