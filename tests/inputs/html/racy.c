/* Two threads bump a counter through a call: a race whose accesses each
 * have a caller, for the race page's two stacks. */
#include <stdio.h>

static int counter;

__attribute__((noinline)) static void bump(void)
{
  counter++;
}

int main(void)
{
#pragma omp parallel num_threads(2)
  bump();
  printf("%d\n", counter);
  return 0;
}
