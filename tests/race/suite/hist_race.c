// RACE: yes
// PAIR: A A
// WHY: twin of hist_reduction.c without the reduction: concurrent increments of the bins (with one thread too: other team sizes split the static loop, doc/SEMANTICS.md rule 21)
#include <stdio.h>
#define N 1000
int a[N], h[8];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = (i * 7) % 13;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    h[a[i] & 7]++; // @A
  printf("%d %d\n", h[0], h[7]);
  return 0;
}
