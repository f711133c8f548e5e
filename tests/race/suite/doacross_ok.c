// RACE: no
// WHY: ordered depend(sink: i-1) / depend(source): iteration i's code after its wait follows iteration i-1's up to its source, and through it iteration i-2's (one iteration per thread in turn: every order crosses threads)
#include <stdio.h>
#define N 200
long a[N];
int main(void) {
  a[0] = a[1] = 1;
#pragma omp parallel for ordered(1) schedule(static, 1)
  for (int i = 2; i < N; i++) {
#pragma omp ordered depend(sink : i - 1)
    a[i] = a[i - 1] + a[i - 2];
#pragma omp ordered depend(source)
  }
  printf("%ld\n", a[N - 1]);
  return 0;
}
