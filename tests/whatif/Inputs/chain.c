// The program of whatif-from-program.test (its header has the numbers).
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(120);
#pragma omp parallel num_threads(2) // @par1
  burn(40);
  burn(60);
#pragma omp parallel num_threads(2) // @par2
  burn(30);
  return 0;
}
