// A target that calls _exit(5) inside a parallel region (the runtime never
// finalizes): exit 5, the events up to then, and the note saying so.
// RUN: %clang -fopenmp -g %s -o %t
// RUN: %ompadv trace %t > %t.out 2>&1; test $? -eq 5
// RUN: %FileCheck %s < %t.out
// After a parallel region, outside of any: same, exit 6.
// RUN: %ompadv trace %t after > %t.after 2>&1; test $? -eq 6
// RUN: %FileCheck --check-prefix=AFTER %s < %t.after
#include <omp.h>
#include <unistd.h>

int team;

int main(int argc, char **argv)
{
  (void)argv;
  // CHECK: {{^[0-9]+}}: parallel_begin: {{.*}} loc={{.*}}underscore-exit.c:[[@LINE+3]]
  // CHECK: {{^[0-9]+}}: parallel_end: {{.*}} loc={{.*}}underscore-exit.c:[[@LINE+2]]
  // AFTER: {{^[0-9]+}}: parallel_begin: {{.*}} loc={{.*}}underscore-exit.c:[[@LINE+1]]
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    team = omp_get_num_threads();
  }
  // AFTER: {{^[0-9]+}}: parallel_end:
  // AFTER-NOT: {{^[0-9]+}}: parallel_begin:
  if (argc > 1)
    _exit(6);
  // CHECK: {{^[0-9]+}}: parallel_begin: {{.*}} loc={{.*}}underscore-exit.c:[[@LINE+2]]
  // CHECK-NOT: {{^[0-9]+}}: parallel_end:
#pragma omp parallel num_threads(2)
  {
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      _exit(5);
#pragma omp barrier
  }
  return 0;
}
// CHECK: ompadv: the OpenMP runtime did not finish (the program ended in _exit, a signal or a crash): the trace holds the events up to that point
// CHECK: ompadv: trace: {{[0-9]+}} events
// CHECK-NOT: killed by signal
// AFTER: ompadv: the OpenMP runtime did not finish (the program ended in _exit, a signal or a crash): the trace holds the events up to that point
// AFTER: ompadv: trace: {{[0-9]+}} events
// AFTER-NOT: killed by signal
