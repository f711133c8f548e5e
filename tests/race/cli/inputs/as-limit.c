/* For shadow-limit.test: caps its own address space, then makes race
 * detection need more of it.
 *   as-limit start   the cap comes first, before any OpenMP construct
 *   as-limit late    a racy loop first (a race to report), then the cap at
 *                    what is mapped now plus 64 MB, then a parallel loop over
 *                    a 64 MB array allocated before: its shadow needs
 *                    several times that much
 * Prints "done SUM" at its end, to show it ran to the end either way. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static int counter;

static void cap(long extra_mb)
{
  long pages = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f || fscanf(f, "%ld", &pages) != 1)
    exit(4);
  fclose(f);
  struct rlimit rl;
  rl.rlim_cur = rl.rlim_max = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE)
                              + (rlim_t)extra_mb * 1024 * 1024;
  if (setrlimit(RLIMIT_AS, &rl) != 0)
    exit(5);
}

int main(int argc, char **argv)
{
  int late = argc > 1 && strcmp(argv[1], "late") == 0;
  size_t n = (size_t)64 << 20;
  char *a = malloc(n);
  if (!a)
    return 6;
  if (!late)
    cap(64);
#pragma omp parallel num_threads(2)
  counter++;  /* racy */
  if (late)
    cap(64);
  long sum = 0;
#pragma omp parallel for reduction(+ : sum) num_threads(2)
  for (size_t i = 0; i < n; i += 64) {
    a[i] = (char)i;
    sum += a[i];
  }
  printf("done %ld\n", sum);
  return 0;
}
