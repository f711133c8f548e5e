// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: nowait without a barrier: the second loop reads a[N-1-i], written by another thread in the first loop, which may not be done
#include <stdio.h>
#define N 1000
int a[N], b[N];
int main(void) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      a[i] = i * 2; // @A
#pragma omp for
    for (int i = 0; i < N; i++)
      b[i] = a[N - 1 - i]; // @B
  }
  printf("%d %d\n", b[0], b[N - 1]);
  return 0;
}
