// RACE: no
// WHY: a depend(in) task follows every earlier inoutset sibling on the address; the inoutset tasks write apart
#include <stdio.h>
int x[2], y, d;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(inoutset : d)
    x[0] = 1;
#pragma omp task depend(inoutset : d)
    x[1] = 2;
#pragma omp task depend(in : d)
    y = x[0] + x[1];
  }
  printf("%d\n", y);
  return 0;
}
