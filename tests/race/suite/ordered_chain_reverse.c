// RACE: yes
// PAIR: A B
// WHY: iteration 0 writes v inside its ordered region; iteration 1 reads v before its own ordered region. The chain of rule 7 orders region 0 before region 1 only, not the code iteration 1 runs before its region: the two accesses are logically parallel
#include <stdio.h>
int v, y;
int main(void) {
#pragma omp parallel for ordered schedule(dynamic, 1) num_threads(2)
  for (int i = 0; i < 8; i++) {
    if (i == 1)
      y = v; // @B
#pragma omp ordered
    {
      if (i == 0)
        v = 42; // @A
    }
  }
  printf("%d\n", y);
  return 0;
}
