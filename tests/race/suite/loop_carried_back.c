// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: backward loop-carried dependence (prefix-sum style): iteration i reads a[i-1] on one line, iteration i-1 writes it on another
// NOTE: the empty asm statements keep -O1 from moving the marked accesses off their lines
#include <stdio.h>
#define N 1000
int a[N];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = 1;
#pragma omp parallel for
  for (int i = 1; i < N; i++) {
    __asm__ volatile("" ::: "memory");
    int t = a[i - 1]; // @A
    a[i] = t + i;     // @B
  }
  printf("%d\n", a[N - 1]);
  return 0;
}
