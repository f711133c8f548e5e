// A taskwait inside a thread's share of a static loop waits for the
// children of the implicit task (doc/SEMANTICS.md rules 4, 11), those created
// before the loop (burn(150)) and in the share, not for their
// children: each grandchild (burn(300)) stays logically parallel with the
// rest of the phase (burn(400), burn(500)) up to the region's end, where
// the barrier completes it.  The wait closes the task's ST-node around the
// share and the share's own: one wait, one generation (seed 2728 of
// tests/oracle/gen.py counted it twice).
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
#pragma omp task
    burn(150);
#pragma omp for schedule(static) nowait
    for (int i = 0; i < 2; i++) {
      burn(100);
#pragma omp task
      {
        burn(200);
#pragma omp task
        burn(300);
        burn(50);
      }
#pragma omp taskwait
      burn(400);
    }
    burn(500);
  }
  return 0;
}
