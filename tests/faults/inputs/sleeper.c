/* One parallel region, then its pid in the file argv[1], then sleep for
 * up to a minute: a long-running program to stop from outside. */
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  FILE *f = argc > 1 ? fopen(argv[1], "w") : NULL;
  if (f) {
    fprintf(f, "%ld\n", (long)getpid());
    fclose(f);
  }
  for (int i = 0; i < 600; i++)
    usleep(100000);
  return n > 0 ? 0 : 1;
}
