// Regression (scripts/oracle, seed 393): dependences between tasks created
// in different chunks of a dynamic loop of a team of two.  The tasks are
// siblings only in the schedules where one thread ran both chunks (rules 5,
// 13), so their depend clauses order nothing for certain: the chunks' tasks
// are logically parallel, as the OSPG has them.  The oracle used to order
// them from this run's schedule.  In a team of one they are always siblings:
// depend-across-chunks-one.c.
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
