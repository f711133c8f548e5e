// RACE: no
// WHY: simd safelen(4): iteration i reads what iteration i-4 wrote, never closer: no two lanes that may run at once touch one element
#include <stdio.h>
int a[100];
int main(void) {
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp simd safelen(4)
  for (int i = 4; i < 100; i++)
    a[i] = a[i - 4] + 1;
  printf("%d\n", a[99]);
  return 0;
}
