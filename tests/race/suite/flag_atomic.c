// RACE: no
// WHY: producer/consumer through a seq_cst atomic flag: the atomic write/read pair orders the data accesses (OpenMP 5 memory model)
#include <omp.h>
#include <stdio.h>
int data, got, flag;
int main(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      data = 42;
#pragma omp atomic write seq_cst
      flag = 1;
    } else {
      int f = 0;
      while (!f) {
#pragma omp atomic read seq_cst
        f = flag;
      }
      got = data;
    }
  }
  printf("%d\n", got);
  return 0;
}
