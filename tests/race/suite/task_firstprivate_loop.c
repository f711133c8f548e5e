// RACE: no
// WHY: tasks created in a loop capture the loop variable by firstprivate and write distinct elements
#include <stdio.h>
#define T 64
int a[T];
int main(void) {
#pragma omp parallel
#pragma omp single
  {
    for (int i = 0; i < T; i++) {
#pragma omp task firstprivate(i)
      a[i] = i * 3;
    }
#pragma omp taskwait
  }
  printf("%d %d\n", a[0], a[T - 1]);
  return 0;
}
