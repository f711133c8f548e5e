// RACE: no
// WHY: byte-sized accesses: each thread writes its own char of one array, neighbours share a word but never a byte
#include <omp.h>
#include <stdio.h>
char c[64];
int main(void) {
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    for (int k = 0; k < 10; k++)
      c[t] = (char)('a' + t + k);
  }
  printf("%c%c\n", c[0], c[1]);
  return 0;
}
