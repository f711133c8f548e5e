// RACE: yes
// PAIR: A A
// WHY: the teams of a host league are logically parallel (doc/SEMANTICS.md rule 8): each writes who; with num_teams left to the runtime, race mode runs a league of several teams
#include <omp.h>
#include <stdio.h>
int who;
int main(void) {
#pragma omp teams
  {
    who = omp_get_team_num(); // @A
  }
  printf("%d\n", who >= 0);
  return 0;
}
