// RACE: no
// WHY: a simd loop whose lanes touch only their own elements, with a private temporary array and a reduction
#include <stdio.h>
double a[256], b[256];
int main(void) {
  double s = 0, t[2];
  for (int i = 0; i < 256; i++)
    b[i] = i;
#pragma omp simd private(t) reduction(+ : s)
  for (int i = 0; i < 256; i++) {
    t[0] = b[i] * 2;
    t[1] = t[0] + 1;
    a[i] = t[1];
    s += a[i];
  }
  printf("%f %f\n", a[10], s);
  return 0;
}
