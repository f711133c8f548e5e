// RACE: no
// ARGS: 2000
// WHY: two dynamic loops with the implicit barrier between them (the second reads what other iterations of the first wrote), in a parallel region run 2000 times: each instance is an epoch whose OSPG nodes reuse the last one's memory, so what a thread remembered about a pair of nodes (two chunks of one loop: parallel) must not answer for the new pair at the same addresses (a write before the barrier, a read after it); the trip count varies so the nodes change roles
#include <stdio.h>
#include <stdlib.h>
#define N 16
int a[N], b[N];
int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 1;
  for (int rep = 0; rep < reps; rep++) {
    int n = N - rep % 5;
#pragma omp parallel
    {
#pragma omp for schedule(dynamic)
      for (int i = 0; i < n; i++)
        a[i] = i + rep;
#pragma omp for schedule(dynamic)
      for (int i = 0; i < n; i++)
        b[i] = a[n - 1 - i];
    }
  }
  printf("%d %d\n", b[0], b[N - 1]);
  return 0;
}
