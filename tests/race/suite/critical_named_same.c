// RACE: no
// WHY: two different code sites update the same variable inside critical sections of the same name
#include <stdio.h>
int total;
int main(void) {
#pragma omp parallel
  {
#pragma omp critical(upd)
    total += 1;
#pragma omp critical(upd)
    total *= 2;
  }
  printf("%d\n", total);
  return 0;
}
