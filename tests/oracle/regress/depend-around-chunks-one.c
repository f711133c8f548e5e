// Dependences around the chunks of a dynamic loop in a team of one (rules 5,
// 13): the task created before the loop (out: dep) precedes every chunk's
// task (inout: dep); those are parallel with each other (the chunks may run
// in any order); the task created after the loop (in: dep) follows every one
// of them, because the only thread ran every chunk before going past the
// loop.  The tool merges the chunks' dependences when the loop ends.
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
#pragma omp parallel num_threads(1)
  {
#pragma omp task depend(out: dep)
    burn(400);
#pragma omp for schedule(dynamic, 1) nowait
    for (int i = 0; i < 4; i++) {
      burn(100);
#pragma omp task depend(inout: dep)
      burn(200);
      burn(300);
    }
#pragma omp task depend(in: dep)
    burn(500);
    burn(50);
  }
  return 0;
}
