// RACE: yes
// PAIR: A B
// WHY: twin of sections_same.c without its asm statements: two sections whose only code is a store to one variable; -O1 would sink the two stores into one after the sections' switch, on no line (ompadv cc --race keeps them in their cases)
#include <stdio.h>
int res;
int main(void) {
#pragma omp parallel sections
  {
#pragma omp section
    res = 1; // @A
#pragma omp section
    res = 2; // @B
  }
  printf("%d\n", res);
  return 0;
}
