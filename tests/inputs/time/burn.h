/* A known amount of wall time in the program's code.  `ompadv time`
 * measures each thread's wall clock, and a sleep lasts its time on a busy
 * machine too, where a thread spinning for it overshoots by a scheduler
 * tick each time another process takes its core. */
#include <time.h>
static void burn_ms(double ms)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  long long ns = (long long)t.tv_sec * 1000000000LL + t.tv_nsec + (long long)(ms * 1e6);
  t.tv_sec = (time_t)(ns / 1000000000LL);
  t.tv_nsec = (long)(ns % 1000000000LL);
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) != 0)
    ;
}
