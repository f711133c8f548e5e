/* With "none", a program that starts the OpenMP runtime (a runtime call)
 * but runs no construct; with "par", it prints its pid and sums in a
 * parallel loop.  Either way it exits 5, so that a test sees the
 * program's own status pass through. */
#include <omp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  if (argc < 2 || strcmp(argv[1], "par") != 0) {
    printf("threads available: %d\n", omp_get_max_threads() > 0);
    return 5;
  }
  long s = 0;
  printf("pid %ld\n", (long)getpid());
  fflush(stdout);
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < 20000000; i++)
    s += i % 7;
  printf("sum %ld\n", s);
  return 5;
}
