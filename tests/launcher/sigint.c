// SIGINT sent to ompadv (by kill, not by the terminal) is forwarded to the
// target; the target dies of it, ompadv says so, prints the events recorded
// until then, and exits 128+2.
// The target writes a file once it is inside a parallel region, then sleeps;
// it gives up by itself (exit 42) after 60 s so nothing can hang.
// RUN: %clang -fopenmp -g %s -o %t
// RUN: rm -f %t.ready
// RUN: %ompadv trace %t %t.ready > %t.out 2>&1 & pid=$!; \
// RUN:   bash %inputs/launcher/wait-file.sh %t.ready 60 && kill -INT $pid; \
// RUN:   bash %inputs/launcher/wait-exit.sh $pid 90; wait $pid; echo "exit status $?" >> %t.out
// RUN: %FileCheck %s < %t.out
// SIGTERM is forwarded the same way: exit 128+15.
// RUN: rm -f %t.ready-term
// RUN: %ompadv trace %t %t.ready-term > %t.term 2>&1 & pid=$!; \
// RUN:   bash %inputs/launcher/wait-file.sh %t.ready-term 60 && kill -TERM $pid; \
// RUN:   bash %inputs/launcher/wait-exit.sh $pid 90; wait $pid; echo "exit status $?" >> %t.term
// RUN: %FileCheck --check-prefix=TERM %s < %t.term
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

static void ready(const char *path)
{
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (!f)
    _exit(41);
  fprintf(f, "%d\n", (int)getpid());
  fclose(f);
  rename(tmp, path);
}

int main(int argc, char **argv)
{
  if (argc < 2)
    return 40;
  // CHECK: {{^[0-9]+}}: parallel_begin: {{.*}} loc={{.*}}sigint.c:[[@LINE+3]]
  // CHECK-NOT: {{^[0-9]+}}: parallel_end:
  // TERM: {{^[0-9]+}}: parallel_begin: {{.*}} loc={{.*}}sigint.c:[[@LINE+1]]
#pragma omp parallel num_threads(2)
  {
#pragma omp barrier
#pragma omp master
    {
      ready(argv[1]);
      for (int i = 0; i < 6000; i++)
        usleep(10000);
      _exit(42);
    }
  }
  return 0;
}
// CHECK: ompadv: the OpenMP runtime did not finish (the program ended in _exit, a signal or a crash): the trace holds the events up to that point
// CHECK: ompadv: trace: {{[0-9]+}} events
// CHECK: ompadv: '{{.*}}' was killed by signal 2 (Interrupt)
// CHECK: exit status 130
// TERM: ompadv: trace: {{[0-9]+}} events
// TERM: ompadv: '{{.*}}' was killed by signal 15 (Terminated)
// TERM: exit status 143
