// Known answer (issue 34, item 1): a guided loop's chunks depend on the
// team size (libomp gives each chunk about remaining / 2P iterations, at
// least the chunk size; in a team of one it runs the loop as one block).
//
//   parallel for schedule(guided): 64 iterations of burn(2), 128 ms.
//   The chunks are logically parallel (doc/SEMANTICS.md rule 5), so the
//   span is the largest chunk, the first: 64 / 2P iterations, or 1 when
//   (2 x 1 + 1) P >= 64 (libomp then deals chunks of 1):
//     P      1    2    4    8   16   32
//     first 64   16    8    4    2    1
//     span 128   32   16    8    4    2 ms
//     par    1    4    8   16   32   64
//   Recorded at 2 threads (largest chunk 32 ms); the model kept the chunks
//   as recorded (parallelism 4 at every team size) before.  (main's own
//   code and libomp's residue, about 0.1 ms, add to every span: chunks of
//   burn(2) keep that within the tolerance at 16 threads, where one is 4 ms.)
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv record -q --threads 2 --metric cputime -o %t.rec %t
// RUN: %ompadv scale -q -i %t.rec --max-threads 32 --format json --output %t.json
// RUN: python3 %inputs/scale/check.py %t.json --sane --tol 0.06 --work 16=128 \
// RUN:   --span 1=128 --span 2=32 --span 4=16 --span 8=8 --span 16=4 \
// RUN:   --parallelism 2=4 --parallelism 8=16 --parallelism 16=32
#include "burn.h"

int main(void)
{
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < 64; i++)
    burn(2);
  return 0;
}
