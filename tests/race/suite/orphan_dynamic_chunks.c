// RACE: no
// WHY: a schedule(dynamic) loop outside any parallel region binds to the program's implicit parallel region, whose team is the initial thread alone in every execution (OMP_NUM_THREADS sizes parallel constructs' teams, not this one): the chunks are logically parallel (rule 5: the profile counts them so), but no two of them ever run on two threads, and a data race is between threads (OpenMP 5.2, 1.4.1). The same kind of loop inside a parallel region races: loop_dynamic.c
#include <stdio.h>
int v;
int main(void) {
#pragma omp for schedule(dynamic)
  for (int i = 0; i < 3; i++)
    v = i;
  printf("%d\n", v);
  return 0;
}
