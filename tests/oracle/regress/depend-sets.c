// Regression (issue 32, item 6): mutexinoutset and inoutset runs
// (doc/SEMANTICS.md rule 13), on one level and across a taskgroup's beginning
// and a team of one's dynamic loop (whose chunks' tasks are siblings of
// those around the loop, in either order).  The tool took both kinds as
// inout; the oracle now builds the runs from rule 13 too.
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --verbose %s
#include <omp.h>

__attribute__((noinline)) static void burn(int n)
{
  volatile unsigned x = 0;
  for (int i = 0; i < n; i++)
    x += i;
}

static int dep, dep2;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    {
#pragma omp task depend(out: dep)
      burn(100);
#pragma omp task depend(mutexinoutset: dep)
      burn(100);
#pragma omp task depend(mutexinoutset: dep)
      burn(100);
#pragma omp taskgroup
      {
#pragma omp task depend(mutexinoutset: dep)
        burn(100);
#pragma omp task depend(in: dep)
        burn(100);
      }
#pragma omp task depend(inoutset: dep)
      burn(100);
#pragma omp task depend(inoutset: dep)
      burn(100);
#pragma omp task depend(in: dep)
      burn(100);
    }
  }
#pragma omp parallel num_threads(1)
  {
#pragma omp task depend(inoutset: dep2)
    burn(100);
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 3; i++) {
#pragma omp task depend(inoutset: dep2)
      burn(100);
    }
#pragma omp task depend(inoutset: dep2)
    burn(100);
#pragma omp task depend(out: dep2)
    burn(100);
  }
  return 0;
}
