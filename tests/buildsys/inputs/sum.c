/* The program of the build tests (autotools and CMake projects): a dynamic
 * loop with a reduction, and a racy counter when built with -DRACY. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  double s = 0;
  int counter = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : s)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 1000; j++)
      s += (i * j) % 7;
#ifdef RACY
    counter++;  /* racy: every thread writes it */
#endif
  }
  printf("sum %.0f counter %d\n", s, counter > 0);
  return 0;
}
