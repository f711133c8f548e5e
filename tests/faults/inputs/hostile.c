/* A program that changes what a tool inside it can rely on before its
 * first construct: "nofile" lowers its limit on open files to 3 (stdin,
 * stdout and stderr only), "chdir" moves to another directory.  It exits
 * 4, so that a test sees its own status pass through. */
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "nofile") == 0) {
      struct rlimit r = { 3, 3 };
      if (setrlimit(RLIMIT_NOFILE, &r) != 0)
        return 9;
    } else if (strcmp(argv[i], "chdir") == 0 && chdir(argv[++i]) != 0) {
      return 8;
    }
  }
  long s = 0;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < 1000000; i++)
    s += i;
  printf("sum %ld\n", s);
  return 4;
}
