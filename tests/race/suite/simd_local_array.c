// RACE: yes
// PAIR: A A
// WHY: the loop-carried dependence of a simd loop on main's own local array, which never escapes (ThreadSanitizer does not instrument it; ompadv's simd-lanes pass does, for the loop's lanes)
#include <stdio.h>
int main(void) {
  int a[64], b[64];
  for (int i = 0; i < 64; i++) {
    a[i] = i;
    b[i] = 2 * i;
  }
#pragma omp simd
  for (int i = 0; i < 63; i++)
    a[i + 1] = a[i] + b[i]; // @A
  printf("%d\n", a[63]);
  return 0;
}
