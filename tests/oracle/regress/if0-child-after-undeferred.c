// Regression (scripts/oracle, seeds 312 and 576): a deferred task created
// inside an if(0) task is not waited for when the if(0) task completes
// (doc/SEMANTICS.md rule 9), so it stays logically parallel with whatever its
// grandparent does next, even past a later undeferred piece (another if(0)
// task, a thread's share of a static loop).  The OSPG followed the chain of
// undeferred siblings and ordered the child before that later code.
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
#pragma omp task if(0)
    {
      burn(200);
#pragma omp task
      burn(300);
      burn(100);
    }
#pragma omp task if(0)
    burn(200);
    burn(400);
#pragma omp for schedule(static) nowait
    for (int i = 0; i < 2; i++)
      burn(100);
    burn(800);
  }
  return 0;
}
