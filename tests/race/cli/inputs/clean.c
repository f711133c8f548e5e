/* Race-free: a reduction, a critical section (so --mode auto picks the
 * precise detector), and each iteration writing its own element. */
#include <stdio.h>

int a[1000];

int main(void)
{
  long s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 1000; i++) {
    a[i] = i;
    s += a[i];
  }
#pragma omp parallel
  {
#pragma omp critical
    s++;
  }
  printf("s = %ld\n", s);
  return 0;
}
