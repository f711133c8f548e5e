/* A parallel region, then a line on stdout and one on stderr: under a
 * closed descriptor the program's own write fails, as it would without
 * ompadv; it must never land in a file of ompadv's. */
#include <stdio.h>

int main(void)
{
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  printf("TARGET-OUT %d\n", n > 0);
  fflush(stdout);
  fprintf(stderr, "TARGET-ERR %d\n", n > 0);
  return 0;
}
