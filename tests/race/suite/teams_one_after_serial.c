// RACE: no
// WHY: a league of one team (target teams distribute num_teams(1), host fallback) after a serialized parallel region, each team's block summed by a nested parallel for reduction (doc/SEMANTICS.md rules 8, 18): libomp reports the team's initial task with the parallel data of the thread's last serialized region, long over; race mode took it for that region's implicit task and hung or crashed (issue 14, item 2)
#include <stdio.h>
#define N 512
#define B 64
double a[N];
int main(void) {
  double total = 0;
  for (int i = 0; i < N; i++)
    a[i] = i;
  for (int rep = 0; rep < 3; rep++) {
    double first = 0;
#pragma omp parallel for reduction(+ : first) num_threads(1)
    for (int i = 0; i < N; i++)
      first += a[i];
    double sum = 0;
#pragma omp target teams distribute num_teams(1) map(to : a) map(tofrom : sum) reduction(+ : sum)
    for (int b = 0; b < N; b += B) {
#pragma omp parallel for reduction(+ : sum)
      for (int i = b; i < b + B; i++)
        sum += a[i];
    }
    total += first + sum;
  }
  printf("%g\n", total);
  return 0;
}
