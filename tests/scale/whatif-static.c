// Known answer (issue 34, item 3): whatif at the team size of its target
// never proposes a static loop, which that team already splits.
//
//   burn(8) serially, then parallel for schedule(static): 64 x burn(1).
//   Recorded at 2 threads the loop holds 32 of the 40 ms of span, and the
//   old whatif proposed it first.  At 6 threads (--target 6) the loop's
//   blocks are 11 iterations at most: span 8 + 11 = 19, parallelism
//   72 / 19 = 3.79.  The only region left is main's serial code (start to
//   the loop): x16 makes it 0.5 ms, span 11.5, parallelism 72 / 11.5 = 6.26,
//   reached in one step.  With --threads-at 2: span 8 + 32 = 40 (1.8);
//   main's code x16 gives 72 / 32.5 = 2.22 and nothing else may be chosen.
//   report --region of main's code with --threads-at 8: span 8 + 8 = 16
//   (4.5) before, 0.5 + 8 = 8.5 (8.47) after.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv record -q --threads 2 --metric cputime -o %t.rec %t
// RUN: %ompadv whatif -q -i %t.rec --target 6 --format json --output %t.json
// RUN: python3 %S/../whatif/check.py %t.json --source %s --before 3.79 --reached yes --nsteps 1 \
// RUN:   --step 1:start-@loop:6.26 --no-step @loop-@loop
// RUN: %ompadv whatif -q -i %t.rec --target 6 --output %t.txt
// RUN: %FileCheck %s --input-file %t.txt -DLOOP=$(python3 %S/../whatif/check.py --name %s @loop-@loop)
// CHECK: {{^}}what-if target parallelism 6 at 6 threads: reached (parallelism 3.{{[78][0-9]}} -> 6.2{{[0-9]}} with 1 region parallelized x16; serial work in cputime)
// CHECK-NEXT: {{^  \(recorded with 2 threads: parallelism 1\.[78][0-9] there; ompadv scale shows every team size\)$}}
// CHECK-NEXT: {{^  static loop at (.*/)?}}[[LOOP]]: 6 blocks at 6 threads, already parallel (not a region to parallelize)
// RUN: %ompadv whatif -q -i %t.rec --target 6 --threads-at 2 --format json --output %t.2.json
// RUN: python3 %S/../whatif/check.py %t.2.json --source %s --before 1.8 --reached no --nsteps 1 \
// RUN:   --step 1:start-@loop:2.22 --no-step @loop-@loop
// RUN: %ompadv report -q -i %t.rec --threads-at 8 --region $(python3 %S/../whatif/check.py --name %s start-@loop) --format json --output %t.r.json
// RUN: python3 -c "import json, sys; w = json.load(open(sys.argv[1]))['whatif']; print(w); assert w['threads_at'] == 8 and abs(w['parallelism_before_at'] - 4.5) < 0.15 and abs(w['parallelism_after_at'] - 8.47) < 0.25" %t.r.json
#include "burn.h"

int main(void)
{
  burn(8);
#pragma omp parallel for schedule(static) // @loop
  for (int i = 0; i < 64; i++)
    burn(1);
  return 0;
}
