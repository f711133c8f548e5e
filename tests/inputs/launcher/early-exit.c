/* A program that may end before its first OpenMP construct: with no
 * argument it prints its usage and exits 3; with "-" it reads N from stdin
 * and exits 4 when there is none; then it sums 0..N-1 in a parallel loop. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  long n = 0, s = 0;
  if (argc < 2) {
    fprintf(stderr, "usage: early-exit N|-\n");
    exit(3);
  }
  if (strcmp(argv[1], "-") != 0)
    n = atol(argv[1]);
  else if (scanf("%ld", &n) != 1)
    return 4;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < n; i++)
    s += i;
  printf("sum = %ld\n", s);
  return 0;
}
