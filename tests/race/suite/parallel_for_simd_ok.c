// RACE: no
// WHY: parallel for simd over independent elements: neither threads nor lanes share an element
#include <stdio.h>
float x[4096], y[4096];
int main(void) {
  for (int i = 0; i < 4096; i++)
    x[i] = (float)i;
#pragma omp parallel for simd
  for (int i = 0; i < 4096; i++)
    y[i] = 2.0f * x[i] + 1.0f;
  printf("%f\n", y[100]);
  return 0;
}
