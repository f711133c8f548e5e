// RACE: no
// WHY: depend(out:x) then depend(in:x): the reader task runs after the writer
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 3;
#pragma omp task depend(in : x)
    y = x + 1;
  }
  printf("%d %d\n", x, y);
  return 0;
}
