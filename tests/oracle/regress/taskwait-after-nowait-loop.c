// Regression (scripts/oracle, seeds 149 and 181): a taskwait after a
// schedule(static) nowait loop.  A thread's static share is part of its
// implicit task, in program order (doc/SEMANTICS.md rule 4), so it precedes the
// taskwait and the burn(400) after it on the same thread, and stays
// parallel with the other thread's code.  (The dynamic variant, whose
// chunks any thread may run, is taskwait-after-nowait-dynamic.c.)
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
#pragma omp for schedule(static) nowait
    for (int i = 0; i < 4; i++)
      burn(300);
#pragma omp taskwait
    burn(400);
  }
  return 0;
}
