// Known answer (issue 34, item 1): a static loop whose iterations cost more
// and more, re-split from two measured blocks.
//
//   parallel for schedule(static): iteration i (0..31) burns 0.25 (i + 1)
//   ms: work 0.25 x (32 x 33 / 2) = 132 ms.  With P threads the last block
//   is the longest: iterations 32 - 32/P .. 31.
//     P = 4: iterations 24..31, 0.25 x (25 + ... + 32) = 57 ms, parallelism 2.316
//     P = 8: 28..31, 30.5 ms, 4.328;  P = 16: 30..31, 15.75 ms, 8.381;
//     P = 32: 8 ms, 16.5
//   Recorded at 2 threads: blocks of 34 and 98 ms.  Taken as uniform inside
//   each block, P = 4 would give 49 ms (2.69) and P = 32 6.1 ms (21.6); the
//   cost per iteration is linear in i, which the means of two neighbouring
//   blocks give exactly (doc/SCALE.md).
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv record -q --threads 2 --metric cputime -o %t.rec %t
// RUN: %ompadv scale -q -i %t.rec --max-threads 32 --format json --output %t.json
// RUN: python3 %inputs/scale/check.py %t.json --sane --tol 0.04 --work 32=132 \
// RUN:   --span 4=57 --span 8=30.5 --span 16=15.75 --span 32=8 --parallelism 4=2.316
#include "burn.h"

int main(void)
{
#pragma omp parallel for schedule(static)
  for (int i = 0; i < 32; i++)
    burn(0.25 * (i + 1));
  return 0;
}
