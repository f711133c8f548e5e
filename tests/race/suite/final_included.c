// RACE: no
// WHY: a task created inside a final task is included, hence undeferred (doc/SEMANTICS.md rule 10): it completes before the final task reads x
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task final(1)
    {
#pragma omp task
      x = 1;
      y = x;
    }
  }
  printf("%d %d\n", x, y);
  return 0;
}
