// RACE: yes
// PAIR: A A
// WHY: missing reduction on a double: sum += a[i] from every iteration (with one thread too: other team sizes split the static loop, doc/SEMANTICS.md rule 21)
// NOTE: the empty asm statements keep -O1 from moving the marked accesses off their lines
#include <stdio.h>
#define N 1000
double a[N];
double sum;
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = 0.5 * i;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    sum += a[i]; // @A
    __asm__ volatile("" ::: "memory");
  }
  printf("%g\n", sum);
  return 0;
}
