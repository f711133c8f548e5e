// RACE: yes
// PAIR: A B
// WHY: taskloop nogroup: the creating task reads the results without waiting for the loop's tasks
#include <stdio.h>
#define N 64
int a[N], first;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop nogroup grainsize(4)
    for (int i = 0; i < N; i++)
      a[i] = i + 1; // @A
    first = a[N - 1]; // @B
  }
  printf("%d\n", first);
  return 0;
}
