// RACE: no
// WHY: untied tasks (BOTS nqueens; its manual cut-off "tied" build keeps them untied) place queens on a board copied into an alloca array of their own and count solutions in a threadprivate counter: clang runs an untied task in parts, returning to the runtime at each scheduling point of its body, and the next part may run on another thread; a part's frames die with it, and the counter of the thread that runs it is the thread's own (doc/SEMANTICS.md rules 9, 15). Race mode followed each untied task as if it stayed on the stack where it began: with 4 threads, the stack of a later task was taken for the untied task's and its own counter for another thread's
#include <stdlib.h>
#include <alloca.h>
#include <stdio.h>
#include <string.h>
static int count;
#pragma omp threadprivate(count)
static int ok(int n, const char *a) {
  for (int i = 0; i < n; i++) {
    char p = a[i];
    for (int j = i + 1; j < n; j++) {
      char q = a[j];
      if (q == p || q == p - (j - i) || q == p + (j - i))
        return 0;
    }
  }
  return 1;
}
static void ser(int n, int j, char *a) {
  if (n == j) { count++; return; }
  for (int i = 0; i < n; i++) {
    a[j] = (char)i;
    if (ok(j + 1, a))
      ser(n, j + 1, a);
  }
}
static void par(int n, int j, char *a, int depth) {
  if (n == j) { count++; return; }
  for (int i = 0; i < n; i++) {
    if (depth < 3) {
#pragma omp task untied
      {
        char *b = alloca(n);
        memcpy(b, a, j);
        b[j] = (char)i;
        if (ok(j + 1, b))
          par(n, j + 1, b, depth + 1);
      }
    } else {
      a[j] = (char)i;
      if (ok(j + 1, a))
        ser(n, j + 1, a);
    }
  }
#pragma omp taskwait
}
int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8, total = 0;
  char *a = alloca(n);
#pragma omp parallel
  {
#pragma omp single
    par(n, 0, a, 0);
#pragma omp atomic
    total += count;
  }
  printf("%d\n", total);
  return 0;
}
