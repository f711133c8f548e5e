// RACE: no
// WHY: twin of lastprivate_missing.c with lastprivate(last): the copy-out after the loop is done by one thread
#include <stdio.h>
#define N 1000
int a[N];
int last;
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = 3 * i;
#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < N; i++)
    last = a[i];
  printf("%d\n", last);
  return 0;
}
