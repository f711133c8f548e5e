/* For crash.test and cli.test: two parallel regions, each with a marker
 * comment (@first, @second) the tests look up to know its line.
 *   two-regions          runs both regions to the end; prints "pid N" first
 *   two-regions abort    dies by abort() inside the second region
 *   two-regions kill     dies by SIGKILL (sent to itself) inside the second
 * Both threads meet at a barrier of the second region before it dies, so the
 * first region is complete and the second well under way. */
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile double sink;

static void work(int n)
{
  double s = 0;
  for (int i = 0; i < n; i++)
    s += i * 0.5;
  sink += s;
}

int main(int argc, char **argv)
{
  const char *how = argc > 1 ? argv[1] : "";
  if (!*how) {
    printf("pid %d\n", (int)getpid());
    fflush(stdout);
  }
#pragma omp parallel num_threads(2) // @first
  {
#pragma omp for schedule(static)
    for (int i = 0; i < 8; i++)
      work(200000);
  }
#pragma omp parallel num_threads(2) // @second
  {
    work(100000);
#pragma omp barrier
#pragma omp master
    {
      if (strcmp(how, "kill") == 0)
        raise(SIGKILL);
      else if (strcmp(how, "abort") == 0)
        abort();
    }
    work(100000);
  }
  return 0;
}
