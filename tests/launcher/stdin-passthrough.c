// The target reads ompadv's stdin.
// RUN: %clang -fopenmp -g %s -o %t
// RUN: printf 'hello from stdin\nsecond line\n' | %ompadv trace %t 2> %t.err > %t.out
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck --check-prefix=TRACE %s < %t.err
// CHECK: got: hello from stdin
// CHECK-NEXT: got: second line
// CHECK-NEXT: lines=2
// TRACE: {{^[0-9]+}}: parallel_begin:
// TRACE: ompadv: trace: {{[0-9]+}} events
#include <stdio.h>
#include <string.h>

int main(void)
{
  char line[128];
  int lines = 0;
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    while (fgets(line, sizeof line, stdin)) {
      line[strcspn(line, "\n")] = 0;
      printf("got: %s\n", line);
      lines++;
    }
  }
  printf("lines=%d\n", lines);
  return 0;
}
