// RACE: yes
// PAIR: A A
// WHY: taskloop whose iterations (one per task) accumulate into a shared counter without a reduction
// NOTE: the empty asm statements keep -O1 from moving the marked accesses off their lines
#include <stdio.h>
#define N 64
int a[N], sum;
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(1)
  for (int i = 0; i < N; i++) {
    sum += a[i]; // @A
    __asm__ volatile("" ::: "memory");
  }
  printf("%d\n", sum);
  return 0;
}
