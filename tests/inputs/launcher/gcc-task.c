/* Built with gcc -fopenmp (libgomp): a parallel region whose single thread
 * creates one explicit task. */
#include <stdio.h>

int main(void)
{
  int x = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task shared(x)
    x = 1;
  }
  printf("gcc-task: x=%d\n", x);
  return 0;
}
