// RACE: no
// WHY: iteration 2 writes w[2] before its ordered region; iteration 5 reads it after its own ordered region. Rule 7: the ordered regions run in iteration order, so the write precedes the end of region 2, which precedes the start of region 5, which precedes the read (at any team size, any schedule)
#include <stdio.h>
int w[8], y, z;
int main(void) {
#pragma omp parallel for ordered schedule(dynamic, 1) num_threads(3)
  for (int i = 0; i < 8; i++) {
    w[i] = i * 3;
#pragma omp ordered
    {
      y += i;
    }
    if (i == 5)
      z = w[2];
  }
  printf("%d %d\n", y, z);
  return 0;
}
