/* A small program with each thing an HTML page draws: serial code, a
 * parallel loop whose iterations wait for a critical section, tasks, and
 * a second parallel region. */
#include <stdio.h>

static double burn(long n)
{
  double x = 0;
  for (long i = 0; i < n; i++)
    x += (double)i * 1e-9;
  return x;
}

int main(void)
{
  double total = burn(3000000);  /* serial: on the critical path */
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < 48; i++) {
    double v = burn(60000);
#pragma omp critical
    total += v + burn(30000);
  }
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 16; i++) {
#pragma omp task
    {
      double v = burn(120000);
#pragma omp atomic
      total += v;
    }
  }
  printf("%.3f\n", total);
  return 0;
}
