// RACE: no
// TEAM: 2
// WHY: thread 0 writes v before an ordered loop with schedule(static, 1): iteration 0 is thread 0's (rule 4), so the write precedes the end of ordered region 0 in thread 0's program order; iteration 7 reads v after its own ordered region, which follows region 0 (rule 7)
#include <omp.h>
#include <stdio.h>
int v, y;
int main(void) {
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      v = 42;
#pragma omp for ordered schedule(static, 1)
    for (int i = 0; i < 8; i++) {
#pragma omp ordered
      {
        y += i;
      }
      if (i == 7)
        y += v;
    }
  }
  printf("%d\n", y);
  return 0;
}
