/* A race, then death by a signal: the race found before must be reported. */
#include <signal.h>

int x;

int main(void)
{
#pragma omp parallel
  x++;
  raise(SIGSEGV);
  return 0;
}
