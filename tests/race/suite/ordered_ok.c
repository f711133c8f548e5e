// RACE: no
// WHY: an ordered loop appends to a shared log inside the ordered region, in iteration order
#include <stdio.h>
#define N 200
int b[N], log_[N], n;
int main(void) {
#pragma omp parallel for ordered schedule(dynamic, 4)
  for (int i = 0; i < N; i++) {
    b[i] = i * i;
#pragma omp ordered
    log_[n++] = b[i];
  }
  printf("%d %d\n", n, log_[N - 1]);
  return 0;
}
