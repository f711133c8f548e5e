// RACE: no
// WHY: static_other_teams.c with num_threads(2): the program fixes the team size, and with 2 threads one thread runs iterations 0 and 30 (doc/SEMANTICS.md rule 21)
#include <stdio.h>
#define N 180
int a[N], x;
int main(void) {
#pragma omp parallel for num_threads(2)
  for (int i = 0; i < N; i++) {
    if (i == 0 || i == 30)
      x = i;
    a[i] = i;
  }
  printf("%d %d\n", x, a[N - 1]);
  return 0;
}
