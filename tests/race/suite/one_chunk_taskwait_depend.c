// RACE: no
// WHY: in a team of one, the task writing x (depend in: d) precedes the task created in iteration 0's chunk (depend out: d, doc/SEMANTICS.md rule 13), which the chunk's taskwait depend waits for before the chunk ends; the code after the loop follows every chunk (rule 5), so the read of x follows the write
#include <stdio.h>
int x, y, d;
int main(void) {
#pragma omp parallel num_threads(1)
  {
#pragma omp task depend(in: d)
    x = 1;
#pragma omp for schedule(dynamic, 1) nowait
    for (int i = 0; i < 2; i++) {
      if (i == 0) {
#pragma omp task depend(out: d)
        d = 2;
#pragma omp taskwait depend(in: d)
      }
    }
    y = x;
  }
  printf("%d %d\n", y, d);
  return 0;
}
