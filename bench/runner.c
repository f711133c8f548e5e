/* scripts/bench's measuring wrapper: runs a command, waits for it, and writes its wall
   time and peak RSS to a file. A small C process, so the RSS it reports is the target's:
   a forking Python would lend its own RSS to the child until exec.
   BENCH_AS_LIMIT_MB, when set, caps the command's address space (RLIMIT_AS) so that a
   mode whose memory runs away fails alone instead of pushing the machine out of memory.
   usage: runner RESULTFILE PROG [ARGS...]; exits with the command's status. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  if (argc < 3) {
    fprintf(stderr, "usage: runner RESULTFILE PROG [ARGS...]\n");
    return 2;
  }
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  pid_t pid = fork();
  if (pid < 0) {
    perror("runner: fork");
    return 2;
  }
  if (pid == 0) {
    const char *limit = getenv("BENCH_AS_LIMIT_MB");
    if (limit && *limit) {
      rlim_t bytes = (rlim_t)strtoull(limit, NULL, 10) << 20;
      struct rlimit rl = {bytes, bytes};
      if (setrlimit(RLIMIT_AS, &rl) != 0)
        perror("runner: setrlimit");
      unsetenv("BENCH_AS_LIMIT_MB");
    }
    execvp(argv[2], argv + 2);
    perror(argv[2]);
    _exit(127);
  }
  int status;
  struct rusage ru;
  if (wait4(pid, &status, 0, &ru) < 0) {
    perror("runner: wait4");
    return 2;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  FILE *f = fopen(argv[1], "w");
  if (!f) {
    perror(argv[1]);
    return 2;
  }
  /* ru_maxrss: the largest peak RSS of the child or any descendant it waited for */
  fprintf(f, "%.6f %ld\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9, ru.ru_maxrss);
  fclose(f);
  if (WIFSIGNALED(status))
    return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}
