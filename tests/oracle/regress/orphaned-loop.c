// Regression (scripts/oracle, seeds 3, 6, 12): a dynamic loop in main,
// outside any parallel region.  It binds to the initial task's implicit
// parallel region, a team of one, and its implicit barrier completes it: the
// code after the loop follows every chunk.  The OSPG treats a barrier
// outside any region (BAR region 0) as nothing, so the loop's chunk stayed
// parallel with everything after it (and a task created before such a
// barrier would not be waited for, were it deferred).
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
  burn(100);
#pragma omp for schedule(dynamic, 1)
  for (int i = 0; i < 3; i++)
    burn(200);
  burn(400);
#pragma omp sections
  {
#pragma omp section
    burn(100);
#pragma omp section
    burn(200);
  }
  burn(300);
  return 0;
}
