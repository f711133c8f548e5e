/* For child-process.test: runs a parallel loop, then a copy of itself
 * through system() ("runs-itself child": one loop, then exit), then another
 * loop.  Both processes run OpenMP under the tool. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static double work(int n) { double s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++) s += i;
  return s; }
int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "child") == 0) { printf("child %g\n", work(1000)); return 0; }
  printf("parent %g\n", work(1000));
  char cmd[4200]; snprintf(cmd, sizeof cmd, "%s child", argv[0]);
  int rc = system(cmd);
  printf("parent again %g rc %d\n", work(2000), rc);
  return 0; }
