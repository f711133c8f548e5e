/* For the MPI tests: rank r runs a static loop of 8 * (r + 1) iterations of
 * 4 ms of CPU time each on its 2 threads (burn.h: exact in --metric
 * cputime, whatever the load), then the ranks reduce their sums: rank 0,
 * done first, waits for rank 1 inside MPI_Reduce.
 *
 * Known answer (--metric cputime, 2 threads, doc/SEMANTICS.md: a thread's
 * iterations of a static loop run in order, the two threads' shares are
 * parallel):
 *   rank 0: loop work 8 * 4 = 32 ms, span one thread's share 4 * 4 = 16 ms
 *   rank 1: loop work 64 ms, span 32 ms: the slowest rank
 *   merged loop row: work 96 ms over 2 ranks, worst rank 1, worst serial
 *   32 ms, parallelism 2
 *   (each rank's serial code outside the loop, ~0.6 ms here, is in the
 *   rank's work and span, within the checks' 10%)
 *   MPI calls each rank makes that ompadv sees: MPI_Init, MPI_Reduce,
 *   MPI_Sendrecv, MPI_Finalize (4; not MPI_Comm_rank and MPI_Comm_size); their time is no directive's work: counted as work,
 *   rank 0's wait and MPI_Init's start-up (tens of ms) would make rank 0
 *   look like the slowest. */
#include <mpi.h>
#include <stdio.h>

#include "burn.h"

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long s = 0;
#pragma omp parallel for schedule(static) reduction(+ : s)
  for (int i = 0; i < 8 * (rank + 1); i++) {
    burn(4);
    s += i;
  }
  long t = 0;
  MPI_Reduce(&s, &t, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  /* 12 arguments, 6 of them on the stack: ompadv passes them on as they came */
  int size, mine = 100 + rank, theirs = -1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Sendrecv(&mine, 1, MPI_INT, (rank + 1) % size, 7, &theirs, 1, MPI_INT,
               (rank + size - 1) % size, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (!rank)
    printf("total %ld, received %d\n", t, theirs);
  MPI_Finalize();
  return 0;
}
