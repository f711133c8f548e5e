// Known answer (issue 34, item 1): schedule(static, 3) at other team sizes
// (doc/SEMANTICS.md rule 4: chunks of 3 iterations dealt round-robin).
//
//   parallel for schedule(static, 3): 20 iterations of burn(1): chunks
//   0..6, the last of 2 iterations.  Work 20 ms.  Thread p runs chunks
//   p, p + P, ...:
//     P = 1: 20 ms                      parallelism 1
//     P = 2: chunks 0,2,4,6 = 11 ms     1.818
//     P = 4: chunks 0,4 = 6 ms          3.333
//     P = 8: one chunk each, 3 ms       6.667 (and at 16)
//   An unchunked split would give 5 ms at 4 threads (parallelism 4).
//   Recorded at 3 threads (chunks 0,3,6 = 8 ms on thread 0), where each
//   thread's chunks are interleaved with the others'.
//   The span at 8 and 16 threads is the longest of 7 measured chunks, the
//   one noise swells most (3.155 ms on a loaded CI run): 8% tolerance,
//   which still tells 3 from an unchunked split's 2.5 and 6 from 5.
// ALLOW_RETRIES: 2
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv record -q --threads 3 --metric cputime -o %t.rec %t
// RUN: %ompadv scale -q -i %t.rec --max-threads 16 --format json --output %t.json
// RUN: python3 %inputs/scale/check.py %t.json --sane --tol 0.08 --recorded 3 --work 4=20 \
// RUN:   --span 1=20 --span 2=11 --span 4=6 --span 8=3 --span 16=3 \
// RUN:   --parallelism 4=3.333 --parallelism 16=6.667
#include "burn.h"

int main(void)
{
#pragma omp parallel for schedule(static, 3)
  for (int i = 0; i < 20; i++)
    burn(1);
  return 0;
}
