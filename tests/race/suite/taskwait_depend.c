// RACE: no
// WHY: taskwait depend(in: x) waits for the earlier sibling with out on x (doc/SEMANTICS.md rule 11): the read after it is ordered
#include <stdio.h>
int x;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 1;
#pragma omp taskwait depend(in : x)
    printf("%d\n", x);
  }
  return 0;
}
