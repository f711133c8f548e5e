// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: a single nowait resets d while the loop after it reduces into d: the reduction's combination writes the original d at the loop's end, which nothing orders with the single's write (doc/SEMANTICS.md rule 18; NPB CG)
#include <stdio.h>
#define N 1000
double x[N];
int main(void) {
  double d = 1.0;
  for (int i = 0; i < N; i++)
    x[i] = i;
#pragma omp parallel
  {
#pragma omp single nowait
    d = 0.0;  // @A
#pragma omp for reduction(+ : d)  // @B
    for (int i = 0; i < N; i++)
      d += x[i];
  }
  printf("%f\n", d);
  return 0;
}
