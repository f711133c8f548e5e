// RACE: yes
// PAIR: A A
// TEAM: 2
// WHY: the threads of a parallel for nested in a league of one team (target teams distribute parallel for num_teams(1), host fallback, after a serialized region) all write last (doc/SEMANTICS.md rules 2, 8): the team's initial task comes with the data of the thread's last serialized region, which race mode must not take for its region
#include <stdio.h>
#define N 256
double a[N];
int last;
int main(void) {
  double first = 0;
#pragma omp parallel for reduction(+ : first) num_threads(1)
  for (int i = 0; i < N; i++)
    first += a[i];
#pragma omp target teams distribute parallel for num_teams(1) map(tofrom : a, last)
  for (int i = 0; i < N; i++) {
    a[i] = i;
    last = i; // @A
  }
  printf("%g %d\n", first, last);
  return 0;
}
