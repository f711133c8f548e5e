// RACE: no
// THREADS: 4
// ARGS: 300
// WHY: 300 parallel regions, each a master creating tasks that read values it copied into them (firstprivate) or a shared input; every copy precedes its task.  The OSPG nodes of one region are reused by the next, so an answer remembered about two nodes of an earlier region must not be taken for the new nodes at the same addresses (KASTORS jacobi_block_taskdep reported each task racing with its own creator's copy)
#include <stdio.h>
#include <stdlib.h>
static double spin(int k) {
  double s = 0;
  for (int i = 0; i < k; i++)
    s += i * 0.5;
  return s;
}
int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 50, n = 64;
  double shared_in = 1.0, out[64] = {0};
  for (int r = 0; r < reps; r++) {
#pragma omp parallel
#pragma omp master
    for (int i = 0; i < n; i++) {
      int v = (i * 7 + r * 13) % 64;
      if (v % 3 == 0) {
#pragma omp task firstprivate(i, v)
        out[i] += shared_in * spin(v * 100);
      } else {
#pragma omp task firstprivate(v, i)
        out[i] += v + spin(v * 50);
      }
    }
  }
  printf("%f\n", out[3]);
  return 0;
}
