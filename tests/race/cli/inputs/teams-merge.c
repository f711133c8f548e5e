#include <stdio.h>
#include <unistd.h>
int x;
int main(void) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < 4; i++) {
    if (i == 2)
      usleep(200000);
    x = i;
  }
  printf("%d\n", x);
  return 0;
}
