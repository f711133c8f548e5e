// A limit reached is said (issue 31, item 8): the tool cuts a dynamic loop
// that a team of one runs into its chunks (each chunk a fragment of its
// own, as they would be on more threads), but only OA_MAX_SPLIT (8) such
// loops nested on one thread; beyond that a loop is one piece, and its
// parallelism is understated.  Nested 10 deep the profile says so; nested
// 6 deep it does not.  (The figures themselves are not checked here: only
// that the profile never hides the limit.)
// RUN: %cc-omp -O1 %s -o %t
// RUN: %ompadv profile --threads 1 %t 10 > /dev/null 2> %t.deep
// RUN: %FileCheck --check-prefix=DEEP %s < %t.deep
// DEEP: ompadv: warning: dynamic loops run by teams of one were nested more than 8 deep: the deeper ones count as one piece each, so their parallelism is understated
// RUN: %ompadv profile --threads 1 %t 6 > /dev/null 2> %t.shallow
// RUN: %FileCheck --check-prefix=SHALLOW %s < %t.shallow
// SHALLOW: parallelism
// SHALLOW-NOT: nested more than
#include <stdlib.h>

static volatile double sink;

static void rec(int d)
{
  if (d == 0) {
    for (int k = 0; k < 2000; k++)
      sink += k * 0.5;
    return;
  }
#pragma omp parallel for schedule(dynamic, 1) num_threads(1)
  for (int i = 0; i < 2; i++)
    rec(d - 1);
}

int main(int argc, char **argv)
{
  rec(argc > 1 ? atoi(argv[1]) : 10);
  return 0;
}
