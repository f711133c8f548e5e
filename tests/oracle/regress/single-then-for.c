// Regression (scripts/oracle, seed 4): `ompadv profile` itself crashed
// (SIGSEGV in flush_region, tool/prof.c: w->thread_serial[k] read before the
// NULL check) on a single followed by a loop in the same region.
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
    burn(100);
#pragma omp for
    for (int i = 0; i < 6; i++)
      burn(200);
  }
  return 0;
}
