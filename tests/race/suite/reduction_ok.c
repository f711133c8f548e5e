// RACE: no
// WHY: twin of reduction_missing.c with reduction(+:sum): the runtime combines the private copies
#include <stdio.h>
#define N 1000
int a[N];
int sum;
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < N; i++)
    sum += a[i];
  printf("%d\n", sum);
  return 0;
}
