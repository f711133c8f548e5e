// ompadv leaves the target's stdout alone: byte for byte what the bare
// program writes, including output from inside parallel regions and a last
// line without a newline.
// RUN: %clang -fopenmp -g %s -o %t
// RUN: %t > %t.bare
// RUN: %ompadv trace %t 2>/dev/null > %t.traced
// RUN: diff %t.bare %t.traced
// And with stdout a pipe.
// RUN: %ompadv trace %t 2>/dev/null | cat > %t.piped
// RUN: diff %t.bare %t.piped
// RUN: %FileCheck %s < %t.traced
// CHECK: first line
// CHECK-NEXT: inside the region: team of 2
// CHECK-NEXT: sum=4950
// CHECK-NEXT: {{^}}no newline at the end{{$}}
#include <omp.h>
#include <stdio.h>

int main(void)
{
  int sum = 0;
  printf("first line\n");
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    printf("inside the region: team of %d\n", omp_get_num_threads());
  }
#pragma omp parallel for num_threads(2) reduction(+ : sum)
  for (int i = 0; i < 100; i++)
    sum += i;
  printf("sum=%d\n", sum);
  printf("no newline at the end");
  return 0;
}
