// Known answer: lock contention.  Two threads take turns in one critical
// section, 10 times each, holding it 10 ms (libomp's critical is a queuing
// lock: they alternate).  The critical's work is 20 x 10 = 200 ms; every
// entry but the first waits for the other thread's 10 ms: lock wait
// 19 x 10 = 190 ms, blamed on the critical (the code that held the lock).
// The breakdown adds up to threads x wall.
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: %ompadv time -q --threads 2 --format json --output %t.json --timeline %t.csv %t
// RUN: python3 %inputs/time/check.py %t.json --source %s --sum --timeline %t.csv \
// RUN:   --row @crit:critical:work=0.200 --row @crit:lock:lock_wait=0.190~0.15 \
// RUN:   --row @crit:critical:blamed=0.190~0.15 --finding lock_contention@@crit
#include "burn.h"

int main(void)
{
#pragma omp parallel num_threads(2)
  for (int i = 0; i < 10; i++) {
#pragma omp critical // @crit
    burn_ms(10);
  }
  return 0;
}
