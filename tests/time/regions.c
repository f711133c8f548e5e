// Known answer: many parallel regions.  300 regions of two threads, thread
// 0 sleeping 2 ms and thread 1 1 ms in each: the regions' work is
// 300 x 3 ms = 0.9 s, and thread 1 has no work for 1 ms at the end of each
// (0.3 s, at the region's end or between regions).  The analysis's table
// of regions grows while threads wait in them (the crash of LULESH, whose
// 60 iterations run thousands of regions, before the waits named regions
// by index).  The breakdown adds up to threads x wall.
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: %ompadv time -q --threads 2 --format json --output %t.json --timeline %t.csv %t
// RUN: python3 %inputs/time/check.py %t.json --source %s --sum --timeline %t.csv \
// RUN:   --row @par:parallel:work=0.900 --no-work-total=0.300~0.25
#include <omp.h>
#include "burn.h"

int main(void)
{
  for (int i = 0; i < 300; i++) {
#pragma omp parallel num_threads(2) // @par
    burn_ms(omp_get_thread_num() == 0 ? 2 : 1);
  }
  return 0;
}
