// The same dynamic loop as depend-across-chunks.c in a team of one: the only
// thread runs every chunk, so the tasks are siblings; but the chunks may run
// in any order (schedule(dynamic) is nonmonotonic), so which task of two
// chunks was created first, and follows the other (rule 13), is the run's
// choice: they are logically parallel (never concurrent with one thread),
// while a task of a chunk follows one created before the loop in the same
// way in every run, and the code after the loop follows every chunk.
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
#pragma omp for schedule(dynamic, 1)
    for (int i = 0; i < 4; i++) {
      burn(100);
#pragma omp task depend(inout: dep)
      burn(200);
      burn(300);
    }
  }
  return 0;
}
