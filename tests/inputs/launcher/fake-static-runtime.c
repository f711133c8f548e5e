/* Stands in for a program with the OpenMP runtime linked in statically: it
 * defines libomp's entry point __kmpc_fork_call itself. */
#include <stdio.h>

void __kmpc_fork_call(void) {}

int main(void)
{
  puts("fake static runtime");
  return 0;
}
