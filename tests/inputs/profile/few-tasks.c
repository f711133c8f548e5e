/* A short program with a parallel region and a few tasks, for tests of
 * ompadv itself rather than of the figures. */
#include <stdio.h>

int main(void)
{
  long sum = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 8; i++) {
#pragma omp task shared(sum)
    {
#pragma omp atomic
      sum += i;
    }
  }
  printf("%ld\n", sum);
  return 0;
}
