// Regression (scripts/oracle, seeds 1156 and 1251): an if(0) task with a
// depend clause inside an explicit task.  Under `ompadv profile`, libomp
// aborted (most runs) with "Assertion failure at kmp_taskdeps.cpp(924):
// taskwait_task_data->ptr == NULL": for an undeferred task with dependences
// libomp first waits on them through a pseudo taskwait task whose OMPT data
// lives in the thread (th.ompt_thread_info.task_data) and must be NULL on
// entry.  The plain program runs fine.
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --verbose %s
#include <omp.h>

static int dep[2];

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
    {
#pragma omp task if(0) depend(out: dep[1])
      burn(100);
      burn(200);
    }
  }
  return 0;
}
