// Known answers: imbalance at a barrier, and serial code between parallel
// regions.
//   region 1: thread 0 burns 60 ms, thread 1 20 ms, then a barrier: thread
//             1 waits 40 ms there with nothing ready (no-work), blamed on
//             the region's code that thread 0 ran;
//   serial:   the initial thread burns 50 ms between the regions; the other
//             thread is idle (no-work), blamed on main;
//   region 2: both burn 20 ms.
// Work = 60 + 20 + 50 + 40 = 170 ms.  The breakdown adds up to threads x
// wall.
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: %ompadv time -q --threads 2 --format json --output %t.json --timeline %t.csv %t
// RUN: python3 %inputs/time/check.py %t.json --source %s --sum --timeline %t.csv \
// RUN:   --row @bar:barrier:no_work=0.040~0.15 --row main:main:work=0.050 \
// RUN:   --row @par1:parallel:blamed=0.040~0.15 --row main:main:blamed=0.050~0.15 \
// RUN:   --finding barrier_imbalance@@bar --finding serial_code@main
// The timeline: a header and at most 10,000 rows.
// RUN: head -1 %t.csv | grep -qx 'time,running,ready,lock_wait'
// RUN: test "$(wc -l < %t.csv)" -le 10001
#include <omp.h>
#include "burn.h"

int main(void)
{
#pragma omp parallel num_threads(2) // @par1
  {
    burn_ms(omp_get_thread_num() == 0 ? 60 : 20);
#pragma omp barrier // @bar
  }
  burn_ms(50);
#pragma omp parallel num_threads(2)
  burn_ms(20);
  return 0;
}
