// RACE: yes
// PAIR: A A
// WHY: a simd loop whose iteration i+1 reads what iteration i writes: lanes that may run at once, at any team size (one thread runs the loop; doc/SEMANTICS.md rule 20)
#include <stdio.h>
int a[100], b[100];
int main(void) {
  for (int i = 0; i < 100; i++) {
    a[i] = i;
    b[i] = i + 1;
  }
#pragma omp simd
  for (int i = 0; i < 99; i++)
    a[i + 1] = a[i] + b[i]; // @A
  printf("%d\n", a[50]);
  return 0;
}
