// A target killed with SIGKILL directly (not through ompadv): the events it
// recorded before are still printed (they live in the shared result file), and
// ompadv exits 128+9.
// The target writes its pid to a file once it is inside a parallel region,
// then sleeps; it gives up by itself (exit 42) after 60 s so nothing can hang.
// RUN: %clang -fopenmp -g %s -o %t
// RUN: rm -f %t.ready
// RUN: %ompadv trace %t %t.ready > %t.out 2>&1 & pid=$!; \
// RUN:   bash %inputs/launcher/wait-file.sh %t.ready 60 && kill -KILL "$(cat %t.ready)"; \
// RUN:   bash %inputs/launcher/wait-exit.sh $pid 90; wait $pid; echo "exit status $?" >> %t.out
// RUN: %FileCheck %s < %t.out
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
  // CHECK: {{^[0-9]+}}: parallel_begin: {{.*}} loc={{.*}}sigkill.c:[[@LINE+1]]
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    (void)omp_get_num_threads();
  }
  // CHECK: {{^[0-9]+}}: parallel_end:
  // CHECK: {{^[0-9]+}}: parallel_begin: {{.*}} loc={{.*}}sigkill.c:[[@LINE+2]]
  // CHECK-NOT: {{^[0-9]+}}: parallel_end:
#pragma omp parallel num_threads(2)
  {
    // CHECK: {{^[0-9]+}}: barrier_explicit_begin: {{.*}} loc={{.*}}sigkill.c:[[@LINE+1]]
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
// CHECK: ompadv: '{{.*}}' was killed by signal 9 (Killed)
// CHECK: exit status 137
