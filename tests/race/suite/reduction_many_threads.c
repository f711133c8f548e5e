// RACE: no
// THREADS: 8
// WHY: reduction(+:sum) and reduction(*:prod) with 8 threads, where the runtime may combine the private copies in a tree inside the barrier
#include <stdio.h>
#define N 1000
int a[N];
long sum;
double prod = 1.0;
int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = i % 3;
#pragma omp parallel for reduction(+ : sum) reduction(* : prod)
  for (int i = 0; i < N; i++) {
    sum += a[i];
    prod *= 1.0 + a[i] * 1e-4;
  }
  printf("%ld %g\n", sum, prod);
  return 0;
}
