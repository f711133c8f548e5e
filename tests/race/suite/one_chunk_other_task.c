// RACE: yes
// PAIR: A B
// WHY: the chunks of a dynamic loop may run in any order, even in a team of one (doc/SEMANTICS.md rule 5): the taskwait inside iteration 1's chunk waits for the task of iteration 0 only when that chunk ran first, so the task's write and the read after the taskwait are logically parallel
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel num_threads(1)
  {
#pragma omp for schedule(dynamic, 1) nowait
    for (int i = 0; i < 3; i++) {
      if (i == 0) {
#pragma omp task
        x = 1; // @A
      }
      if (i == 1) {
#pragma omp taskgroup
        {
#pragma omp taskwait
          y = x; // @B
        }
      }
    }
  }
  printf("%d\n", y);
  return 0;
}
