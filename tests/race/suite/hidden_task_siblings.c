// RACE: yes
// PAIR: A B
// WHY: schedule-dependent: two sibling tasks without dependences; the other thread sleeps, so one thread usually runs both one after the other
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
      x += 1; // @A
#pragma omp task
      x += 2; // @B
    }
  }
  printf("%d\n", x);
  return 0;
}
