/* A producer and a consumer that never end (DataRaceBench DRB191): each
 * side updates the count under a critical region of its own name, so they
 * race.  With -DNOLOCK, a loop that never ends and takes no lock. */
#include <stdio.h>
#include <unistd.h>
int size, beat;
int main(void) {
#ifdef NOLOCK
  for (;;) {
#pragma omp parallel for
    for (int i = 0; i < 64; i++)
      beat += 0;
    usleep(1000);
  }
#else
#pragma omp parallel sections num_threads(2)
  {
#pragma omp section
    for (;;) {
#pragma omp critical(A)
      size++;
      usleep(1000);
    }
#pragma omp section
    for (;;) {
#pragma omp critical(B)
      size--;
      usleep(1000);
    }
  }
#endif
  return 0;
}
