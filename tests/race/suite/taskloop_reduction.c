// RACE: no
// WHY: taskloop with reduction(+:sum) (OpenMP 5.0 task reductions)
// NOTE: the empty asm statements keep -O1 from moving the marked accesses off their lines
#include <stdio.h>
#define N 64
int a[N], sum;
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(1) reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    sum += a[i];
    __asm__ volatile("" ::: "memory");
  }
  printf("%d\n", sum);
  return 0;
}
