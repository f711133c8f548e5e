// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: a dynamic chunk may run on any thread once one thread reached the loop (doc/SEMANTICS.md rule 5): after a static nowait loop, the chunk reading a[0] races with the write of a[0], even when the thread that wrote it runs that chunk
#include <stdio.h>
double a[16], b[16];
int main(void) {
#pragma omp parallel
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < 16; i++)
      a[i] = i * 0.5; // @A
#pragma omp for schedule(dynamic)
    for (int i = 0; i < 16; i++)
      b[i] = a[(i + 8) % 16]; // @B
  }
  printf("%g\n", b[3]);
  return 0;
}
