// RACE: yes
// PAIR: A B
// TEAM: 2
// WHY: a single body may run on any thread (doc/SEMANTICS.md rule 6): after a static nowait loop it races with the loop's write of a[9], whichever thread wrote a[9] and whichever ran the single
#include <stdio.h>
double a[10], s;
int main(void) {
#pragma omp parallel
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < 10; i++)
      a[i] = i * 0.5; // @A
#pragma omp single
    s = a[9]; // @B
  }
  printf("%g\n", s);
  return 0;
}
