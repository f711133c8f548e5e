// Regression (scripts/oracle, seed 393, with the limits below left out of
// the generator): dependences between sibling tasks created in different
// chunks of one dynamic loop.  All are children of the implicit task, so each
// depend(inout: dep) task follows the previous one, whichever chunk created
// it; the OSPG made them parallel (each chunk has its own dependence scope).
// A limit of the series-parallel graph (man ompadv-profile, APPROXIMATIONS AND LIMITS), as
// a dependence across a taskgroup's beginning: the happens-before graph of
// such tasks is not series-parallel in general.
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
#pragma omp parallel num_threads(2)
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
