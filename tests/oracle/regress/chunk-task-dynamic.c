// Regression (scripts/oracle, seeds 17 and 26): tasks created inside the
// chunks of a dynamic loop (and a taskloop inside a section).  The chunks of
// one loop are mutually parallel, and the code after the loop follows the
// code before it, not the chunks.  The tool left the chunks' task-creation
// nodes open across the chunk's end, so later chunks and the code after the
// loop were nested in, and serialized after, the earlier chunks.
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
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 3; i++) {
      burn(100);
#pragma omp task
      burn(200);
      burn(300);
    }
    burn(400);
#pragma omp sections nowait
    {
#pragma omp section
      {
#pragma omp taskloop grainsize(1)
        for (int i = 0; i < 3; i++)
          burn(100);
      }
    }
    burn(500);
  }
  return 0;
}
