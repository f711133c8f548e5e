// RACE: no
// WHY: the same program with a league of one team: every thread is in one contention group, so the critical section excludes them all (doc/SEMANTICS.md rule 16)
#include <stdio.h>
int count;
int main(void) {
#pragma omp teams distribute parallel for num_teams(1)
  for (int i = 0; i < 64; i++) {
#pragma omp critical
    count++;
  }
  printf("%d\n", count);
  return 0;
}
