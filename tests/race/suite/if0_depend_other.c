// RACE: yes
// PAIR: A B
// THREADS: 2
// WHY: the first task writes x and the if(0) task depends on it; the second task writes y with no dependence: the read of y after the if(0) task races with it (doc/SEMANTICS.md rules 10-11: an undeferred task waits for its dependences, not for its siblings)
#include <stdio.h>
int main(void) {
#pragma omp parallel
#pragma omp single
  {
    int x = 0, y = 2;
#pragma omp task depend(inout : x) shared(x)
    x++;
#pragma omp task shared(y)
    y--;  // @A
#pragma omp task depend(in : x) if (0)
    {}
    printf("x=%d\n", x);
    printf("y=%d\n", y);  // @B
#pragma omp taskwait
  }
  return 0;
}
