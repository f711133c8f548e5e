// RACE: yes
// PAIR: A B
// PAIR: B B
// WHY: each iteration reads a shared scalar, then writes it (a loop-carried true dependence): the read's race with another iteration's write is reported on the read's line, not only the write's race with itself (ThreadSanitizer's pass leaves a read that a write to the same address follows in its block uninstrumented; ompadv cc --race instruments it)
#include <stdio.h>
#define N 1000
int out[N];
int main(void) {
  int carry = 1;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    out[i] = carry;           // @A
    carry = out[i] * 3 + i;   // @B
  }
  printf("%d\n", out[N - 1]);
  return 0;
}
