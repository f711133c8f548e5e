// Regression: the tasks a thread creates in its share of a schedule(static)
// loop are its implicit task's children (doc/SEMANTICS.md rules 4, 9): the
// taskwait after the loop waits for them (rule 11), so burn(700) follows
// every burn(3000) of this thread.  The share's tasks hung under a node of
// the share that no taskwait closed when the implicit task had created no
// task before the loop: they stayed parallel with burn(700).
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --verbose %s
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --threads 1 --verbose %s
__attribute__((noinline)) static void burn(int n)
{
  volatile unsigned x = 0;
  for (int i = 0; i < n; i++)
    x += i;
}
int main(void)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < 2; i++) {
#pragma omp task
      burn(3000);
      burn(100);
    }
#pragma omp taskwait
    burn(700);
  }
  return 0;
}
