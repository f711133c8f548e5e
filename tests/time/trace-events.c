// ompadv time --trace-events: each thread's timeline as Chrome trace
// events, checked against the format's documented fields and against this
// program's known structure (tests/inputs/time/trace_events.py):
//   2 threads; thread 0 burns 60 ms, thread 1 20 ms, then an explicit
//   barrier (@bar): thread 1 waits there about 40 ms;
//   then one thread creates 4 tasks (@task) of 10 ms each and waits for
//   them (@tw): 4 task events of at least 10 ms, on the two threads.
// RUN: %ompadv cc -O1 -I%inputs/time %s -o %t
// RUN: %ompadv time -q --threads 2 --output /dev/null --trace-events %t.json -o %t.data %t
// RUN: python3 %inputs/time/trace_events.py %t.json --source %s --threads 2
// The same file from the recording, and a name with %r: the rank (0 outside MPI).
// RUN: rm -f %t.0.json
// RUN: %ompadv time -i %t.data --output /dev/null --trace-events %t.%%r.json
// RUN: python3 %inputs/time/trace_events.py %t.0.json --source %s --threads 2
// With --html the analysis reads the recording with its replay: the same events.
// RUN: %ompadv time -i %t.data --html %t.html --output /dev/null --trace-events %t.replay.json
// RUN: python3 %inputs/time/trace_events.py %t.replay.json --source %s --threads 2
// Several recordings (the ranks of an MPI job): one file, each a process.
// RUN: cp %t.data %t.r0.data && cp %t.data %t.r1.data
// RUN: %ompadv time -i '%t.r*.data' --format csv --output %t.csv --trace-events %t.ranks.json
// RUN: python3 %inputs/time/trace_events.py %t.ranks.json --source %s --threads 2 --ranks 2
// RUN: %FileCheck --check-prefix=CSV %s < %t.csv
// CSV: rank,location,construct,work
// CSV: 1,{{.*}}trace-events.c
// Bad uses: no name; several recordings with --timeline; the trace names an input.
// RUN: not %ompadv time -i %t.data --trace-events '' 2>&1 | %FileCheck --check-prefix=EMPTY %s
// EMPTY: time: --trace-events needs a file name
// RUN: not %ompadv time -i '%t.r*.data' --timeline %t.tl 2>&1 | %FileCheck --check-prefix=SEVERAL %s
// SEVERAL: time: --timeline draws one recording; give one -i FILE
// RUN: not %ompadv time -i %t.data --trace-events %t.data 2>&1 | %FileCheck --check-prefix=CLASH %s
// CLASH: give --trace-events a file of its own
#include <omp.h>
#include <stdio.h>

#include "burn.h"

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    burn_ms(NULL, omp_get_thread_num() == 0 ? 60 : 20);
#pragma omp barrier // @bar
#pragma omp single
    {
      for (int i = 0; i < 4; i++) {
#pragma omp task // @task
        burn_ms(NULL, 10);
      }
#pragma omp taskwait // @tw
    }
  }
  puts("done");
  return 0;
}
