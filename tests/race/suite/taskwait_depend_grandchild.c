// RACE: yes
// PAIR: A B
// WHY: `taskwait depend` waits for the task with the conflicting dependence, not for the child that task left unwaited (doc/SEMANTICS.md rules 11, 13): the child's write races with the code after the wait
#include <stdio.h>
int x, d;
int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : d)
    {
#pragma omp task
      x = 1; // @A
    }
#pragma omp taskwait depend(in : d)
    x = 2; // @B
  }
  printf("%d\n", x);
  return 0;
}
