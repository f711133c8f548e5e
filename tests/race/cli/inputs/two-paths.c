/* A race whose two accesses come through different calls: a write in
 * store() from writer(), a read in load() from reader(), in two sections. */
#include <stdio.h>
int x;
__attribute__((noinline)) void store(int v) { x = v; }
__attribute__((noinline)) void writer(int v) { store(v); }
__attribute__((noinline)) int load(void) { return x; }
__attribute__((noinline)) int reader(void) { return load(); }
int main(void) {
  int r = 0;
#pragma omp parallel sections
  {
#pragma omp section
    writer(1);
#pragma omp section
    r = reader();
  }
  printf("%d\n", r);
  return 0;
}
