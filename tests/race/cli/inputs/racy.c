/* Two races in one loop: a shared local (stack) and a global array whose
 * elements every thread updates. */
#include <stdio.h>

int hist[4];

int main(void)
{
  int sum = 0;
#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
    sum += i;
    hist[i % 4]++;
  }
  printf("sum = %d\n", sum);
  return 0;
}
