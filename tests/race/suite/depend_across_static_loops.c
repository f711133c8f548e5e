// RACE: no
// WHY: a thread's shares of two schedule(static) loops are its implicit task's code (doc/SEMANTICS.md rule 4): the tasks they create are siblings, and depend orders each in(a[i]) task after the out(a[i]) task of the same iteration, created by the same thread in the first loop (rule 13)
#include <stdio.h>
int a[8], b[8];
int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < 8; i++) {
#pragma omp task depend(out : a[i])
      a[i] = i;
    }
#pragma omp for schedule(static)
    for (int i = 0; i < 8; i++) {
#pragma omp task depend(in : a[i])
      b[i] = a[i];
    }
  }
  printf("%d\n", b[7]);
  return 0;
}
