// RACE: no
// WHY: distribute splits the iterations among the teams of the league (doc/SEMANTICS.md rule 8): each element is written by one team
#include <stdio.h>
int a[256];
int main(void) {
#pragma omp teams distribute num_teams(2)
  for (int i = 0; i < 256; i++)
    a[i] = i;
  printf("%d\n", a[255]);
  return 0;
}
