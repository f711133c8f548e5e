/* Recursive tasks with a taskwait (DataRaceBench DRB105's shape), small. */
#include <stdio.h>
#include <stdlib.h>
static int fib(int n)
{
  int i, j;
  if (n < 2)
    return n;
#pragma omp task shared(i)
  i = fib(n - 1);
#pragma omp task shared(j)
  j = fib(n - 2);
#pragma omp taskwait
  return i + j;
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 18, r = 0;
  char *block = malloc(1 << 20);  /* a mapping of its own */
  block[0] = 1;
#pragma omp parallel
#pragma omp single
  r = fib(n);
  printf("fib(%d) = %d %d\n", n, r, block[0]);
  free(block);
  return 0;
}
