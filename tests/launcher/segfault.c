// A target that segfaults inside a parallel region, after some constructs:
// ompadv says it was killed by signal 11, still prints the events recorded
// before the crash, and exits 128+11.
// RUN: %clang -fopenmp -g %s -o %t
// RUN: %ompadv trace %t > %t.out 2>&1; test $? -eq 139
// RUN: %FileCheck %s < %t.out
#include <omp.h>
#include <stdio.h>

volatile int *volatile null_pointer;
int before;

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  // CHECK: {{^[0-9]+}}: parallel_begin: {{.*}} loc={{.*}}segfault.c:[[@LINE+1]]
#pragma omp parallel num_threads(2)
  {
    // CHECK: {{^[0-9]+}}: single_executor_begin: {{.*}} loc={{.*}}segfault.c:[[@LINE+1]]
#pragma omp single
    before = omp_get_num_threads();
  }
  // CHECK: {{^[0-9]+}}: parallel_end:
  printf("first region done: team of %d\n", before);
  // CHECK: {{^[0-9]+}}: parallel_begin: {{.*}} loc={{.*}}segfault.c:[[@LINE+2]]
  // CHECK-NOT: {{^[0-9]+}}: parallel_end:
#pragma omp parallel num_threads(2)
  {
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      *null_pointer = 1;
#pragma omp barrier
  }
  printf("not reached\n");
  return 0;
}
// CHECK: ompadv: the OpenMP runtime did not finish (the program ended in _exit, a signal or a crash): the trace holds the events up to that point
// CHECK: ompadv: trace: {{[0-9]+}} events
// CHECK: ompadv: '{{.*}}' was killed by signal 11 (Segmentation fault)
// CHECK-NOT: {{.}}
