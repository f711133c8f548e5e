// RACE: yes
// PAIR: A A
// WHY: untied tasks, each creating a child (a scheduling point that ends a part of the untied task) and then adding to a shared counter without synchronization: the additions of sibling tasks are logically parallel (doc/SEMANTICS.md rule 9), whichever thread runs each part
#include <stdio.h>
int sum;
int main(void) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 8; i++) {
#pragma omp task untied firstprivate(i)
    {
      int mine = 0;
#pragma omp task shared(mine)
      mine = i;
#pragma omp taskwait
      sum += mine; // @A
    }
  }
  printf("%d\n", sum);
  return 0;
}
