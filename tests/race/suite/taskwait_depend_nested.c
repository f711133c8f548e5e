// RACE: no
// WHY: a task waits for its child through taskwait depend(in: x) (doc/SEMANTICS.md rule 11), and is itself waited for by taskwait: the child's write precedes the read after it
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
#pragma omp task depend(out : x)
      x = 1;
#pragma omp taskwait depend(in : x)
    }
#pragma omp taskwait
    y = x;
  }
  printf("%d %d\n", x, y);
  return 0;
}
