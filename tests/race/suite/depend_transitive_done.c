// RACE: no
// WHY: C reads x after B, which ran after A wrote x: a path through B's dependences orders A before C, and must hold after B has finished (a finished task's node folds away in profile mode)
#include <stdio.h>
#include <unistd.h>
int x, y;
int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 1; // @A
#pragma omp task depend(in : x) depend(out : y)
    y = 2;
    usleep(200000); /* A and B finish on the other thread meanwhile */
#pragma omp task depend(in : y)
    printf("%d %d\n", x, y); // @C
  }
  return 0;
}
