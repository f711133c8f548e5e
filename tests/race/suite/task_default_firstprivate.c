// RACE: no
// WHY: a variable private to the parallel region is firstprivate by default in tasks: the two tasks write their own copies
#include <stdio.h>
int out[2];
int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    int v = 10;
#pragma omp task
    {
      v += 1;
      out[0] = v;
    }
#pragma omp task
    {
      v += 2;
      out[1] = v;
    }
  }
  printf("%d %d\n", out[0], out[1]);
  return 0;
}
