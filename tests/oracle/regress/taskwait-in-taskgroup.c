// Regression (scripts/oracle, seed 18): a taskwait inside a taskgroup waits
// for every child the task created before it, including the children created
// before the taskgroup began (OpenMP: "until all child tasks that it
// generated before the taskwait region complete").  The OSPG made the task
// created before the taskgroup (burn(200)) parallel with the code after the
// taskwait (burn(500)): the taskwait only waited for the taskgroup's own
// children.  The OSPG now counts the taskwaits nested in each open node of
// a task (ospg.h: oa_node_waited); the span does not follow that order, and
// the profile says so (OA_PROF_APPROX_SPAN: the oracle then checks that the
// span is a lower bound).
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
    burn(300);
#pragma omp taskgroup
    {
      burn(400);
#pragma omp taskwait
      burn(500);
    }
    burn(600);
  }
  return 0;
}
