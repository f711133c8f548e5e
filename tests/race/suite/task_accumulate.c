// RACE: yes
// PAIR: A A
// WHY: twin of task_critical.c without the critical section: the tasks' updates of the counter race
#include <stdio.h>
int count;
int main(void) {
#pragma omp parallel
#pragma omp single
  for (int t = 0; t < 32; t++) {
#pragma omp task
    count += t; // @A
  }
  printf("%d\n", count);
  return 0;
}
