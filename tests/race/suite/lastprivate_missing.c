// RACE: yes
// PAIR: A A
// TEAM: 2
// WHY: missing lastprivate: every iteration writes the shared 'last' to keep the value of the final iteration
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
