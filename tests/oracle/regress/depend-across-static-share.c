// Regression: a task created in a thread's share of a schedule(static) loop
// is a child of the implicit task like one created before the loop (rule 4:
// the share is the implicit task's own code), so depend(in: dep) follows the
// depend(out: dep) task created before the loop (rule 13).  The tool kept a
// dependence map per share and made them parallel.
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
#pragma omp task depend(out: dep)
    burn(1000);
#pragma omp for schedule(static) nowait
    for (int i = 0; i < 2; i++) {
#pragma omp task depend(in: dep)
      burn(200);
    }
#pragma omp for schedule(static) nowait
    for (int i = 0; i < 2; i++) {
#pragma omp task depend(inout: dep)
      burn(300);
    }
    burn(50);
  }
  return 0;
}
