// RACE: yes
// PAIR: A B
// WHY: tasks created in a loop read the loop variable declared shared, while the creator keeps incrementing it (each task writes its own element a[k], k firstprivate)
#include <stdio.h>
#define T 16
int a[T];
int main(void) {
  int i;
#pragma omp parallel
#pragma omp single
  {
    for (i = 0; i < T; i++) { // @B
      int k = i;
#pragma omp task shared(i)
      a[k] = i; // @A
    }
#pragma omp taskwait
  }
  printf("%d\n", a[0]);
  return 0;
}
