// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: a counter incremented in a critical region and read there once, with no waiting: the second thread's increment reads the first's write in this run, yet it does the same whatever it read, so nothing orders thread 0's write of x before thread 1's read; in another schedule thread 1 goes first (doc/SEMANTICS.md rule 16: an order this run's lock order merely hid)
#include <omp.h>
#include <stdio.h>
#include <unistd.h>
int x, count, seen;
int main(void) {
#pragma omp parallel num_threads(2)
  {
    int tid = omp_get_thread_num();
    if (tid == 0)
      x = 5; // @A
    else
      usleep(200000);
    int mine;
#pragma omp critical
    mine = ++count;
    if (tid == 1)
      seen = x + mine; // @B
  }
  printf("%d\n", seen);
  return 0;
}
