// RACE: yes
// PAIR: A B
// WHY: a task writes its creator's local and the creator writes it too before the taskwait; at one thread libomp runs the task inside the call that creates it, on the creator's stack
#include <stdio.h>
int main(void) {
#pragma omp parallel
#pragma omp single
  {
    int v = 0;
#pragma omp task shared(v)
    v = 1; // @A
    v = 2; // @B
#pragma omp taskwait
    printf("%d\n", v);
  }
  return 0;
}
