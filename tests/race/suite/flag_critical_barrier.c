// RACE: no
// THREADS: 2
// EXPECT-MISS: a test-and-reset of the flag (read, then lowered in the same critical region) is taken as an order only once some thread has waited on that flag in this run: the first phases, where each test succeeded at once, may be reported
// WHY: a hand-made barrier of two threads from flags raised and polled in critical regions, used 50 times: each phase's writes of x precede the other thread's reads in every schedule, because a thread leaves its barrier only after reading the flag the other raised after its writes (doc/SEMANTICS.md rule 16; DataRaceBench DRB184)
#include <omp.h>
#include <stdio.h>
int f0, f1, x = 1, seen;
static void raise_flag(int *f) {
#pragma omp critical
  *f = 1;
}
static void lower_flag(int *f) {
  int done = 0;
  while (!done) {
#pragma omp critical
    if (*f == 1) {
      *f = 0;
      done = 1;
    }
  }
}
static void pair_barrier(int tid) {
  if (tid == 0) {
    raise_flag(&f0);
    lower_flag(&f1);
  } else {
    lower_flag(&f0);
    raise_flag(&f1);
  }
}
int main(void) {
#pragma omp parallel num_threads(2)
  {
    int tid = omp_get_thread_num();
    for (int i = 0; i < 50; i++) {
      if (tid == 0)
        x = i;
      pair_barrier(tid);
      if (tid == 1)
        seen += x;
      pair_barrier(tid);
    }
  }
  printf("%d\n", seen);
  return 0;
}
