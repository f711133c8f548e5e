/* A loop the vectorizer turns into 32-byte loads and stores with -mavx2,
 * which a thread's single then reads without the loop's barrier (nowait):
 * a race between the loop's write of a[9] and the single's read. */
#include <stdio.h>
int a[1000];
int main(void)
{
  int b = 5, error = 0;
  for (int i = 0; i < 1000; i++)
    a[i] = i;
#pragma omp parallel shared(b, error)
  {
#pragma omp for nowait
    for (int i = 0; i < 1000; i++)
      a[i] = b + a[i] * 5;
#pragma omp single
    error = a[9] + 1;
  }
  printf("%d\n", error);
  return 0;
}
