// RACE: yes
// PAIR: A A
// WHY: schedule(dynamic,1): a[i] += a[i+3] races between iterations three apart, whichever threads run them
#include <stdio.h>
#define N 400
int a[N + 3];
int main(void) {
  for (int i = 0; i < N + 3; i++)
    a[i] = i;
#pragma omp parallel for schedule(dynamic, 1)
  for (int i = 0; i < N; i++)
    a[i] += a[i + 3]; // @A
  printf("%d\n", a[0]);
  return 0;
}
