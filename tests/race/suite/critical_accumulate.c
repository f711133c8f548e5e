// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: both threads add to a counter in a critical region again and again, and thread 1 reads y that thread 0 wrote before its additions: the additions read each other's writes, but they wait for nothing, so in another schedule thread 1 is done before thread 0 writes y
#include <omp.h>
#include <stdio.h>
int y, sum, got;
int main(void) {
#pragma omp parallel num_threads(2)
  {
    int tid = omp_get_thread_num();
    if (tid == 0)
      y = 7;  // @A
    for (int i = 0; i < 200; i++) {
#pragma omp critical
      sum += i;
    }
    if (tid == 1)
      got = y;  // @B
  }
  printf("%d %d\n", sum, got);
  return 0;
}
