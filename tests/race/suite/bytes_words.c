// RACE: no
// WHY: char array where each thread writes bytes in its own 4-byte word: no race at the default 4-byte shadow cells either
#include <omp.h>
#include <stdio.h>
char c[64];
int main(void) {
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    for (int k = 0; k < 4; k++)
      c[4 * t + k] = (char)('a' + t);
  }
  printf("%c%c\n", c[0], c[4]);
  return 0;
}
