// --threads N sets OMP_NUM_THREADS=N for the target, over the environment's.
// RUN: %clang -fopenmp -g %s -o %t
// RUN: %ompadv trace --threads 3 %t > %t.out 2> %t.trace
// RUN: %FileCheck --check-prefix=OUT %s < %t.out
// RUN: %FileCheck --check-prefix=TRACE %s < %t.trace
// RUN: env OMP_NUM_THREADS=5 %ompadv trace --threads=3 %t > %t.env.out 2> %t.env.trace
// RUN: %FileCheck --check-prefix=OUT %s < %t.env.out
// RUN: %FileCheck --check-prefix=TRACE %s < %t.env.trace
// OUT: OMP_NUM_THREADS=3
// OUT-NEXT: max_threads=3
// OUT-NEXT: team=3
// TRACE: {{^[0-9]+}}: parallel_begin: {{.*}}requested=3
// TRACE-COUNT-3: {{^[0-9]+}}: implicit_task_begin: {{.*}}flags=implicit
// TRACE-NOT: {{^[0-9]+}}: implicit_task_begin: {{.*}}flags=implicit
// TRACE: ompadv: trace: {{[0-9]+}} events
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
  const char *env = getenv("OMP_NUM_THREADS");
  int team = 0;
  printf("OMP_NUM_THREADS=%s\n", env ? env : "(unset)");
  printf("max_threads=%d\n", omp_get_max_threads());
#pragma omp parallel
  {
#pragma omp single
    team = omp_get_num_threads();
  }
  printf("team=%d\n", team);
  return 0;
}
