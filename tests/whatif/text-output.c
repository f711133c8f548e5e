// The text reports of the what-if analysis: `ompadv report` of an annotated
// recording (the what-if header line, the regions parallelized, a "before"
// column) and `ompadv whatif` (reached / NOT reachable, the steps).  The
// figures are checked by the JSON tests; here only their consistency: the
// main row shows the header's parallelism after, and before.
//
//   ompadv_whatif_begin(16); burn(40); ompadv_whatif_end(); parallel
//   num_threads(2): burn(20) each
//   work 80 ms, span 60 -> 2.5 + 20 = 22.5: what-if parallelism 1.33 -> 3.56;
//   whatif (which ignores the annotations) picks the same region first.
//
// RUN: %ompadv cc -O1 -I%inputs/profile -I%srcdir/include %s -o %t
// RUN: env OMPADV_TASK_COST=100,50 %ompadv record -q --threads 2 --metric cputime -o %t.data %t
// RUN: %ompadv report -q -i %t.data --output %t.report.txt
// RUN: %FileCheck %s --check-prefix=REPORT --input-file %t.report.txt -DREGION=$(python3 %S/check.py --name %s @begin-@end)
// RUN: %ompadv report -q -i %t.data --no-annotations --output %t.plain.txt
// RUN: %FileCheck %s --check-prefix=PLAIN --input-file %t.plain.txt
// RUN: %ompadv whatif -q -i %t.data --target 2 --output %t.reached.txt
// RUN: %FileCheck %s --check-prefix=REACHED --input-file %t.reached.txt -DREGION=$(python3 %S/check.py --name %s @begin-@end)
// RUN: %ompadv whatif -q -i %t.data --target 1000 --output %t.unreached.txt
// RUN: %FileCheck %s --check-prefix=UNREACHED --input-file %t.unreached.txt -DREGION=$(python3 %S/check.py --name %s @begin-@end)
//
// cputime is a clock: the amounts are in seconds.  The source lies outside
// the directory the test runs in: the locations are shown below their
// common directory, named once above the table.
// REPORT:      {{^}}what-if parallelism [[P0:[0-9]+\.[0-9][0-9]]] -> [[P1:[0-9]+\.[0-9][0-9]]]  (span {{[0-9.]+ [mun]?s}} -> {{[0-9.]+ [mun]?s}}, cputime; work {{[0-9.]+ [mun]?s}}; 2 threads; tasking overhead {{[0-9.]+}}%){{$}}
// REPORT-NEXT: {{^  parallelized (.*/)?}}[[REGION]] x16{{$}}
// REPORT-NEXT: {{^  \(1 fragments?; }}
// REPORT-EMPTY:
// REPORT-NEXT: {{^  locations in /.*/tests/whatif/$}}
// REPORT-NEXT: {{^  location +construct +work +serial +parallelism +serial% +tasking% +before$}}
// REPORT-DAG:  {{^  main +main +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +}}[[P1]]{{ +[0-9.]+% +[0-9.]+% +}}[[P0]]{{$}}
// REPORT-DAG:  {{^  text-output.c:[0-9]+ +parallel +[0-9.]+ [mun]?s +[0-9.]+ [mun]?s +[0-9]+\.[0-9][0-9] +[0-9.]+% +[0-9.]+% +[0-9]+\.[0-9][0-9]$}}
//
// PLAIN-NOT:   what-if
// PLAIN:       {{^}}parallelism {{[0-9.]+}}  (work
// PLAIN:       {{^  location +construct +work +serial +parallelism +serial% +tasking%$}}
// PLAIN-NOT:   before
//
// REACHED:      {{^}}what-if target parallelism 2 at 2 threads: reached (parallelism [[P0:[0-9]+\.[0-9][0-9]]] -> [[P1:[0-9]+\.[0-9][0-9]]] with 1 region parallelized x16; serial work in seconds, cputime){{$}}
// REACHED-EMPTY:
// REACHED-NEXT: {{^  regions in /.*/tests/whatif/$}}
// REACHED-NEXT: {{^  step +region +serial work +parallelism +gain$}}
// REACHED-NEXT: {{^ +1  }}[[REGION]]{{ +[0-9.]+ [mun]?s +}}[[P1]]{{ +[0-9]+\.[0-9][0-9]x$}}
// REACHED-NOT:  {{.}}
//
// UNREACHED:      {{^}}what-if target parallelism 1000 at 1000 threads: NOT reachable by parallelizing regions (parallelism {{[0-9.]+}} -> [[P:[0-9]+\.[0-9][0-9]]] with {{[0-9]+}} regions parallelized x16; serial work in seconds, cputime){{$}}
// UNREACHED-NEXT: {{^  \(recorded with 2 threads: parallelism [0-9.]+ there; ompadv scale shows every team size\)$}}
// UNREACHED-EMPTY:
// UNREACHED-NEXT: {{^  regions in /.*/tests/whatif/$}}
// UNREACHED-NEXT: {{^  step +region +serial work +parallelism +gain$}}
// UNREACHED-NEXT: {{^ +1  (.*/)?}}[[REGION]]{{ }}
// UNREACHED:      {{ }}[[P]]{{ +[0-9]+\.[0-9][0-9]x$}}
// UNREACHED-EMPTY:
// UNREACHED-NEXT: {{^  (no other region is on the critical path|every other region holds less than 1% of the critical path)}}
#include <omp.h>
#include "burn.h"
#include "ompadv.h"

int main(void)
{
  ompadv_whatif_begin(16.0); // @begin
  burn(40);
  ompadv_whatif_end(); // @end
#pragma omp parallel num_threads(2)
  burn(20);
  return 0;
}
