// RACE: no
// WHY: reductions on doubles, + and max, in one loop (combined by the runtime with a lock or a compare-and-swap loop)
#include <stdio.h>
#define N 1000
double a[N];
double sum, mx;
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = 0.5 * i;
#pragma omp parallel for reduction(+ : sum) reduction(max : mx)
  for (int i = 0; i < N; i++) {
    sum += a[i];
    if (a[i] > mx)
      mx = a[i];
  }
  printf("%g %g\n", sum, mx);
  return 0;
}
