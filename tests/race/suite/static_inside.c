// RACE: yes
// PAIR: A B
// THREADS: 4
// WHY: iterations 10 and 11 fall into one thread's schedule(static) block at 1-90 threads, into two at 91 or more (doc/SEMANTICS.md rule 21)
// NOTE: the empty asm statements keep -O1 from moving the marked accesses off their lines
#include <stdio.h>
#define N 1000
int a[N], x;
int main(void) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < N; i++) {
    if (i == 10)
      x = i; // @A
    if (i == 11) {
      __asm__ volatile("" ::: "memory");
      a[i] = x; // @B
    } else
      a[i] = i;
  }
  printf("%d %d\n", a[11], x);
  return 0;
}
