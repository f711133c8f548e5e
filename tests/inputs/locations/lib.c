/* A parallel region inside a shared library, for location tests. */
#include <omp.h>

int lib_region(void)
{
  int n = 0;
#pragma omp parallel num_threads(2) reduction(+ : n)
  n += 1;
  return n;
}
