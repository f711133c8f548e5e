// RACE: no
// WHY: an undeferred task (if(0)) with depend(in: x) starts after the earlier sibling with out on x, and completes before its creator goes on (doc/SEMANTICS.md rules 10, 13)
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 1;
#pragma omp task depend(in : x) if (0)
    y = x;
    printf("%d %d\n", x, y);
  }
  return 0;
}
