// RACE: yes
// PAIR: A B
// WHY: two sections of one sections construct write the same variable
// NOTE: the empty asm statements keep -O1 from moving the marked accesses off their lines
#include <stdio.h>
int res;
int main(void) {
#pragma omp parallel sections
  {
#pragma omp section
    {
      res = 1; // @A
      __asm__ volatile("" ::: "memory");
    }
#pragma omp section
    {
      res = 2; // @B
      __asm__ volatile("" ::: "memory");
    }
  }
  printf("%d\n", res);
  return 0;
}
