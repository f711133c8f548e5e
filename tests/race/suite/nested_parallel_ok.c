// RACE: no
// WHY: nested parallel regions (2 x 2 threads); every inner thread writes its own cell of a 2-D array
#include <omp.h>
#include <stdio.h>
int cell[2][2];
int main(void) {
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    int o = omp_get_thread_num();
#pragma omp parallel num_threads(2)
    cell[o][omp_get_thread_num()] = o * 10 + omp_get_thread_num();
  }
  printf("%d %d %d %d\n", cell[0][0], cell[0][1], cell[1][0], cell[1][1]);
  return 0;
}
