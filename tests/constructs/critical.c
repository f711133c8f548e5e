// Unnamed and named critical sections in a team of 2: each thread acquires
// and releases each once; the two threads use the same lock (wait_id) for
// the same critical, and the two criticals different locks.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
// Two distinct locks in all:
// RUN: %ompadv trace --threads 2 %t 2>&1 | grep ': mutex_acquire:' | sed -e 's/.*wait_id=//' -e 's/ .*//' | sort -u | wc -l | %FileCheck %s --check-prefix=LOCKS
// Team of 1: the same sequence on thread 0 alone.
// RUN: %ompadv trace --threads 1 --by-thread %t 2>&1 | %FileCheck %s --check-prefix=ONE
#include <stdio.h>
int x, y;
int main(void) {
#pragma omp parallel
  {
#pragma omp critical
    x++;
#pragma omp critical(named)
    y++;
  }
  printf("%d %d\n", x, y);
  return 0;
}

// (mutex_released's loc is not checked: the runtime's return address for
// it may be off.)
// CHECK: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: mutex_acquire: kind=critical wait_id=[[U:0x[0-9a-f]+]] hint=0 impl={{[0-9]+}} loc={{.*}}critical.c:14:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: mutex_acquired: kind=critical wait_id=[[U]] loc={{.*}}critical.c:14:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: mutex_released: kind=critical wait_id=[[U]] loc=
// CHECK-NEXT: {{^}}0: mutex_acquire: kind=critical wait_id=[[N:0x[0-9a-f]+]] hint=0 impl={{[0-9]+}} loc={{.*}}critical.c:16:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: mutex_acquired: kind=critical wait_id=[[N]] loc={{.*}}critical.c:16:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: mutex_released: kind=critical wait_id=[[N]] loc=
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}critical.c:12:1 fn=main{{$}}
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// CHECK-NEXT: {{^}}1: mutex_acquire: kind=critical wait_id=[[U]] hint=0 impl={{[0-9]+}} loc={{.*}}critical.c:14:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}1: mutex_acquired: kind=critical wait_id=[[U]] loc={{.*}}critical.c:14:1
// CHECK-NEXT: {{^}}1: mutex_released: kind=critical wait_id=[[U]] loc=
// CHECK-NEXT: {{^}}1: mutex_acquire: kind=critical wait_id=[[N]] hint=0 impl={{[0-9]+}} loc={{.*}}critical.c:16:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}1: mutex_acquired: kind=critical wait_id=[[N]] loc={{.*}}critical.c:16:1
// CHECK-NEXT: {{^}}1: mutex_released: kind=critical wait_id=[[N]] loc=
// CHECK-NEXT: {{^}}1: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T1]]{{$}}
// CHECK-NOT: mutex

// ONE: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=1 index=0 flags=implicit
// ONE-NEXT: {{^}}0: mutex_acquire: kind=critical wait_id=[[U:0x[0-9a-f]+]] hint=0 impl={{[0-9]+}} loc={{.*}}critical.c:14:1 fn=main.omp_outlined
// ONE-NEXT: {{^}}0: mutex_acquired: kind=critical wait_id=[[U]] loc={{.*}}critical.c:14:1
// ONE-NEXT: {{^}}0: mutex_released: kind=critical wait_id=[[U]] loc=
// ONE-NEXT: {{^}}0: mutex_acquire: kind=critical wait_id={{0x[0-9a-f]+}} hint=0 impl={{[0-9]+}} loc={{.*}}critical.c:16:1 fn=main.omp_outlined
// ONE-NEXT: {{^}}0: mutex_acquired: kind=critical wait_id={{0x[0-9a-f]+}} loc={{.*}}critical.c:16:1
// ONE-NEXT: {{^}}0: mutex_released: kind=critical wait_id={{0x[0-9a-f]+}} loc=
// ONE-NEXT: {{^}}0: implicit_task_end: parallel={{[0-9]+}} task=[[T0]] team=1 index=0 flags=implicit

// LOCKS: {{^ *}}2{{$}}
