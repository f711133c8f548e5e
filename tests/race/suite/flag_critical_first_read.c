// RACE: no
// THREADS: 2
// WHY: a flag raised in a critical region and tested in a critical region until it is seen (DataRaceBench DRB192): the waiting thread sleeps first, so its first test already sees the flag in this run; in a schedule where it tests first, it tests again. Either way the write of x precedes the other (doc/SEMANTICS.md rule 16b: a critical region that reads what an earlier one wrote, and does not write it)
#include <stdio.h>
#include <unistd.h>
int x, s;
int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp single nowait
    {
      x = 1;
#pragma omp critical
      s = 1;
    }
#pragma omp single nowait
    {
      usleep(200000);
      int done = 0;
      while (!done) {
#pragma omp critical
        if (s)
          done = 1;
      }
      x = 2;
    }
  }
  printf("%d\n", x);
  return 0;
}
