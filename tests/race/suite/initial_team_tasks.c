// RACE: no
// WHY: tasks created outside every parallel region (nested ones too) bind to the program's implicit parallel region, whose team is the initial thread alone in every execution: they are logically parallel with each other and with main's code after them (rule 9), so the value main prints may differ from schedule to schedule, but no two of these accesses are ever made by two threads, and a data race is between threads (OpenMP 5.2, 1.4.1; DataRaceBench DRB127 and DRB158 are labelled so). Sibling tasks inside a parallel region race: task_siblings.c
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp task
  {
#pragma omp task
    {
      x = 1;
      y = x + 1;
    }
    x = 2;
  }
#pragma omp task
  y = 3;
  printf("%d %d\n", x, y);
  return 0;
}
