// RACE: no
// WHY: every task fills a local array on its own stack: stack memory reused by later tasks on the same or other threads is no race
#include <stdio.h>
#define T 32
int out[T];
static int work(int id) {
  int buf[64];
  for (int k = 0; k < 64; k++)
    buf[k] = id + k;
  __asm__ volatile("" : : "r"(buf) : "memory");
  int s = 0;
  for (int k = 0; k < 64; k++)
    s += buf[k];
  return s;
}
int main(void) {
#pragma omp parallel
#pragma omp single
  for (int t = 0; t < T; t++) {
#pragma omp task firstprivate(t)
    out[t] = work(t);
  }
  printf("%d %d\n", out[0], out[T - 1]);
  return 0;
}
