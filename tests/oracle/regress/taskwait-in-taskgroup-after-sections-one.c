// A team of one runs a sections construct (libomp serializes it: no
// dispatch callback, so the sections come in program order); the second
// section creates a task.  A taskwait nested in a later taskgroup waits
// for that task too (doc/SEMANTICS.md rule 11: every child created before it,
// wherever), so burn(900) after the taskgroup follows the task's
// burn(20000).  The span cannot follow a wait nested in a taskgroup for a
// child created at another level: the profile must say its span is a lower
// bound.  Seed 9513 of tests/oracle/gen.py at 1 thread had an exact-looking
// span that was short.
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --verbose %s
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --threads 1 --verbose %s
#include <omp.h>

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
#pragma omp sections nowait
    {
#pragma omp section
      burn(100);
#pragma omp section
      {
#pragma omp task
        burn(20000);
        burn(100);
      }
    }
    burn(100);
#pragma omp taskgroup
    {
#pragma omp taskwait
    }
    burn(900);
  }
  return 0;
}
