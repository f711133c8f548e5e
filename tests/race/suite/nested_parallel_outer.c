// RACE: yes
// PAIR: A B
// WHY: nested parallel: inner threads of the first outer thread write x, the second outer thread's serial code reads it
#include <omp.h>
#include <stdio.h>
int x, y;
int main(void) {
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp parallel num_threads(2)
      if (omp_get_thread_num() == 1)
        x = 9; // @A
    } else {
      y = x; // @B
    }
  }
  printf("%d %d\n", x, y);
  return 0;
}
