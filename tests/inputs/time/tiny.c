/* A small program with one parallel region, for the command-line tests. */
#include <stdio.h>
int main(void)
{
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  printf("%d\n", n > 0);
  return 0;
}
