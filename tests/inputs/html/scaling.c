// A serial part and a static loop: the loop's blocks follow the team size.
#include "burn.h"

int main(void)
{
  burn(8);
#pragma omp parallel for schedule(static) // @loop
  for (int i = 0; i < 64; i++)
    burn(1);
  return 0;
}
