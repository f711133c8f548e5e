// RACE: yes
// PAIR: A A
// PAIR: A B
// TEAM: 2
// WHY: missing private: a temporary declared outside the parallel for is shared, written and read by every iteration
#include <stdio.h>
#define N 1000
int a[N], b[N];
int tmp;
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    tmp = a[i] * 2;       // @A
    __asm__ volatile("" ::: "memory");
    b[i] = tmp + 1;       // @B
  }
  printf("%d\n", b[N - 1]);
  return 0;
}
