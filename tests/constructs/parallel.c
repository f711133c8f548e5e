// A parallel region of 2 threads: each thread's implicit task, the implicit
// barrier at its end, and the ids that tie them to the region.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
// Requesting the team size through the environment gives the same region.
// RUN: %ompadv trace --threads 3 --by-thread %t 2>&1 | %FileCheck %s --check-prefix=THREE
#include <omp.h>
#include <stdio.h>

int main(void) {
  int x = 0;
#pragma omp parallel shared(x)
  {
#pragma omp atomic
    x++;
  }
  printf("x=%d\n", x);
  return 0;
}

// Thread 0: the initial task, then the region at line 11.
// CHECK: {{^}}0: thread_begin: type=initial
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[INIT:[0-9]+]] task=[[TINIT:[0-9]+]] team=1 index=1 flags=initial
// CHECK-NEXT: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] task=[[TINIT]] requested=2 flags=invoker_runtime|team loc={{.*}}parallel.c:11:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}parallel.c:11:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}parallel.c:11:1
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_parallel_end: parallel={{[0-9]+}} task=[[T0]] loc={{.*}}parallel.c:11:1
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_end: parallel={{[0-9]+}} task=[[T0]] loc={{.*}}parallel.c:11:1
// CHECK-NEXT: {{^}}0: implicit_task_end: parallel={{[0-9]+}} task=[[T0]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: parallel_end: parallel=[[PAR]] task=[[TINIT]] flags=invoker_runtime|team loc={{.*}}parallel.c:11:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_end: parallel={{[0-9]+}} task=[[TINIT]] team={{[0-9]+}} index=1 flags=initial
// CHECK-NEXT: {{^}}0: thread_end:
// The one worker: its own implicit task (a new id) in the same region.
// CHECK-NEXT: {{^}}1: thread_begin: type=worker
// CHECK-NEXT: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// CHECK-NOT: task=[[T0]]
// CHECK-NEXT: {{^}}1: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T1]]
// CHECK-NEXT: {{^}}1: wait_barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T1]]
// CHECK-NEXT: {{^}}1: wait_barrier_implicit_parallel_end: parallel={{[0-9]+}} task=[[T1]]
// CHECK-NEXT: {{^}}1: barrier_implicit_parallel_end: parallel={{[0-9]+}} task=[[T1]]
// CHECK-NEXT: {{^}}1: implicit_task_end: parallel={{[0-9]+}} task=[[T1]] team={{[0-9]+}} index=1 flags=implicit
// CHECK-NEXT: {{^}}1: thread_end:
// CHECK-NOT: {{^}}2:
// CHECK: ompadv: trace: 20 events

// THREE: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] task={{[0-9]+}} requested=3 flags=invoker_runtime|team loc={{.*}}parallel.c:11:1 fn=main{{$}}
// THREE-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]] task={{[0-9]+}} team=3 index=0 flags=implicit
// THREE: {{^}}0: parallel_end: parallel=[[PAR]]
// THREE-DAG: {{^}}1: implicit_task_begin: parallel=[[PAR]] task={{[0-9]+}} team=3 index={{[12]}} flags=implicit
// THREE-DAG: {{^}}2: implicit_task_begin: parallel=[[PAR]] task={{[0-9]+}} team=3 index={{[12]}} flags=implicit
// THREE: ompadv: trace: 28 events
