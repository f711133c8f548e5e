// Regression (scripts/oracle, seed 115): a taskwait inside a section (or a
// dynamic loop chunk) waits for every child its task created before it,
// including the children created before the sections construct.  The OSPG
// made the task created before the construct (burn(200)) parallel with the
// code after the taskwait (burn(400)).
// A limit of the series-parallel graph, documented in man ompadv-profile
// (APPROXIMATIONS AND LIMITS): expected to fail until the graph can express it.
// XFAIL: *
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --verbose %s
#include <omp.h>

__attribute__((noinline)) static void burn(int n)
{
  volatile unsigned x = 0;
  for (int i = 0; i < n; i++)
    x += i;
}

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    burn(100);
#pragma omp task
    burn(200);
#pragma omp sections
    {
#pragma omp section
      {
        burn(300);
#pragma omp taskwait
        burn(400);
      }
    }
  }
  return 0;
}
