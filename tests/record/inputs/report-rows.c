/* For report-interface.test: directives of very different sizes in one
 * parallel region: a master construct and a loop doing nearly all the work,
 * a masked construct and a single doing next to none (each well under 0.5%
 * of the work and of the span). */
#include <omp.h>

static volatile double sink;

static void work(long n)
{
  double s = 0;
  for (long i = 0; i < n; i++)
    s += i * 0.5;
  sink += s;
}

int main(void)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp master
    work(4000000);
#pragma omp masked
    work(100);
#pragma omp for schedule(static)
    for (int i = 0; i < 8; i++)
      work(1000000);
#pragma omp single
    work(10);
  }
  return 0;
}
