// RACE: no
// WHY: every iteration writes its thread's own scratch: a block each thread allocates in the region, an array in the region's frame, a threadprivate array, a private copy and a reduction's copy; in a team of any size each thread has its own (doc/SEMANTICS.md rule 21)
#include <stdio.h>
#include <stdlib.h>
#define N 200
int out[N];
int tp[4];
#pragma omp threadprivate(tp)
int main(void) {
  long sum = 0;
  int p = 0;
#pragma omp parallel reduction(+ : sum)
  {
    int *scratch = malloc(4 * sizeof *scratch);
    int frame[4] = { 0 };
#pragma omp for firstprivate(p)
    for (int i = 0; i < N; i++) {
      scratch[0] = i;
      frame[i % 4] = scratch[0];
      tp[i % 4] = frame[i % 4];
      p += i;
      out[i] = tp[i % 4] + p;
      sum += i;
      int *t = malloc(sizeof *t);  /* one per iteration: the same block again and again */
      *t = i;
      out[i] += *t - i;
      free(t);
    }
    free(scratch);
  }
  printf("%d %ld\n", out[N - 1], sum);
  return 0;
}
