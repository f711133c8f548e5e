// RACE: yes
// PAIR: A A
// WHY: a schedule(dynamic) loop outside any parallel region binds to the initial task's team of one; its chunks are still logically parallel with each other (rule 5), so every iteration's write of v races with the others'
#include <stdio.h>
int v;
int main(void) {
#pragma omp for schedule(dynamic)
  for (int i = 0; i < 3; i++)
    v = i; // @A
  printf("%d\n", v);
  return 0;
}
