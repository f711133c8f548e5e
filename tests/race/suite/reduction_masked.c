// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: the primary thread sets s in a masked region, which has no barrier, while thread 1 may already combine its reduction copy into s (doc/SEMANTICS.md rule 18)
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
