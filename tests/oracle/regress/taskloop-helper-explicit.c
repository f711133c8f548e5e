// Regression (scripts/oracle, seeds 1083 and 26 at 2 threads): a taskloop
// with more tasks than threads in an explicit task T (here nogroup, then a
// taskwait).  libomp generates part of the loop's tasks from helper tasks,
// and a helper running on another thread reports T as the parent of the
// tasks it creates.  The tool then changed T's state (its open fragment, its
// node stack) from that thread while T ran on its own: the records broke the
// model ("task .. created while fragment W.. of its creator .. is open",
// "fragment W.. begins in task .. while W.. is open") and, rarely, the tree
// was corrupted and the profiler looped forever at the region's end.  A task
// creates tasks only from the thread running it: the helper running there
// is the creator in the model (its node hangs under T, rule 14).  (The model
// and the oracle both take the helper for the tasks' parent, so T's taskwait
// does not wait for them under nogroup, where rule 14 says it does: an open
// limit, not what this test checks.)
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
#pragma omp single
    {
#pragma omp task
      {
        burn(200);
#pragma omp taskloop grainsize(1) nogroup
        for (int i = 0; i < 44; i++)
          burn(300);
        burn(100);
#pragma omp taskwait
        burn(1200);
      }
    }
  }
  return 0;
}
