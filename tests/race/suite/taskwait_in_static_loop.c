// RACE: no
// WHY: a taskwait inside a schedule(static) loop waits for the tasks its implicit task created before the loop (doc/SEMANTICS.md rules 4, 11): each thread's task writes its own slot, and the thread reads it back after the taskwait
#include <omp.h>
#include <stdio.h>
int a[64], b[64];
int main(void) {
#pragma omp parallel
  {
    int me = omp_get_thread_num();
#pragma omp task firstprivate(me)
    a[me] = me + 1;
#pragma omp for schedule(static)
    for (int i = 0; i < omp_get_num_threads(); i++) {
#pragma omp taskwait
      b[i] = a[me];
    }
  }
  printf("%d\n", b[0]);
  return 0;
}
