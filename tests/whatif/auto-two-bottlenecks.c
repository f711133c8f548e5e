// Known answer for `ompadv whatif`: two serial bottlenecks of different sizes
// and a target that needs both, in the order of their size.
//
//   burn(300) (region start-@par1); parallel num_threads(2): burn(100) each
//   (@par1-@par1); burn(150) (@par1-@par2); parallel num_threads(2):
//   burn(80) each (@par2-@par2)
//   work = 300 + 200 + 150 + 160 = 810 ms
//   span = 300 + 100 + 150 + 80  = 630 ms, parallelism 810 / 630 = 1.286
// --factor 10, greedily the region with the most serial work on the
// critical path:
//   step 1 start-@par1 300 -> 30: span 360, parallelism 2.250
//   step 2 @par1-@par2 150 -> 15: span 225, parallelism 3.600
//   step 3 @par1-@par1 100 -> 10: span 135, parallelism 6.000
//   step 4 @par2-@par2  80 ->  8: span  63, parallelism 12.857
//   then only the few microseconds around the constructs are left
//   (@par2-end ...): they change nothing, 12.86 is the most reachable.
// --target 3 (between 2.25 and 3.60): reached after exactly steps 1 and 2.
// --target 1000: not reachable; steps 1-4 as above, no region twice (the
//   checker rejects repeats), ending at 12.86.
// --exclude start-@par1 --target 3: the 150 region first, span 300 + 100 +
//   15 + 80 = 495, parallelism 1.636; the 300 region never; not reachable
//   (even with everything else parallelized: 810 / (300 + 10 + 15 + 8) = 2.43).
// A wrong choice (the largest region anywhere rather than on the critical
// path, the smaller first, ...) shows in the order; ignoring the factor's
// remainder (serial work 0) gives 810 / 330 = 2.45 (+9%) after step 1 but
// 810 / 180 = 4.5 (+25%) after step 2.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: env OMPADV_TASK_COST=100,50 %ompadv record -q --threads 2 --metric cputime -o %t.data %t
// RUN: %ompadv whatif -q -i %t.data --target 3 --factor 10 --format json --output %t.3.json
// RUN: python3 %S/check.py %t.3.json --source %s --before 1.286 --reached yes --nsteps 2 \
// RUN:   --step 1:start-@par1:2.250 --step 2:@par1-@par2:3.600
// RUN: %ompadv whatif -q -i %t.data --target 1000 --factor 10 --format json --output %t.1000.json
// RUN: python3 %S/check.py %t.1000.json --source %s --before 1.286 --reached no \
// RUN:   --step 1:start-@par1:2.250 --step 2:@par1-@par2:3.600 --step 3:@par1-@par1:6.000 \
// RUN:   --step 4:@par2-@par2:12.857 --final 12.857
// RUN: %ompadv whatif -q -i %t.data --target 3 --factor 10 --exclude "$(python3 %S/check.py --name %s start-@par1)" \
// RUN:   --format json --output %t.excl.json
// RUN: python3 %S/check.py %t.excl.json --source %s --before 1.286 --reached no \
// RUN:   --step 1:@par1-@par2:1.636 --no-step start-@par1
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(300);
#pragma omp parallel num_threads(2) // @par1
  burn(100);
  burn(150);
#pragma omp parallel num_threads(2) // @par2
  burn(80);
  return 0;
}
