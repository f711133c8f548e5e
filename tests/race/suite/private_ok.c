// RACE: no
// WHY: twin of private_missing.c with private(tmp): each thread has its own temporary
#include <stdio.h>
#define N 1000
int a[N], b[N];
int tmp;
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel for private(tmp)
  for (int i = 0; i < N; i++) {
    tmp = a[i] * 2;
    __asm__ volatile("" ::: "memory");
    b[i] = tmp + 1;
  }
  printf("%d\n", b[N - 1]);
  return 0;
}
