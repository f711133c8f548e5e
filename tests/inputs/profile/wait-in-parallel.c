/* For tests that signal ompadv while the program may run: one parallel
 * region whose primary thread waits until the program is killed, giving up
 * by itself (exit 42) after 60 s so nothing can hang. */
#include <omp.h>
#include <unistd.h>

int main(void)
{
#pragma omp parallel num_threads(2)
  {
#pragma omp master
    {
      for (int i = 0; i < 6000; i++)
        usleep(10000);
      _exit(42);
    }
  }
  return 0;
}
