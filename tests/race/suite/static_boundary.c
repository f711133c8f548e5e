// RACE: yes
// PAIR: A B
// THREADS: 4
// WHY: schedule(static) with 4 threads: iterations 249 and 250 conflict across the chunk boundary between threads 0 and 1
// NOTE: the empty asm statements keep -O1 from moving the marked accesses off their lines
#include <stdio.h>
#define N 1000
int a[N], x;
int main(void) {
#pragma omp parallel for schedule(static) num_threads(4)
  for (int i = 0; i < N; i++) {
    if (i == 249)
      x = i; // @A
    if (i == 250) {
      __asm__ volatile("" ::: "memory");
      a[i] = x; // @B
    } else
      a[i] = i;
  }
  printf("%d %d\n", a[250], x);
  return 0;
}
