// RACE: no
// WHY: both tasks are children of the single body's task; the second (out: d), created inside a taskgroup, follows the first (in: d) created before it (doc/SEMANTICS.md rule 13: dependences order sibling tasks wherever the taskgroup begins)
#include <stdio.h>
int x, d;
int main(void) {
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(in : d)
    x += 1;
#pragma omp taskgroup
    {
#pragma omp task depend(out : d)
      x = 2;
    }
  }
  printf("%d\n", x);
  return 0;
}
