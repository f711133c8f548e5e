// The target's exit status is ompadv's, and the trace is still printed.
// RUN: %clang -fopenmp -g %s -o %t
// RUN: %ompadv trace %t > %t.out 2>&1; test $? -eq 3
// RUN: %FileCheck %s < %t.out
// RUN: %ompadv trace %t 0 > %t.zero 2>&1
// RUN: %FileCheck --check-prefix=ZERO %s < %t.zero
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int n = 0;
  // CHECK: {{^[0-9]+}}: parallel_begin: {{.*}} loc={{.*}}exit-status.c:[[@LINE+3]]
  // CHECK: {{^[0-9]+}}: parallel_end:
  // ZERO: {{^[0-9]+}}: parallel_begin:
#pragma omp parallel num_threads(2) reduction(+ : n)
  n++;
  printf("n=%d\n", n);
  return argc > 1 ? atoi(argv[1]) : 3;
}
// CHECK: ompadv: trace: {{[0-9]+}} events
// CHECK-NOT: killed
// CHECK-NOT: did not finish
// ZERO: ompadv: trace: {{[0-9]+}} events
