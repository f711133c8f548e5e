// RACE: no
// WHY: sibling tasks count their work in a threadprivate counter: logically parallel, but each adds to the copy of the thread that runs it, and one thread runs one task at a time (BOTS nqueens, tied tasks)
#include <omp.h>
#include <stdio.h>
int counted;
#pragma omp threadprivate(counted)
static void work(int n) {
  if (n == 0)
    return;
  counted++;
  for (int k = 0; k < 2; k++) {
#pragma omp task
    work(n - 1);
  }
#pragma omp taskwait
}
int main(void) {
  int total = 0;
#pragma omp parallel
  {
#pragma omp single
    work(8);
#pragma omp atomic
    total += counted;
  }
  printf("%d\n", total);
  return 0;
}
