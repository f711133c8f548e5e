// --output FILE: the trace goes to FILE; the target's own stderr (and
// stdout) stay where they were.
// RUN: %clang -fopenmp -g %s -o %t
// RUN: rm -f %t.report
// RUN: %ompadv trace --output %t.report %t > %t.stdout 2> %t.stderr
// RUN: %FileCheck --check-prefix=REPORT %s < %t.report
// RUN: %FileCheck --check-prefix=STDERR %s < %t.stderr
// RUN: %FileCheck --check-prefix=STDOUT %s < %t.stdout
// The --output=FILE spelling.
// RUN: %ompadv trace --output=%t.report2 %t > /dev/null 2> /dev/null
// RUN: %FileCheck --check-prefix=REPORT %s < %t.report2
#include <stdio.h>

int main(void)
{
  fprintf(stderr, "target stderr line\n");
  // REPORT-NOT: target
  // REPORT: {{^[0-9]+}}: parallel_begin: {{.*}} loc={{.*}}output-file.c:[[@LINE+1]]
#pragma omp parallel num_threads(2)
  {
  }
  // REPORT: {{^[0-9]+}}: parallel_end:
  printf("target stdout line\n");
  return 0;
}
// REPORT-NOT: target
// REPORT-NOT: ompadv:
// STDERR-NOT: {{^[0-9]+}}:
// STDERR: target stderr line
// STDERR-NOT: {{^[0-9]+}}:
// STDOUT-NOT: {{^[0-9]+}}:
// STDOUT: target stdout line
// STDOUT-NOT: {{^[0-9]+}}:
