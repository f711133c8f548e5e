// RACE: yes
// PAIR: A B
// TEAM: 2
// ARGS: 2000
// WHY: twin of barrier_many_regions.c with nowait on the first loop: the second loop's reads race with the first loop's writes, and still do after the parallel region ran 2000 times (epochs whose OSPG nodes reuse the last ones' memory)
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
#pragma omp for schedule(dynamic) nowait
      for (int i = 0; i < n; i++)
        a[i] = i + rep; // @A
#pragma omp for schedule(dynamic)
      for (int i = 0; i < n; i++)
        b[i] = a[n - 1 - i]; // @B
    }
  }
  printf("%d %d\n", b[0], b[N - 1]);
  return 0;
}
