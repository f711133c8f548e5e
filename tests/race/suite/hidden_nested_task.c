// RACE: yes
// PAIR: A B
// WHY: schedule-dependent: a task's child and the task's own continuation (no taskwait), usually run by one thread while the other sleeps
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
#pragma omp task
    {
#pragma omp task
      x = 10; // @A
      x = 20; // @B
    }
  }
  printf("%d\n", x);
  return 0;
}
