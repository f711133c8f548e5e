// RACE: no
// WHY: diamond: one writer, two readers (in) writing separate outputs, then an inout task over both outputs
#include <stdio.h>
int x, p, q, r;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 4;
#pragma omp task depend(in : x) depend(out : p)
    p = x + 1;
#pragma omp task depend(in : x) depend(out : q)
    q = x + 2;
#pragma omp task depend(in : p, q)
    r = p * q;
  }
  printf("%d\n", r);
  return 0;
}
