// RACE: yes
// PAIR: A B
// PAIR: C B
// WHY: a dependence chain on x whose last task forgets the dependence: it races with both writers of the chain
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 1; // @C
#pragma omp task depend(inout : x)
    x += 2; // @A
#pragma omp task
    y = x; // @B
  }
  printf("%d %d\n", x, y);
  return 0;
}
