// RACE: no
// WHY: every iteration adds to its thread's own slot, partial[omp_get_thread_num()]: one thread's iterations share a slot in a team of any size, and two threads never do (the check across team sizes stops where a task asks its thread's number, doc/SEMANTICS.md rule 21)
#include <omp.h>
#include <stdio.h>
#define N 1000
double a[N], partial[256];
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i;
  double sum = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++)
      partial[omp_get_thread_num()] += a[i];
#pragma omp single
    for (int t = 0; t < omp_get_num_threads(); t++)
      sum += partial[t];
  }
  printf("%g\n", sum);
  return 0;
}
