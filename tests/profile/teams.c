// Known answer (doc/SEMANTICS.md rule 8): the teams of a host league are
// logically parallel, and synchronize only at the end of the teams region.
//
//   serial A = 40 ms; teams num_teams(2): each team burns 50 ms; serial B =
//   40 ms.
//   work = 40 + 2*50 + 40                  = 180 ms
//   span = 40 + 50 + 40                    = 130 ms
//   parallelism = 180 / 130                = 1.38
// A wrong model: the league's initial tasks taken for the program's initial
// task (a new root each) -> work and span of one team lost, 1.00.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.json %t
// RUN: python3 %inputs/profile/check.py %t.json --parallelism 1.38 --tol 0.05
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(40);
#pragma omp teams num_teams(2)
  burn(50);
  burn(40);
  return 0;
}
