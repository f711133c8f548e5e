/* An OpenMP program whose only directive is simd: the compiler vectorizes
 * the loop and nothing calls the OpenMP runtime, so it never initializes. */
#include <stdio.h>

float a[64];

int main(void)
{
#pragma omp simd
  for (int i = 0; i < 64; i++)
    a[i] = 2.0f * (float)i;
  printf("a[63] = %g\n", a[63]);
  return 0;
}
