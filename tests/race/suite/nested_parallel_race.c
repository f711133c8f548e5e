// RACE: yes
// PAIR: A A
// WHY: nested parallel regions: the inner threads of each outer thread all write that outer thread's row total
#include <omp.h>
#include <stdio.h>
int total[2];
int main(void) {
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    int o = omp_get_thread_num();
#pragma omp parallel num_threads(2)
    total[o] += omp_get_thread_num() + 1; // @A
  }
  printf("%d %d\n", total[0], total[1]);
  return 0;
}
