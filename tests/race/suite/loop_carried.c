// RACE: yes
// PAIR: A A
// WHY: loop-carried dependence a[i] = a[i+1] + 1: the read of a[i+1] conflicts with the next iteration's write, across every chunk boundary (with one thread too: other team sizes split the static loop, doc/SEMANTICS.md rule 21)
#include <stdio.h>
#define N 1000
int a[N + 1];
int main(void) {
  for (int i = 0; i <= N; i++)
    a[i] = i;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    a[i] = a[i + 1] + 1; // @A
  printf("%d %d\n", a[0], a[N - 1]);
  return 0;
}
