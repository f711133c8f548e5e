// The same dynamic loop as depend-across-chunks.c in a team of one: the only
// thread runs every chunk, so the tasks are siblings and each depend(inout:
// dep) task follows the previous one (rule 13); the OSPG gives each chunk its
// own dependence scope and makes them parallel.  A limit of the
// series-parallel graph, documented in man ompadv-profile (APPROXIMATIONS AND
// LIMITS): expected to fail until the graph can express it.
// XFAIL: *
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --verbose %s
#include <omp.h>

static int dep;

__attribute__((noinline)) static void burn(int n)
{
  volatile unsigned x = 0;
  for (int i = 0; i < n; i++)
    x += i;
}

int main(void)
{
#pragma omp parallel num_threads(1)
  {
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 4; i++) {
      burn(100);
#pragma omp task depend(inout: dep)
      burn(200);
      burn(300);
    }
  }
  return 0;
}
