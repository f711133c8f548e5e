/* An OpenMP program for the target checks (built with and without TSan). */
#include <stdio.h>

int main(void)
{
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  printf("threads: %d\n", n);
  return 0;
}
