// RACE: yes
// PAIR: A B
// WHY: schedule-dependent: one thread writes x at once, the other only after 0.1 s of sleep, with no barrier between: the accesses never overlap in time but are logically parallel
#include <omp.h>
#include <stdio.h>
#include <unistd.h>
int x, y;
int main(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      x = 1; // @A
    } else {
      usleep(100000);
      y = x; // @B
    }
  }
  printf("%d %d\n", x, y);
  return 0;
}
