// ompadv diff runs the program twice, and both runs must read the same
// standard input: a file (rewound between the runs) or a pipe (read once,
// kept, given to both).  The second run used to read nothing: this program
// then says so and exits 3, and every region was unmatched.
//
// RUN: %ompadv cc -O1 %s -o %t
// RUN: echo 3000 > %t.in
// RUN: %ompadv diff --threads 2 %t < %t.in > %t.file.out 2> %t.file.err; echo "exit status $?" >> %t.file.err
// RUN: %FileCheck --check-prefix=OUT %s < %t.file.out
// RUN: %FileCheck --check-prefix=ERR %s < %t.file.err
// RUN: echo 3000 | %ompadv diff --threads 2 %t > %t.pipe.out 2> %t.pipe.err; echo "exit status $?" >> %t.pipe.err
// RUN: %FileCheck --check-prefix=OUT %s < %t.pipe.out
// RUN: %FileCheck --check-prefix=ERR %s < %t.pipe.err
// OUT: n=3000 s=
// OUT-NEXT: n=3000 s=
// ERR-NOT: no number read
// ERR-NOT: unmatched
// ERR: exit status 0
#include <stdio.h>

int main(void)
{
  int n;
  if (scanf("%d", &n) != 1) {
    fprintf(stderr, "no number read\n");
    return 3;
  }
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 2000; j++)
      s += (i * j) % 7;
  printf("n=%d s=%g\n", n, s);
  return 0;
}
