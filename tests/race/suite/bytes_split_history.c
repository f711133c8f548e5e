// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: thread 0 writes a whole int while thread 1 writes one of its bytes through a union: a race on that byte, whichever comes first (the byte write splits the word's history, the word write then meets every byte); after the barrier the two threads write different bytes of the same word: no race there
#include <omp.h>
#include <stdio.h>
union word {
  int whole;
  char b[4];
} u;
int main(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      u.whole = 0x01020304;  // @A
    else
      u.b[2] = 9;  // @B
#pragma omp barrier
    u.b[omp_get_thread_num()] = (char)omp_get_thread_num();
  }
  printf("%d\n", u.whole);
  return 0;
}
