// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: atomic_plain with thread 1's atomic update first (thread 0 sleeps): thread 0's own atomic update then follows it, logically parallel and synchronized with it, and thread 0's plain write after that still races with thread 1's update (doc/SEMANTICS.md rule 17: an atomic and a plain access may race; ompadv's one-write history must not forget thread 1's)
#include <omp.h>
#include <stdio.h>
#include <unistd.h>
int hits;
int main(void) {
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      usleep(200000);
#pragma omp atomic update
    hits++; // @A
#pragma omp masked
    hits = 100; // @B
  }
  printf("%d\n", hits);
  return 0;
}
