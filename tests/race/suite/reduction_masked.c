// RACE: yes
// PAIR: A B
// THREADS: 2
// EXPECT-MISS: the primary thread's own combination, a synchronized write, follows its write of s and takes its place in the history: thread 1's combination, synchronized too, meets only that one (DataRaceBench DRB140)
// WHY: the primary thread sets s in a masked region, which has no barrier, while thread 1 may already combine its reduction copy into s (SEMANTICS.md rule 18)
#include <stdio.h>
int main(void) {
  int s = 5;
#pragma omp parallel
  {
#pragma omp masked
    s = 0;  // @A
#pragma omp for reduction(+ : s)  // @B
    for (int i = 0; i < 100; i++)
      s += i;
  }
  printf("%d\n", s);
  return 0;
}
