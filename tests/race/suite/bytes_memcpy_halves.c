// RACE: no
// WHY: a char board written byte by byte (its cells split); each thread copies its own half with memcpy and then writes bytes of its own half only: the copies visit thousands of byte cells with one history, and no byte is touched by both threads
#include <omp.h>
#include <stdio.h>
#include <string.h>
char board[4096], copy[4096];
int main(void) {
  for (int i = 0; i < 4096; i++)
    board[i] = (char)i;
#pragma omp parallel num_threads(2)
  {
    int h = omp_get_thread_num() * 2048 % 4096;
    memcpy(copy + h, board + h, 2048);
    for (int i = 1; i < 2048; i += 3)
      board[h + i] = (char)(copy[h + i] + 1);
  }
  printf("%d %d\n", copy[3000], board[3000]);
  return 0;
}
