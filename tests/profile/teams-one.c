// Known answer (doc/SEMANTICS.md rules 2, 8): a league of one team is an
// initial team whose parallel regions nest in it as in any team.
//
//   serial A = 40 ms; a parallel region of 2 threads, each burning 20 ms
//   and then 10 ms in a nested region (inactive: a team of one); teams
//   num_teams(1) holding a parallel region of 2 threads that each burn
//   50 ms; serial B = 40 ms.
//   work = 40 + 2*(20+10) + 2*50 + 40      = 240 ms
//   span = 40 + 30 + 50 + 40               = 160 ms
//   parallelism = 240 / 160                = 1.50
// libomp reports the team's initial task with the parallel data of the
// thread's last serialized region (here the nested one, over by then), not
// the league's: a model that believes that data attaches the team to a
// region that is gone (wrong figures, a hang or a crash), and one that
// takes it for the program's initial task starts a second root.
//
// RUN: %ompadv cc -O1 -I%inputs/profile %s -o %t
// RUN: %ompadv profile -q --threads 2 --metric cputime --format json --output %t.json %t
// RUN: python3 %inputs/profile/check.py %t.json --parallelism 1.50 --tol 0.05
#include <omp.h>
#include "burn.h"

int main(void)
{
  burn(40);
#pragma omp parallel num_threads(2)
  {
    burn(20);
#pragma omp parallel num_threads(2)
    burn(10);
  }
#pragma omp teams num_teams(1)
  {
#pragma omp parallel num_threads(2)
    burn(50);
  }
  burn(40);
  return 0;
}
