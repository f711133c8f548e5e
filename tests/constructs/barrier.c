// Two explicit barriers in a team of 2, in a function of their own: each
// thread reports begin, wait begin/end, end for each, in order.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int a[2];

void step(int me) {
  a[me] = 1;
#pragma omp barrier
  a[1 - me] += 1;
#pragma omp barrier
}

int main(void) {
#pragma omp parallel num_threads(2)
  step(omp_get_thread_num());
  printf("%d %d\n", a[0], a[1]);
  return 0;
}

// CHECK: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] task={{[0-9]+}} requested=2 flags=invoker_runtime|team loc={{.*}}barrier.c:17:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: barrier_explicit_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}barrier.c:11:1 fn=step{{$}}
// CHECK-NEXT: {{^}}0: wait_barrier_explicit_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}barrier.c:11:1 fn=step{{$}}
// CHECK-NEXT: {{^}}0: wait_barrier_explicit_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}barrier.c:11:1 fn=step{{$}}
// CHECK-NEXT: {{^}}0: barrier_explicit_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}barrier.c:11:1 fn=step{{$}}
// CHECK-NEXT: {{^}}0: barrier_explicit_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}barrier.c:13:1 fn=step{{$}}
// CHECK-NEXT: {{^}}0: wait_barrier_explicit_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}barrier.c:13:1 fn=step{{$}}
// CHECK-NEXT: {{^}}0: wait_barrier_explicit_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}barrier.c:13:1 fn=step{{$}}
// CHECK-NEXT: {{^}}0: barrier_explicit_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}barrier.c:13:1 fn=step{{$}}
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}barrier.c:17:1 fn=main{{$}}
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// CHECK-NEXT: {{^}}1: barrier_explicit_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}barrier.c:11:1 fn=step{{$}}
// CHECK-NEXT: {{^}}1: wait_barrier_explicit_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}barrier.c:11:1 fn=step{{$}}
// CHECK-NEXT: {{^}}1: wait_barrier_explicit_end: parallel=[[PAR]] task=[[T1]] loc={{.*}}barrier.c:11:1 fn=step{{$}}
// CHECK-NEXT: {{^}}1: barrier_explicit_end: parallel=[[PAR]] task=[[T1]] loc={{.*}}barrier.c:11:1 fn=step{{$}}
// CHECK-NEXT: {{^}}1: barrier_explicit_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}barrier.c:13:1 fn=step{{$}}
// CHECK-NEXT: {{^}}1: wait_barrier_explicit_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}barrier.c:13:1 fn=step{{$}}
// CHECK-NEXT: {{^}}1: wait_barrier_explicit_end: parallel=[[PAR]] task=[[T1]] loc={{.*}}barrier.c:13:1 fn=step{{$}}
// CHECK-NEXT: {{^}}1: barrier_explicit_end: parallel=[[PAR]] task=[[T1]] loc={{.*}}barrier.c:13:1 fn=step{{$}}
// CHECK-NEXT: {{^}}1: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T1]]{{$}}
