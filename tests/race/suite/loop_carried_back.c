// RACE: yes
// PAIR: A B
// WHY: backward loop-carried dependence (prefix-sum style): iteration i reads a[i-1] on one line, iteration i-1 writes it on another (with one thread too: other team sizes split the static loop, doc/SEMANTICS.md rule 21)
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
