// RACE: no
// WHY: in a team of one the only thread runs every chunk; the taskwait inside iteration 1's chunk waits for the task created before the loop (doc/SEMANTICS.md rules 5, 11), so the read of x follows its write
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel num_threads(1)
  {
#pragma omp task
    x = 1;
#pragma omp for schedule(dynamic, 1) nowait
    for (int i = 0; i < 3; i++) {
      if (i == 1) {
#pragma omp taskgroup
        {
#pragma omp taskwait
          y = x;
        }
      }
    }
  }
  printf("%d\n", y);
  return 0;
}
