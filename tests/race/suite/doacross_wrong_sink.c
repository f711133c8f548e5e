// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: each iteration waits for iteration i-2 only, but reads a[i-1], which iteration i-1 writes: not ordered with it (at one thread the loop is one chunk, in order: rule 4)
#include <stdio.h>
#define N 200
long a[N];
int main(void) {
  a[0] = a[1] = 1;
#pragma omp parallel for ordered(1) schedule(static, 1)
  for (int i = 2; i < N; i++) {
#pragma omp ordered depend(sink : i - 2)
    a[i] = // @A
        a[i - 1] + 1; // @B
#pragma omp ordered depend(source)
  }
  printf("%ld\n", a[N - 1]);
  return 0;
}
