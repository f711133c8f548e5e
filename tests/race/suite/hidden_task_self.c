// RACE: yes
// PAIR: A B
// WHY: schedule-dependent: a task and its creator's continuation, no taskwait; the other thread sleeps, so the creator usually runs the task itself after the continuation and TSan sees program order
#include <omp.h>
#include <stdio.h>
#include <unistd.h>
int x;
int main(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() != 0)
      usleep(100000);
#pragma omp masked
    {
#pragma omp task
      x = 1; // @A
      x = 2; // @B
    }
  }
  printf("%d\n", x);
  return 0;
}
