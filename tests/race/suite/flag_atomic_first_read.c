// RACE: no
// THREADS: 2
// WHY: a flag raised with a seq_cst atomic write and waited for with seq_cst atomic reads (DataRaceBench DRB182): the consumer sleeps first, so its first read already sees the flag and it never waits in this run; in a schedule where it reads first, it waits. Either way the producer's write of x precedes the consumer's (doc/SEMANTICS.md rule 17: an atomic read that observes an atomic write)
#include <stdio.h>
#include <unistd.h>
int x, s;
int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp single nowait
    {
      x = 1;
#pragma omp atomic write seq_cst
      s = 1;
    }
#pragma omp single nowait
    {
      usleep(200000);
      int done = 0;
      while (!done) {
#pragma omp atomic read seq_cst
        done = s;
      }
      x = 2;
    }
  }
  printf("%d\n", x);
  return 0;
}
