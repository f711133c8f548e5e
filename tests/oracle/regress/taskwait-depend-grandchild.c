// Regression (scripts/oracle, gen.py seeds 136, 184 and 249 at 2 threads):
// `taskwait depend(in: dep[2])` in main waits for the depend(inout: dep[2])
// task, which follows the first task by its dependence: the first task
// itself precedes what follows the wait, but not the task its child left
// unwaited (burn(100): its creator's `taskwait depend(out: dep[0])` waited
// for the dep[0] task only; doc/SEMANTICS.md rules 11, 13).  The OSPG ordered
// every descendant of a task reached by the wait's dependences before the
// code after the wait, even after main's final taskwait (burn(100) there).
// RUN: env OMPADV_BUILD=%builddir %srcdir/scripts/oracle --verbose %s
#include <omp.h>
static int dep[3];
__attribute__((noinline)) static void burn(int n)
{
  volatile unsigned x = 0;
  for (int i = 0; i < n; i++)
    x += i;
}
int main(void)
{
  burn(800);
  #pragma omp task depend(in: dep[2])
  {
    burn(200);
    #pragma omp task
    {
      burn(200);
      #pragma omp task depend(out: dep[0])
      burn(1200);
      #pragma omp task
      burn(100);
      burn(200);
      #pragma omp taskwait depend(out: dep[0])
      burn(300);
    }
    burn(500);
    #pragma omp taskwait
    burn(2000);
  }
  #pragma omp task depend(inout: dep[2])
  burn(2000);
  #pragma omp taskwait depend(in: dep[2])
  burn(800);
  #pragma omp taskwait
  burn(100);
  return 0;
}
