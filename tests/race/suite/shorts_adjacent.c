// RACE: no
// WHY: 2-byte accesses: two threads write neighbouring shorts of one 4-byte word
#include <omp.h>
#include <stdio.h>
short s[8];
int main(void) {
#pragma omp parallel num_threads(2)
  {
    int t = omp_get_thread_num();
    for (int k = 0; k < 10; k++)
      s[t] = (short)(t * 100 + k);
  }
  printf("%d %d\n", s[0], s[1]);
  return 0;
}
