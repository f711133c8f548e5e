// RACE: no
// WHY: iteration 0's ordered region writes v; iteration 1's ordered region follows it (rule 7: ordered regions run in iteration order), and iteration 1 reads v after its own ordered region; no other iteration writes v
#include <stdio.h>
int v, y;
int main(void) {
#pragma omp parallel for ordered schedule(dynamic, 1) num_threads(2)
  for (int i = 0; i < 8; i++) {
#pragma omp ordered
    {
      if (i == 0)
        v = 42;
    }
    if (i == 1)
      y = v;
  }
  printf("%d\n", y);
  return 0;
}
