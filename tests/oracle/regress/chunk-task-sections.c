// Regression (scripts/oracle, seed 26): a task created inside a section.
// The fragment after the sections construct (the implicit task's own code,
// before the construct's barrier) follows the fragment before the construct,
// not the section: the section joins the implicit task only at the barrier.
// The tool put that fragment under the node the task creation opened inside
// the section's chunk node, so the OSPG called the section's first fragment
// (burn(100)) series with it (and the span grew by it).  Same with if(0).
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
#pragma omp sections
    {
#pragma omp section
      {
        burn(100);
#pragma omp task
        burn(200);
        burn(300);
      }
    }
    burn(400);
#pragma omp sections
    {
#pragma omp section
      {
        burn(100);
#pragma omp task if(0)
        burn(200);
        burn(300);
      }
    }
    burn(400);
  }
  return 0;
}
