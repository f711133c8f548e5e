// Sections one thread runs are merged (issue 32, item 5), and the report
// must say so.  Each section is a chunk of its own (doc/SEMANTICS.md rule 5),
// but libomp deals a thread its sections as one static block with one
// dispatch and no event between them (sections-many.c: the figures stay
// wrong, XFAIL), so the profile warns whenever a sections construct has
// more sections than threads, and JSON says "span_upper_bound": true.
//
//   parallel { sections: 4 sections of burn(20) }
//   By rule 5: work 80, span 20 -> 4.00 at any team size.
//   1 and 2 threads: a thread runs several sections: the warning, and
//     span_upper_bound true (it said nothing: span 80 and 40 silently).
//   4 threads: one section each, nothing merged: parallelism 4.00 (the
//     sections row too), no warning, span_upper_bound false.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile --threads 1 --metric cputime --format json --output %t.1.json %t 2> %t.1.err
// RUN: %FileCheck --check-prefix=MERGED %s < %t.1.err
// RUN: grep -q '"span_upper_bound": true' %t.1.json
// RUN: %ompadv profile --threads 2 --metric cputime --format json --output %t.2.json %t 2> %t.2.err
// RUN: %FileCheck --check-prefix=MERGED %s < %t.2.err
// RUN: grep -q '"span_upper_bound": true' %t.2.json
// MERGED: ompadv: warning: a sections construct had more sections than threads: libomp reports no boundary between the sections one thread runs, so they count as one serial chunk
// RUN: %ompadv profile --threads 4 --metric cputime --format json --output %t.4.json %t 2> %t.4.err
// RUN: not grep -q 'sections construct had more sections' %t.4.err
// RUN: grep -q '"span_upper_bound": false' %t.4.json
// RUN: python3 %inputs/profile/check.py %t.4.json --source %s --threads 4 --parallelism 4.0 \
// RUN:   --region @sections:sections:parallelism=4.0
#include <omp.h>
#include "burn.h"

int main(void)
{
#pragma omp parallel
#pragma omp sections // @sections
  {
#pragma omp section
    burn(20);
#pragma omp section
    burn(20);
#pragma omp section
    burn(20);
#pragma omp section
    burn(20);
  }
  return 0;
}
