/* A parallel loop whose every iteration adds to a shared histogram in a
 * critical section: logically parallel, serialized in the run.  See the
 * README's tour (ompadv time). */
#include <stdio.h>
#include <time.h>
static void work_us(int us) { struct timespec t, n; clock_gettime(CLOCK_MONOTONIC, &t);
  do clock_gettime(CLOCK_MONOTONIC, &n); while ((n.tv_sec - t.tv_sec) * 1000000 + (n.tv_nsec - t.tv_nsec) / 1000 < us); }
int main(void) {
  long hist[16] = {0};
  #pragma omp parallel for schedule(static)
  for (int i = 0; i < 400; i++) {
    work_us(500);              /* compute a sample */
    #pragma omp critical
    { work_us(500); hist[i % 16]++; }   /* add it to the shared histogram */
  }
  printf("%ld\n", hist[3]);
  return 0;
}
