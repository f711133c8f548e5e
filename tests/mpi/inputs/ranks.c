/* For the MPI tests: rank r runs a dynamic loop of 2000 * (r + 1)
 * iterations on its threads (chunks of 50, so that the runtime's own time
 * per chunk is no part of the known answer), then the ranks reduce their
 * sums. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double s = 0;
#pragma omp parallel for schedule(dynamic, 50) reduction(+ : s)
  for (int i = 0; i < 2000 * (rank + 1); i++)
    for (int j = 0; j < 2000; j++)
      s += (i * j) % 7;
  double t;
  MPI_Reduce(&s, &t, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (!rank)
    printf("total %g\n", t);
  MPI_Finalize();
  return 0;
}
