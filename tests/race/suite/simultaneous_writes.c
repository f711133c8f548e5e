// RACE: yes
// PAIR: A A
// WHY: two threads leave a barrier and write the same variable once each, usually at the same instant: the detector must not lose either access
#include <omp.h>
#include <stdio.h>
int x;
int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp barrier
    x = omp_get_thread_num(); // @A
  }
  printf("%d\n", x);
  return 0;
}
