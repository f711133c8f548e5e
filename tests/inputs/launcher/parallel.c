/* A small OpenMP program for the launcher tests: one parallel region with a
 * single construct; prints one line on stdout. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int n = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    n = omp_get_num_threads();
  }
  printf("parallel: team of %d\n", n);
  return 0;
}
