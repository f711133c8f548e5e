// RACE: yes
// PAIR: A A
// WHY: byte-sized accesses: every thread writes the same char
#include <omp.h>
#include <stdio.h>
char c[64];
int main(void) {
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    c[5] = (char)('a' + t); // @A
  }
  printf("%c\n", c[5]);
  return 0;
}
