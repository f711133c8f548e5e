/* A small OpenMP program to try ompadv on: a parallel loop, a recursive task
 * tree and a critical section.  Build with: ompadv cc -O2 -o tasks tasks.c */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static long fib(int n)
{
  if (n < 2)
    return n;
  long a, b;
#pragma omp task shared(a) if (n > 8)
  a = fib(n - 1);
#pragma omp task shared(b) if (n > 8)
  b = fib(n - 2);
#pragma omp taskwait
  return a + b;
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 12;
  double sum = 0;
  long f = 0;

#pragma omp parallel for reduction(+ : sum) schedule(static)
  for (int i = 1; i <= 1000; i++)
    sum += 1.0 / i;

#pragma omp parallel
#pragma omp single
  f = fib(n);

  int hits = 0;
#pragma omp parallel
  {
#pragma omp critical
    hits++;
  }
  printf("harmonic(1000) = %.6f, fib(%d) = %ld, threads = %d\n", sum, n, f, hits);
  return 0;
}
