/* A static loop of 64 equal iterations (tests/scale/measure.test). */
#include "burn.h"

int main(void)
{
#pragma omp parallel for schedule(static)
  for (int i = 0; i < 64; i++)
    burn(0.5);
  return 0;
}
