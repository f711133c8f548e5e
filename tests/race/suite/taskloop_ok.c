// RACE: no
// WHY: taskloop with each iteration writing its own element; the implicit taskgroup orders the read after it
#include <stdio.h>
#define N 256
int a[N];
int main(void) {
  long s = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop grainsize(8)
    for (int i = 0; i < N; i++)
      a[i] = i * i;
    for (int i = 0; i < N; i++)
      s += a[i];
  }
  printf("%ld\n", s);
  return 0;
}
