/* A plain C program without OpenMP. */
#include <stdio.h>

int main(void)
{
  puts("no openmp here");
  return 0;
}
