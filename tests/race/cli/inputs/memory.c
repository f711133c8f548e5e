/* Races on three kinds of memory: a malloc'd counter, the primary thread's
 * threadprivate copy reached through a pointer, and a local of main. */
#include <stdio.h>
#include <stdlib.h>
int tp;
#pragma omp threadprivate(tp)
int main(void) {
  int *heap = calloc(1, sizeof *heap);
  int *mine = &tp, local = 0;
#pragma omp parallel num_threads(2) shared(mine, local)
  {
    (*heap)++;
    (*mine)++;
    local++;
  }
  printf("%d %d %d\n", *heap, tp, local);
  free(heap);
  return 0;
}
