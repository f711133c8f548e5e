// RACE: no
// WHY: a task writes its creator's local, which the creator reads only after the taskwait
#include <stdio.h>
int main(void) {
#pragma omp parallel
#pragma omp single
  {
    int v = 0, w = 5;
#pragma omp task shared(v) firstprivate(w)
    v = w + 1;
#pragma omp taskwait
    v += 2;
    printf("%d\n", v);
  }
  return 0;
}
