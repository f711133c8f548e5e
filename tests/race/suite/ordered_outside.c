// RACE: yes
// PAIR: A B
// WHY: an ordered loop updates acc inside the ordered region but also reads it outside, where iterations run in parallel
#include <stdio.h>
#define N 200
int b[N], acc;
int main(void) {
#pragma omp parallel for ordered schedule(dynamic, 4)
  for (int i = 0; i < N; i++) {
    b[i] = acc + i; // @B
#pragma omp ordered
    acc += i; // @A
  }
  printf("%d %d\n", acc, b[N - 1]);
  return 0;
}
