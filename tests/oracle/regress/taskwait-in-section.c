// Regression (scripts/oracle, seed 115): a taskwait inside a section of a
// team of two.  Which implicit task runs the section depends on the schedule
// (doc/SEMANTICS.md rule 5), so the taskwait waits for certain only for the
// children created in the section (rule 11 applied to every schedule): the
// task the thread created before the construct (burn(200)) stays parallel
// with the code after the taskwait (burn(400)), as it would be if the other
// thread had run the section.  The oracle used to order them from this run's
// schedule.
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
