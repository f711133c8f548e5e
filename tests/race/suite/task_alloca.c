// RACE: no
// WHY: each task copies its parent's cells into an array of its own, allocated with alloca (a size known at run time only) and filled with memcpy, and hands it to its children, waiting for them; a task that ends leaves its array on the thread's stack, where the next task the thread runs puts its own: no call marks that stack as the finished task's, yet it dies with it (BOTS floorplan)
#include <alloca.h>
#include <stdio.h>
#include <string.h>
#define N 16
int src[N], total, width = N;
static void node(const int *from, int depth) {
#pragma omp task firstprivate(depth)
  {
    int *cells = alloca(sizeof(int) * width);
    memcpy(cells, from, sizeof(int) * width);
    cells[depth % N] += depth;
    if (depth < 6) {
      for (int k = 0; k < 3; k++)
        node(cells, depth + 1);
#pragma omp taskwait
    } else {
#pragma omp atomic
      total += cells[0];
    }
  }
}
int main(void) {
  for (int i = 0; i < N; i++)
    src[i] = i;
#pragma omp parallel
#pragma omp single
  node(src, 0);
  printf("%d\n", total);
  return 0;
}
