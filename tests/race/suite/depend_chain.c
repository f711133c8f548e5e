// RACE: no
// WHY: a chain of ten depend(inout:x) tasks each updating x: the dependences serialise them
#include <stdio.h>
int x;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
    for (int k = 0; k < 10; k++) {
#pragma omp task depend(inout : x)
      x = x * 2 + 1;
    }
  }
  printf("%d\n", x);
  return 0;
}
