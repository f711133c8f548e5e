// RACE: no
// WHY: static_other_teams.c after omp_set_num_threads(4): the program fixes the team size, and with 4 threads (blocks of 45) one thread runs iterations 0 and 30 (doc/SEMANTICS.md rule 21)
#include <omp.h>
#include <stdio.h>
#define N 180
int a[N], x;
int main(void) {
  omp_set_num_threads(4);
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    if (i == 0 || i == 30)
      x = i;
    a[i] = i;
  }
  printf("%d %d\n", x, a[N - 1]);
  return 0;
}
