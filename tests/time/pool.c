// Known answer: the life of tasks that wait in the pool.  One thread
// creates 4 tasks of 20 ms, then burns 100 ms itself; the other thread runs
// the tasks one after another, so they wait 0, 20, 40 and 60 ms in the pool
// after their creation: median (the third smallest) 40 ms, max 60 ms; each
// runs 20 ms and is never suspended.
// ALLOW_RETRIES: 2
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: %ompadv time -q --threads 2 --format json --output %t.json --timeline %t.csv %t
// RUN: python3 %inputs/time/check.py %t.json --source %s --sum --timeline %t.csv \
// RUN:   --task @task:exec.median=0.020 --task @task:exec.total=0.080 \
// RUN:   --task @task:wait.median=0.040~0.2 --task @task:wait.max=0.060~0.2 \
// RUN:   --row @task:task:work=0.080 --row @single:single:work=0.100
#include "burn.h"

int main(void)
{
#pragma omp parallel num_threads(2)
#pragma omp single // @single
  {
    for (int i = 0; i < 4; i++) {
#pragma omp task // @task
      burn_ms(20);
    }
    burn_ms(100);
  }
  return 0;
}
