// Regression (scripts/oracle, seed 2144): threads of an outer team forking
// nested regions at the same time.  A nested region's PAR_END was recorded
// with the id of another thread's region (and closed that region's nodes):
// the tool reads the region from parallel_data->ptr at parallel_end, and
// libomp's parallel_data lives in the team, which __kmp_join_call may have
// returned to the team pool, and another thread's fork reused, before it
// calls parallel_end.  The oracle reports "region R.. ends in task .., began
// in .." and fragments missing from the OSPG (7 runs in 8 on 2 cores).
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
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(3)
  for (int r = 0; r < 100; r++) {
#pragma omp parallel num_threads(2)
    burn(100 * (r % 3));
  }
  return 0;
}
