// RACE: yes
// PAIR: A A
// TEAM: 2
// WHY: missing lastprivate: every iteration writes the shared 'last' to keep the value of the final iteration (at -O1 the compiler keeps 'last' in a register and stores it once after each thread's iterations: one store per thread, which a team of one runs once)
#include <stdio.h>
#define N 1000
int a[N];
int last;
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = 3 * i;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    last = a[i]; // @A
  printf("%d\n", last);
  return 0;
}
