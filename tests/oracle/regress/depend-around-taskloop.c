// Regression (scripts/oracle, seed 7222): two dependent sibling tasks with a
// taskloop between them.  The taskloop's implicit taskgroup closed its own
// ST-node, and closing it emptied the creator's whole dependence map, so the
// second task lost its edge to the first and ran "in parallel" with it.
// Each ST-node now keeps the map of the tasks under it.
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
  for (int r = 0; r < 2; r++) {
#pragma omp task depend(inout: dep)
    burn(300);
#pragma omp taskloop grainsize(1)
    for (int i = 0; i < 2; i++)
      burn(200);
  }
  return 0;
}
