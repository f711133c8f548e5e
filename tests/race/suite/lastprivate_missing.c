// RACE: yes
// PAIR: A A
// WHY: missing lastprivate: every iteration writes the shared 'last' to keep the value of the final iteration (with one thread too: other team sizes split the static loop, doc/SEMANTICS.md rule 21)
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
