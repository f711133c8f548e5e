// RACE: yes
// PAIR: A B
// WHY: two sibling tasks without dependences write the same variable
#include <stdio.h>
int x;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    x = 1; // @A
#pragma omp task
    x = 2; // @B
#pragma omp taskwait
  }
  printf("%d\n", x);
  return 0;
}
