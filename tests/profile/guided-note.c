// schedule(guided): the runtime sizes the chunks from the team size, so the
// loop's parallelism depends on the team; the report says so beside the
// static loops' note (it said nothing).  With one thread libomp runs the
// loop as a static one and reports it as loop_static, but the program asked
// for guided chunks (doc/SEMANTICS.md rule 5, not rule 4): the note still names
// schedule(guided), never schedule(static) (issue 32, item 7: it said
// static).  The report of a recording names its own command in its notes
// ("report:", not "profile:").
//
// RUN: %ompadv cc -O1 %s -o %t
// RUN: %ompadv profile --threads 2 %t > /dev/null 2> %t.2.err
// RUN: %FileCheck --check-prefix=TWO %s < %t.2.err
// TWO: ompadv: profile: {{[0-9.]+}}% of the span is in schedule(guided) loops: their chunks are sized from the team size (2 threads), so their parallelism depends on it too; another team size gives other figures
// RUN: %ompadv profile --threads 1 %t > /dev/null 2> %t.1.err
// RUN: %FileCheck --check-prefix=ONE %s < %t.1.err
// ONE: ompadv: profile: {{[0-9.]+}}% of the span is in schedule(guided) loops: their chunks are sized from the team size (1 thread)
// ONE-NOT: schedule(static)
// RUN: %ompadv record -q --threads 2 -o %t.data %t > /dev/null
// RUN: %ompadv report -i %t.data --output /dev/null 2> %t.rep.err
// RUN: %FileCheck --check-prefix=REPORT %s < %t.rep.err
// REPORT: ompadv: report: {{[0-9.]+}}% of the span is in schedule(guided) loops
// REPORT-NOT: ompadv: profile:
#include <stdio.h>

int main(void)
{
  double s = 0;
#pragma omp parallel for reduction(+ : s) schedule(guided)
  for (int i = 0; i < 4000; i++)
    for (int j = 0; j < 2000; j++)
      s += (i * j) % 7;
  printf("%g\n", s);
  return 0;
}
