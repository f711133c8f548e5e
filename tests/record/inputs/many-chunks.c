/* For disk-full.test: a dynamic loop of N iterations (argument, default
 * 3000000), each a chunk of its own, so that its recording grows by tens of
 * MB; prints the sum when it is done, to show the program ran to its end. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  long n = argc > 1 ? atol(argv[1]) : 3000000;
  double s = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : s) num_threads(2)
  for (long i = 0; i < n; i++)
    s += (double)i;
  printf("sum %.0f\n", s);
  return 0;
}
