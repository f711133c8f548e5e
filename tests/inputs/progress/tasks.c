/* 20000 small tasks: a recording of some 80000 records, for the progress
 * lines of a long read (tests/progress). */
#include <stdio.h>

int main(void)
{
  long s = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 20000; i++) {
#pragma omp task shared(s)
    {
#pragma omp atomic
      s += i;
    }
  }
  printf("%ld\n", s);
  return 0;
}
