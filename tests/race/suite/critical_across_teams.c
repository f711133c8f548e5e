// RACE: yes
// PAIR: A A
// WHY: a critical section excludes only the threads of its own contention group (OpenMP 5.2 15.2: its binding thread set); each team of a teams construct is one, so the same critical in two teams protects nothing between them (doc/SEMANTICS.md rules 8, 16). OMP_NUM_TEAMS=4 gives the host league four teams.
#include <stdio.h>
int count;
int main(void) {
#pragma omp teams distribute parallel for num_teams(2)
  for (int i = 0; i < 64; i++) {
#pragma omp critical
    count++; // @A
  }
  printf("%d\n", count);
  return 0;
}
