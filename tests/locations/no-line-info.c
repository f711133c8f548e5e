// Code without line information (built without -g, or stripped): each
// location is named by its function and the offset in it, or by the object
// and the offset in it, the same in every run.  They used to carry the
// absolute address (main.omp_outlined+0x55ca2174864b), which changes from run
// to run, and diff lumped every region into one "(unknown source)".
//
// RUN: %ompadv cc -O1 -g0 %s -o %t
// RUN: %ompadv profile -q --threads 2 --format csv --output %t.1.csv %t
// RUN: %ompadv profile -q --threads 2 --format csv --output %t.2.csv %t
// RUN: cut -d, -f1,2 %t.1.csv | sort > %t.1.names && cut -d, -f1,2 %t.2.csv | sort > %t.2.names
// RUN: cmp %t.1.names %t.2.names
// RUN: %FileCheck --check-prefix=NAMES %s < %t.1.names
// NAMES-DAG: {{^}}main+0x{{[0-9a-f]+}},parallel
// NAMES-DAG: {{^}}work.omp_outlined+0x{{[0-9a-f]+}},for
// NAMES-NOT: 0x{{[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]}}
//
// RUN: %ompadv diff --threads 2 %t > /dev/null 2> %t.diff
// RUN: %FileCheck --check-prefix=DIFF %s < %t.diff
// DIFF-NOT: unknown source
// DIFF: main+0x{{[0-9a-f]+}}-{{.*}}+0x{{[0-9a-f]+}}
//
// Stripped: the executable's name and the offset in it.
// RUN: cp %t %t.stripped && strip %t.stripped
// RUN: %ompadv profile -q --threads 2 --format csv --output %t.s.csv %t.stripped
// RUN: %FileCheck --check-prefix=STRIP %s < %t.s.csv
// STRIP: no-line-info.c.tmp.stripped+0x{{[0-9a-f]+}},parallel
#include <stdio.h>

static double work(int n)
{
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 2000; j++)
      s += (i * j) % 7;
  return s;
}

int main(void)
{
  double t = 0;
#pragma omp parallel for reduction(+ : t) schedule(dynamic)
  for (int i = 0; i < 3000; i++)
    for (int j = 0; j < 1000; j++)
      t += (i ^ j) & 3;
  printf("%g %g\n", work(3000), t);
  return 0;
}
