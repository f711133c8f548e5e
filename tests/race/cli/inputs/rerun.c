/* Reads N, says so, then sums 0..N-1 under a critical section, with a race
 * beside it (`last = i`).  Under --mode auto the fast detector's run ends at
 * the first critical region, and the program runs again under the precise
 * detector: "read N" appears twice, the sum once. */
#include <stdio.h>

int main(void)
{
  int n = 0, sum = 0, last = 0;
  if (scanf("%d", &n) != 1)
    return 3;
  printf("read %d\n", n);
  fflush(stdout);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    sum += i;
    last = i;
  }
  printf("sum = %d\n", sum);
  return last < 0;  /* 0: last is some i */
}
