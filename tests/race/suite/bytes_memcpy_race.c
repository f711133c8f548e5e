// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: a char board written byte by byte (its cells split, every byte with one history); thread 0 copies the whole board with memcpy while thread 1 writes four bytes in its middle: a race, found whichever comes first, though the copy visits thousands of byte cells that hold the same history and fast mode gives those the outcome of the last one checked
#include <omp.h>
#include <stdio.h>
#include <string.h>
char board[4096], copy[4096];
int main(void) {
  for (int i = 0; i < 4096; i++)
    board[i] = (char)i;
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0)
      memcpy(copy, board, sizeof board);  // @A
    else
      memset(board + 2001, 7, 4);  // @B
  }
  printf("%d %d\n", copy[2002], board[2002]);
  return 0;
}
