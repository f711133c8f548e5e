// RACE: yes
// PAIR: A B
// PAIR: C B
// EXPECT-MISS: the detector keeps one write per cell: C's write is forgotten once A, ordered after it, writes x, so C-B is missed whenever B reads after A wrote: always in a team of one (C, A, B in that order), in some schedules with more threads (CI saw it at 2 threads under load; issue 14)
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
