// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: a "barrier" that raises a flag in a critical region but never waits for the other thread's: each thread reads the flag once and goes on whatever it saw, so nothing orders thread 0's write of x with thread 1's read, although this run's order of the critical regions may have
#include <omp.h>
#include <stdio.h>
int arrived, x = 1, seen;
int main(void) {
#pragma omp parallel num_threads(2)
  {
    int tid = omp_get_thread_num();
    if (tid == 0)
      x = 5;  // @A
    int others;
#pragma omp critical
    {
      arrived++;
      others = arrived;
    }
    if (tid == 1)
      seen = x + others;  // @B
  }
  printf("%d\n", seen);
  return 0;
}
