// A taskwait inside a chunk of a dynamic loop run by a team of one
// (doc/SEMANTICS.md rules 5, 11): the only thread runs every chunk, in an order
// the program cannot rely on (schedule(dynamic) is nonmonotonic).  The
// taskwait of iteration 1 (inside a taskgroup) waits for the task created
// before the loop (burn(400)) and for its own chunk's task, not for the
// other chunks' tasks (their chunks may run later); the code after the loop
// (burn(50)) follows every chunk, and so the task created before the loop,
// but not the other chunks' tasks: only the taskwait after the loop waits
// for those (burn(60) follows them).
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
#pragma omp task
    burn(400);
#pragma omp for schedule(dynamic, 1) nowait
    for (int i = 0; i < 3; i++) {
      burn(100);
#pragma omp task
      burn(200);
      if (i == 1) {
#pragma omp taskgroup
        {
          burn(70);
#pragma omp taskwait
          burn(80);
        }
      }
      burn(300);
    }
    burn(50);
#pragma omp taskwait
    burn(60);
  }
  return 0;
}
