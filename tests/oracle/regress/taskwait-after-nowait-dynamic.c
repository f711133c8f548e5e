// Regression (scripts/oracle, seeds 149 and 181): a taskwait after a nowait
// dynamic loop.  The taskwait waits for the task's children, not for the loop's
// chunks, which join only at the next barrier: the chunks (burn(300)) stay
// parallel with the code after the taskwait (burn(400)).  The OSPG put the
// chunks in the node the taskwait closes, and serialized them before it.
// Since the chunks of a team of two are work any thread may run
// (doc/SEMANTICS.md rule 5: ospg anythread), they are parallel with their
// thread's code around them in the phase, and the two agree.
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
#pragma omp for schedule(dynamic) nowait
    for (int i = 0; i < 4; i++)
      burn(300);
#pragma omp taskwait
    burn(400);
  }
  return 0;
}
