// RACE: yes
// PAIR: A B
// WHY: the task created inside the if(0) task is deferred; completing the if(0) task (and the next one) does not wait for it (doc/SEMANTICS.md rule 9), so it may write x while the creator's thread reads it
#include <stdio.h>
int x;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task if (0)
    {
#pragma omp task
      x = 1; // @A
    }
#pragma omp task if (0)
    x += 0; // @B
    printf("%d\n", x); // @B
  }
  return 0;
}
