// RACE: yes
// PAIR: A B
// PAIR: C B
// EXPECT-MISS-AT: 1 the detector keeps one write per cell: C's write is forgotten once A, ordered after it, writes x, and a team of one always runs C, A, B in that order (issue 14)
// WHY: a dependence chain on x whose last task forgets the dependence: it races with both writers of the chain
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 1; // @C
#pragma omp task depend(inout : x)
    x += 2; // @A
#pragma omp task
    y = x; // @B
  }
  printf("%d %d\n", x, y);
  return 0;
}
