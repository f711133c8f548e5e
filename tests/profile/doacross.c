// A doacross loop (ordered(1) with depend(sink) and depend(source)): each
// iteration's code after its sink follows the previous iteration's code up to
// its source (doc/SEMANTICS.md rule 7), a chain across the chunks that the
// span does not follow: the report says so, as for ordered regions (JSON
// span_lower_bound true, and a warning).  Before, nothing was said and the
// loop's parallelism was overstated silently.
//
// RUN: %ompadv cc -O1 %s -o %t
// RUN: %ompadv profile -q --threads 2 --format json --output %t.json %t 2> %t.err > %t.out
// RUN: grep -q '"span_lower_bound": true' %t.json
// RUN: grep -q "ordered depend(sink/source) points" %t.err
// RUN: grep -q "a\[63\] = 63" %t.out
#include <stdio.h>
int a[64];
int main(void)
{
#pragma omp parallel for ordered(1) schedule(static, 1) num_threads(2)
  for (int i = 1; i < 64; i++) {
#pragma omp ordered depend(sink : i - 1)
    a[i] = a[i - 1] + 1;
#pragma omp ordered depend(source)
  }
  printf("a[63] = %d\n", a[63]);
  return 0;
}
