// RACE: no
// WHY: two consecutive parallel regions whose threads use local arrays: stack memory reused across regions and threads is no race
#include <omp.h>
#include <stdio.h>
int res[64];
static int fill(int t) {
  int buf[100];
  for (int k = 0; k < 100; k++)
    buf[k] = t * k;
  __asm__ volatile("" : : "r"(buf) : "memory");
  return buf[99] + buf[t & 63];
}
int main(void) {
#pragma omp parallel
  res[omp_get_thread_num() & 63] = fill(omp_get_thread_num());
#pragma omp parallel
  res[omp_get_thread_num() & 63] += fill(omp_get_thread_num() + 1);
  printf("%d\n", res[0]);
  return 0;
}
