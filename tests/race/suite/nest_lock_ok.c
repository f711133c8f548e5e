// RACE: no
// WHY: a nested lock taken twice by a recursive helper protects every update of the shared variable
#include <omp.h>
#include <stdio.h>
omp_nest_lock_t nl;
int val;
static void add(int depth) {
  omp_set_nest_lock(&nl);
  val += depth;
  if (depth > 0)
    add(depth - 1);
  omp_unset_nest_lock(&nl);
}
int main(void) {
  omp_init_nest_lock(&nl);
#pragma omp parallel
  add(2);
  omp_destroy_nest_lock(&nl);
  printf("%d\n", val);
  return 0;
}
