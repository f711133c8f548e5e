// A team of one runs a dynamic loop (doc/SEMANTICS.md rule 5); in iteration
// 0's chunk a task (depend out: d) follows the task created before the
// loop (depend in: d, rule 13), and a taskwait depend waits for it before
// the chunk goes on (rule 12).  So the task before the loop (burn(400))
// precedes the rest of chunk 0 (its burn(300)) and the code after the loop
// (burn(50)), which follows every chunk; chunk 1 may run first, so its
// burn(300) stays parallel with it.  Seed 2006 of tests/oracle/gen.py:
// the order ran through an undeferred node inside the chunk and was lost.
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --verbose %s
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --threads 1 --verbose %s
#include <omp.h>

static int d;

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
#pragma omp task depend(in: d)
    burn(400);
#pragma omp for schedule(dynamic, 1) nowait
    for (int i = 0; i < 2; i++) {
      burn(100);
      if (i == 0) {
#pragma omp task depend(out: d)
        burn(200);
#pragma omp taskwait depend(in: d)
      }
      burn(300);
    }
    burn(50);
  }
  return 0;
}
