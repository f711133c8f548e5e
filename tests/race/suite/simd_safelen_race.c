// RACE: yes
// PAIR: A A
// WHY: simd safelen(4), but iteration i reads what iteration i-2 wrote: two lanes that may run at once
#include <stdio.h>
int a[100];
int main(void) {
  for (int i = 0; i < 100; i++)
    a[i] = i;
#pragma omp simd safelen(4)
  for (int i = 2; i < 100; i++)
    a[i] = a[i - 2] + 1; // @A
  printf("%d\n", a[99]);
  return 0;
}
