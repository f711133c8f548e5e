// The text report: the header line, and one row per directive with its
// construct and source line.
//
//   burn(60); parallel num_threads(2) { for schedule(dynamic, 1): 8 x
//   burn(20); single { 2 tasks of burn(40) }; critical burn(20) }; burn(60)
//   work = 60 + 160 + 80 + 2 * 20 + 60 = 400 ms
//   span = 60 + 20 + 40 + 20 + 60      = 200 ms
//   parallelism = 2.00 (checked loosely here, 1.80-2.19; the JSON tests check
//   the figures)
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime %t 2>&1 | %FileCheck %s --check-prefixes=CHECK,CPU
// RUN: %ompadv profile -q --threads 2 --metric tsc --output %t.txt %t
// RUN: %FileCheck %s --check-prefixes=CHECK,TSC < %t.txt
// The header: parallelism P.PP (2.00 within 10%), work and span in seconds
// (both metrics are clocks: cputime, and tsc at the rate the run measured),
// the metric, the team size, the tasking overhead.  Then a blank line, the
// directory the locations lie in (the test runs elsewhere), the column
// heads, the main row (the whole program: the same figures as the header),
// and one row per directive, in any order, nothing else.
// CPU: {{^}}parallelism [[P:1\.[89][0-9]|2\.[01][0-9]]]  (work [[W:[0-9.]+ [mun]?s]], span [[S:[0-9.]+ [mun]?s]], cputime; 2 threads; tasking overhead {{[0-9]+\.[0-9]}}%){{$}}
// TSC: {{^}}parallelism [[P:1\.[89][0-9]|2\.[01][0-9]]]  (work [[W:[0-9.]+ [mun]?s]], span [[S:[0-9.]+ [mun]?s]], tsc; 2 threads; tasking overhead {{[0-9]+\.[0-9]}}%){{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^  locations in /.*/tests/profile/$}}
// CHECK-NEXT: {{^  location +construct +work +serial +parallelism +serial% +tasking%$}}
// CHECK-NEXT: {{^  main +main +}}[[W]]{{ +}}[[S]]{{ +}}[[P]]{{ +[0-9]+\.[0-9]% +[0-9]+\.[0-9]%$}}
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(60);
#pragma omp parallel num_threads(2)
// CHECK-DAG: {{^  text-format.c:}}[[#@LINE-1]]{{ +parallel +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +[0-9]+\.[0-9][0-9] +[0-9]+\.[0-9]% +[0-9]+\.[0-9]%$}}
  {
#pragma omp for schedule(dynamic, 1)
// CHECK-DAG: {{^  text-format.c:}}[[#@LINE-1]]{{ +for +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +[0-9]+\.[0-9][0-9] +[0-9]+\.[0-9]% +[0-9]+\.[0-9]%$}}
    for (int i = 0; i < 8; i++)
      burn(20);
#pragma omp single
// CHECK-DAG: {{^  text-format.c:}}[[#@LINE-1]]{{ +single +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +[0-9]+\.[0-9][0-9] +[0-9]+\.[0-9]% +[0-9]+\.[0-9]%$}}
    {
#pragma omp task
// CHECK-DAG: {{^  text-format.c:}}[[#@LINE-1]]{{ +task +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +[0-9]+\.[0-9][0-9] +[0-9]+\.[0-9]% +[0-9]+\.[0-9]%$}}
      burn(40);
#pragma omp task
// CHECK-DAG: {{^  text-format.c:}}[[#@LINE-1]]{{ +task +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +[0-9]+\.[0-9][0-9] +[0-9]+\.[0-9]% +[0-9]+\.[0-9]%$}}
      burn(40);
    }
#pragma omp critical
// CHECK-DAG: {{^  text-format.c:}}[[#@LINE-1]]{{ +critical +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +[0-9]+\.[0-9][0-9] +[0-9]+\.[0-9]% +[0-9]+\.[0-9]%$}}
    burn(20);
  }
  burn(60);
  return 0;
}
// CHECK-NOT: {{.}}
