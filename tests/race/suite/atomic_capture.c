// RACE: no
// WHY: atomic capture hands out distinct slots; each thread then writes only its own slot
#include <stdio.h>
int next, slot[256];
int main(void) {
#pragma omp parallel
  {
    for (int k = 0; k < 8; k++) {
      int mine;
#pragma omp atomic capture
      mine = next++;
      slot[mine & 255] = k;
    }
  }
  printf("%d\n", next);
  return 0;
}
