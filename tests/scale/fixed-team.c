// Known answer (issue 34, item 1): regions whose team size the program
// chose keep it at every team size.
//
//   burn(8) serially;
//   parallel num_threads(2) { for schedule(static): 16 x burn(1) }: 8 ms of
//     span at any team size (2 threads, 8 iterations each);
//   parallel if(argc > 5) (false: a team of one) { for: 16 x burn(1) }: 16 ms;
//   parallel for schedule(static): 16 x burn(1), which does scale.
//   Work = 8 + 16 + 16 + 16 = 56 ms; span = 8 + 8 + 16 + ceil(16 / P):
//     P = 1: 48 (parallelism 1.167; the num_threads region still has 2
//     threads), 2: 40 (1.4), 4: 36 (1.556), 16: 33 (1.697)
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv record -q --threads 2 --metric cputime -o %t.rec %t
// RUN: %ompadv scale -q -i %t.rec --max-threads 16 --format json --output %t.json
// RUN: python3 %inputs/scale/check.py %t.json --sane --fixed 2 --work 16=56 \
// RUN:   --span 1=48 --span 2=40 --span 4=36 --span 16=33 --parallelism 16=1.697
#include "burn.h"

int main(int argc, char **argv)
{
  (void)argv;
  burn(8);
#pragma omp parallel num_threads(2)
  {
#pragma omp for schedule(static)
    for (int i = 0; i < 16; i++)
      burn(1);
  }
#pragma omp parallel if (argc > 5)
  {
#pragma omp for schedule(static)
    for (int i = 0; i < 16; i++)
      burn(1);
  }
#pragma omp parallel for schedule(static)
  for (int i = 0; i < 16; i++)
    burn(1);
  return 0;
}
