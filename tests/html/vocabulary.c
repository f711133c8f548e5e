// One vocabulary for text, JSON and page (issue 32): the pages of profile,
// report and whatif name their columns as the text reports do, with the
// text's meanings, and whatif's answer comes before the lists it is drawn
// from, the long ones collapsed behind a "show all".
//
// Known answer (--metric cputime, in ms; SEMANTICS rules 1-3: a parallel
// region is in series with the code around it, its threads side by side;
// rule 4: a static loop's iterations are its threads' shares):
//   burn(60) serial; parallel for static, 2 threads: 2 x burn(30);
//   then 12 parallel regions of 2 threads, each thread burn(1).
//   work = 60 + 2 x 30 + 12 x 2 x 1 = 144
//   span = 60 + 30 + 12 x 1         = 102,  parallelism 144 / 102 = 1.41
//   rows (text report: location construct work serial parallelism serial%
//   tasking%): main: serial 102 (the program's span), serial% 60 / 102 =
//   58.8%; the for: work 60, serial 30 (its longest share), serial% 30 /
//   102 = 29.4%; each of the 12 parallels: serial% 1 / 102 = 1.0%.
//   The critical path in order: main, the loop, the 12 parallels: at least
//   14 directives, more than the 10 the page shows before "show all".
//   whatif --target 2.5 --factor 16: the region with the most serial work on
//   the path is the source from line 1 to the parallel for (60 ms); x16 it
//   keeps 3.75: span 3.75 + 30 + 12 = 45.75, parallelism 144 / 45.75 = 3.15
//   >= 2.5: reached in one step.
// A page in another vocabulary shows "span" over the serial column or
// "serial work" for serial%; one with the answer at the end has the
// what-if section after the directives and the critical path.
//
// RUN: %ompadv cc -O1 -g -I%inputs/profile %s -o %t
// RUN: %ompadv record -q --threads 2 --metric cputime -o %t.rec %t
// RUN: %ompadv report -q -i %t.rec --output %t.txt
// RUN: %ompadv report -q -i %t.rec --format json --output %t.json
// RUN: %ompadv report -q -i %t.rec --html %t.r.html --output /dev/null
// RUN: python3 %inputs/html/vocabulary.py %t.r.html --text %t.txt --source %s --min-path-items 14 \
// RUN:   --row main:main:serial%=58.8 --row main:main:serial=102M \
// RUN:   --row @for:for:serial%=29.4 --row @for:for:serial=30M --row @for:for:work=60M
// RUN: python3 %inputs/html/browser.py %t.r.html --json profile=%t.json \
// RUN:   --sections headline,directives,critical-path > /dev/null
// The profile command's page: the same names (its critical path is by
// serial%, its order unknown online).
// RUN: %ompadv profile -q --threads 2 --metric cputime --html %t.p.html --output %t.p.txt %t
// RUN: python3 %inputs/html/vocabulary.py %t.p.html --text %t.p.txt --source %s --min-path-items 14
// whatif: the answer, then the steps in whatif's own text columns.
// RUN: %ompadv whatif -q -i %t.rec --target 2.5 --factor 16 --output %t.w.txt
// RUN: %ompadv whatif -q -i %t.rec --target 2.5 --factor 16 --format json --output %t.w.json
// RUN: %ompadv whatif -q -i %t.rec --target 2.5 --factor 16 --html %t.w.html --output /dev/null
// RUN: python3 %inputs/html/vocabulary.py %t.w.html --text %t.txt --whatif-text %t.w.txt \
// RUN:   --source %s --min-path-items 14 --reached --steps 1 --step-region @for --step-after 3.15
// RUN: python3 %inputs/html/browser.py %t.w.html --json whatif=%t.w.json --json profile=%t.json \
// RUN:   --sections headline,whatif,directives,critical-path > /dev/null
#include "burn.h"

#define PAR _Pragma("omp parallel num_threads(2)") burn(1);

int main(void)
{
  burn(60);
#pragma omp parallel for schedule(static) num_threads(2) // @for
  for (int i = 0; i < 2; i++)
    burn(30);
  PAR
  PAR
  PAR
  PAR
  PAR
  PAR
  PAR
  PAR
  PAR
  PAR
  PAR
  PAR
  return 0;
}
