// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: the master publishes the address of its threadprivate copy; after the barrier thread 1 writes through it while the master writes its copy directly: a threadprivate copy reached by another thread is shared like any other variable
#include <omp.h>
#include <stdio.h>
int mine;
#pragma omp threadprivate(mine)
int *published;
int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp master
    published = &mine;
#pragma omp barrier
    if (omp_get_thread_num() == 1)
      *published = 1;  // @A
    else
      mine = 2;  // @B
  }
  printf("%d\n", mine);
  return 0;
}
