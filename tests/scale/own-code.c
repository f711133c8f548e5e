// Known answer (issue 34, item 1): code outside worksharing at other team
// sizes, from a recording at 1 thread and one at 2.
//
//   region 1: every thread burn(2); the master burn(4) (thread 0 only, no
//     barrier): work 2P + 4, span 2 + 4 = 6 (thread 0's chain);
//   region 2: each thread takes iterations t, t + P, ... of 24 x burn(1),
//     the split it computes from omp_get_num_threads(): work 24, span
//     24 / P (P divides 24 below).
//   Work = 2P + 28, span = 6 + 24 / P:
//     P = 1: 30 / 30 = 1;  2: 32 / 18 = 1.778;  4: 36 / 12 = 3;
//     8: 44 / 9 = 4.889
//   Region 2's own code asked the team size: taken as split (1 such
//   region); region 1's is replicated.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv record -q --threads 1 --metric cputime -o %t.1.rec %t
// RUN: %ompadv scale -q -i %t.1.rec --max-threads 8 --format json --output %t.1.json
// RUN: python3 %inputs/scale/check.py %t.1.json --sane --recorded 1 --split 1 \
// RUN:   --work 1=30 --work 2=32 --work 4=36 --work 8=44 \
// RUN:   --span 1=30 --span 2=18 --span 4=12 --span 8=9 --parallelism 8=4.889
// RUN: %ompadv record -q --threads 2 --metric cputime -o %t.2.rec %t
// RUN: %ompadv scale -q -i %t.2.rec --max-threads 8 --format json --output %t.2.json
// RUN: python3 %inputs/scale/check.py %t.2.json --sane --recorded 2 --split 1 \
// RUN:   --work 1=30 --work 4=36 --work 8=44 --span 1=30 --span 4=12 --span 8=9
#include <omp.h>

#include "burn.h"

int main(void)
{
#pragma omp parallel
  {
    burn(2);
#pragma omp master
    burn(4);
  }
#pragma omp parallel
  {
    int n = omp_get_num_threads(), t = omp_get_thread_num();
    for (int i = t; i < 24; i += n)
      burn(1);
  }
  return 0;
}
