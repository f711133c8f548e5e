// Known answer (issue 34, item 1): a static loop re-split at other team
// sizes from one recording at 2 threads (doc/SEMANTICS.md rule 4).
//
//   burn(8) serially, then parallel for schedule(static): 64 iterations of
//   burn(1).  Work = 8 + 64 = 72 ms at every team size.  With P threads the
//   schedule gives each thread ceil(64 / P) or floor(64 / P) iterations, so
//   span = 8 + ceil(64 / P) ms:
//     P      1    2    4    8   16   32   64  128
//     span  72   40   24   16   12   10    9    9
//     par    1  1.8    3  4.5    6  7.2    8    8
//   At 128 threads half of the threads get no iteration: a model that split
//   the loop's work evenly (no trip count) would say 8 + 0.5 ms, 8.47.
//   The limiting location is the loop while it holds most of the span
//   (64 of 72 ms at 1 thread) and main's serial code from 16 threads on
//   (8 of 12 ms).
//   (The work, and so the parallelism, is checked up to 32 threads, the
//   span up to 128: each thread's own code outside
//   the loop, tens of microseconds of libomp's residue here, is replicated
//   at every team size, which is right, but 126 more threads of it move the
//   total by a few percent.)
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv record -q --threads 2 --metric cputime -o %t.rec %t
// RUN: %ompadv scale -q -i %t.rec --format json --output %t.json
// RUN: python3 %inputs/scale/check.py %t.json --source %s --tol 0.03 --sane --recorded 2 --fixed 0 \
// RUN:   --work 1=72 --work 16=72 --span 1=72 --span 4=24 --span 16=12 --span 64=9 \
// RUN:   --parallelism 2=1.8 --parallelism 8=4.5 --parallelism 32=7.2 --span 128=9 \
// RUN:   --limit 1=@loop --limit 16=main --limit 128=main
// The same from a recording at 1 thread: libomp names no share in a team of
// one (no dispatch), and the loop must still be a static loop, not code
// every thread runs (it was: work 2P x 64 + 8, span unchanged).
// RUN: %ompadv record -q --threads 1 --metric cputime -o %t.1.rec %t
// RUN: %ompadv scale -q -i %t.1.rec --max-threads 16 --format json --output %t.1.json
// RUN: python3 %inputs/scale/check.py %t.1.json --source %s --tol 0.03 --sane --recorded 1 \
// RUN:   --work 16=72 --span 1=72 --span 2=40 --span 4=24 --span 16=12
// The same from a run, not a recording, at 4 threads (a team larger than
// the cores: the cputime metric leaves the waits out).
// RUN: %ompadv scale -q --threads 4 --metric cputime --max-threads 16 --format json --output %t.4.json %t
// RUN: python3 %inputs/scale/check.py %t.4.json --source %s --sane --recorded 4 \
// RUN:   --span 1=72 --span 2=40 --span 16=12 --parallelism 8=4.5
#include "burn.h"

int main(void)
{
  burn(8);
#pragma omp parallel for schedule(static) // @loop
  for (int i = 0; i < 64; i++)
    burn(1);
  return 0;
}
