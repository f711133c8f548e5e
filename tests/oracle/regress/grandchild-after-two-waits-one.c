// A team of one runs a dynamic loop whose iterations each create a task
// and wait for it (doc/SEMANTICS.md rules 5, 11); a taskwait after the loop
// waits for the same children again.  Neither waits for the grandchild
// (burn(300)): a task waits for its children once, whichever of its
// taskwaits did it, so the grandchild stays logically parallel with the
// code after both (burn(500)), up to the region's end.  Seed 3924 of
// tests/oracle/gen.py counted the two waits as two generations.
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
#pragma omp for schedule(dynamic, 1) nowait
    for (int i = 0; i < 2; i++) {
      burn(100);
#pragma omp task
      {
        burn(200);
#pragma omp task
        burn(300);
      }
#pragma omp taskwait
      burn(100);
    }
#pragma omp taskwait
    burn(500);
  }
  return 0;
}
