// RACE: yes
// PAIR: A B
// WHY: the writer task has depend(out:x) but the reader task declares no dependence at all
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 3; // @A
#pragma omp task
    y = x + 1; // @B
  }
  printf("%d %d\n", x, y);
  return 0;
}
