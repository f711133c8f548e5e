// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: the same as ordered_static_before but with schedule(dynamic, 1): a chunk may run on any thread (rule 5), so thread 0's write before the loop precedes no ordered region, and iteration 7's read after its region is logically parallel with it
#include <omp.h>
#include <stdio.h>
int v, y;
int main(void) {
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      v = 42; // @A
#pragma omp for ordered schedule(dynamic, 1)
    for (int i = 0; i < 8; i++) {
#pragma omp ordered
      {
        y += i;
      }
      if (i == 7)
        y += v; // @B
    }
  }
  printf("%d\n", y);
  return 0;
}
