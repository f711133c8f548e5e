// RACE: no
// EXPECT-MISS: ordered chain: ompadv keeps the ordered regions of a loop apart only as mutual exclusion, not as the chain in iteration order of SEMANTICS.md rule 7 (ompadv-race(1), LIMITS), so it reports the read below as racing with the write
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
