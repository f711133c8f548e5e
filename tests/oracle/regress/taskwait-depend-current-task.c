// Regression (scripts/oracle, seeds 761 and 1083 at 2 threads; gen.py's
// tw-depend construct): code after a `taskwait depend` in an explicit task
// that its thread runs inside another task's taskwait.  doc/SEMANTICS.md rule 1:
// burn(200), the critical section and burn(400) are task T's code, in T's
// program order.  libomp ends the wait with task_schedule(its pseudo task,
// ompt_taskwait_complete, NULL); the tool took the missing next task for the
// thread's implicit task, and booked T's code to it: the records broke the
// model ("a taskwait reaches task .. while its fragment W.. is open"), and
// race mode attributed T's accesses to the wrong task.
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --verbose %s
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --threads 1 --verbose %s
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
#pragma omp parallel num_threads(2)
  {
#pragma omp task
    {
      burn(100);
#pragma omp taskwait depend(in: dep)
      burn(200);
#pragma omp critical
      { burn(300); }
      burn(400);
    }
#pragma omp taskwait
    burn(500);
  }
  return 0;
}
