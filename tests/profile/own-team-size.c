// A program that chooses its own team size (omp_set_num_threads(4)): the
// header shows the team that ran, 4, not the 2 that --threads asked for
// (it said "2 threads"), and a note says why; diff's warning about a
// 1-thread run that was not one names omp_set_num_threads too (it blamed a
// num_threads clause only).
//
// RUN: %ompadv cc -O1 %s -o %t
// RUN: %ompadv profile --threads 2 %t > /dev/null 2> %t.err
// RUN: %FileCheck --check-prefix=PROF %s < %t.err
// PROF: parallelism {{[0-9.]+}}  (work {{.*}}; 4 threads;
// PROF: ompadv: profile: the program chose its own team size (a num_threads clause or omp_set_num_threads): its largest team had 4 threads, --threads asked for 2
// RUN: %ompadv diff --threads 2 %t > /dev/null 2> %t.diff
// RUN: %FileCheck --check-prefix=DIFF %s < %t.diff
// DIFF: differential profile: 4 threads -> 4 threads
// DIFF: ompadv: warning: BASE ran with 4 threads and OTHER with 4: the comparison is meant against fewer threads in BASE (the program chooses its own team size, with a num_threads clause or omp_set_num_threads, over the 1-thread run's OMP_NUM_THREADS=1)
#include <omp.h>
#include <stdio.h>

int main(void)
{
  omp_set_num_threads(4);
  double s = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : s)
  for (int i = 0; i < 400; i++)
    for (int j = 0; j < 2000; j++)
      s += (i * j) % 7;
  printf("%g\n", s);
  return 0;
}
