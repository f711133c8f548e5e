// Regression: a taskwait inside a schedule(static) loop's body waits for
// every child of the implicit task created before it (doc/SEMANTICS.md rules 4,
// 11): the task created before the loop (burn(200)), and the tasks created
// in the thread's earlier iterations (schedule(static, 1): each thread runs
// two chunks), but not the task created after it in the same iteration
// (burn(700)).  A thread's share was a piece of the OSPG whose taskwait only
// waited for the tasks created in it: the oracle found burn(200) parallel
// with burn(400) and later code in the OSPG.
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
#pragma omp for schedule(static, 1) nowait
    for (int i = 0; i < 4; i++) {
      burn(300);
#pragma omp task
      burn(500);
      if (i >= 2) {
#pragma omp taskwait
        burn(400);
      }
#pragma omp task
      burn(700);
      burn(600);
    }
    burn(800);
  }
  return 0;
}
