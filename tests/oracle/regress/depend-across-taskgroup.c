// Regression (scripts/oracle, seed 47): dependences between sibling tasks on
// either side of a taskgroup's beginning.  Both tasks are children of the
// implicit task, so the second (out: dep) depends on the first (in: dep)
// although only the second is inside the taskgroup.  The OSPG made them
// parallel: the taskgroup hid the earlier sibling's dependence.  The tool
// now looks a task's dependences up at every level of its creator (a
// taskgroup, a static share) and the OSPG follows such cross-level edges in
// its queries; the span does not, and the profile says so.
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --verbose %s
#include <omp.h>

__attribute__((noinline)) static void burn(int n)
{
  volatile unsigned x = 0;
  for (int i = 0; i < n; i++)
    x += i;
}

static int dep;

int main(void)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    {
#pragma omp task depend(in: dep)
      burn(100);
#pragma omp taskgroup
      {
#pragma omp task depend(out: dep)
        burn(200);
      }
    }
  }
  return 0;
}
