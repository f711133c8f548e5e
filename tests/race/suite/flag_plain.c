// RACE: yes
// PAIR: A B
// PAIR: C D
// WHY: producer/consumer through a plain (volatile, not atomic) flag without flush: both the flag and the data race
#include <omp.h>
#include <stdio.h>
int data, got;
volatile int flag;
int main(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      data = 42; // @C
      flag = 1;  // @A
    } else {
      while (!flag) // @B
        ;
      got = data; // @D
    }
  }
  printf("%d\n", got);
  return 0;
}
