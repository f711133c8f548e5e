// Nested parallel regions: first with two active levels (the inner teams
// get threads of their own), then with one (the inner regions are
// serialized: a team of 1, no barrier).
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
// Both outer threads start an inner region of their own: check them all.
// RUN: %ompadv trace --threads 2 %t 2>&1 | %FileCheck %s --check-prefix=ALL
#include <omp.h>
#include <stdio.h>

int main(void) {
  int x = 0;
  omp_set_max_active_levels(2);
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(2)
    {
#pragma omp atomic
      x++;
    }
  }
  omp_set_max_active_levels(1);
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(2)
    {
#pragma omp atomic
      x++;
    }
  }
  printf("x=%d\n", x);
  return 0;
}

// CHECK: {{^}}0: thread_begin: type=initial
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel={{[0-9]+}} task=[[TINIT:[0-9]+]] team=1 index=1 flags=initial
// Active nesting: outer region (line 13), inner region (line 15) started by
// the outer implicit task, with a barrier of its own.
// CHECK-NEXT: {{^}}0: parallel_begin: parallel=[[OUT:[0-9]+]] task=[[TINIT]] requested=2 flags=invoker_runtime|team loc={{.*}}parallel-nested.c:13:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[OUT]] task=[[TOUT:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: parallel_begin: parallel=[[IN:[0-9]+]] task=[[TOUT]] requested=2 flags=invoker_runtime|team loc={{.*}}parallel-nested.c:15:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[IN]] task=[[TIN:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[IN]] task=[[TIN]] loc={{.*}}parallel-nested.c:15:1
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_parallel_begin: parallel=[[IN]] task=[[TIN]] loc={{.*}}parallel-nested.c:15:1
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_parallel_end: parallel={{[0-9]+}} task=[[TIN]] loc={{.*}}parallel-nested.c:15:1
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_end: parallel={{[0-9]+}} task=[[TIN]] loc={{.*}}parallel-nested.c:15:1
// CHECK-NEXT: {{^}}0: implicit_task_end: parallel={{[0-9]+}} task=[[TIN]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: parallel_end: parallel=[[IN]] task=[[TOUT]] flags=invoker_runtime|team loc={{.*}}parallel-nested.c:15:1
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[OUT]] task=[[TOUT]] loc={{.*}}parallel-nested.c:13:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_parallel_begin: parallel=[[OUT]] task=[[TOUT]] loc={{.*}}parallel-nested.c:13:1
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_parallel_end: parallel={{[0-9]+}} task=[[TOUT]]
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_end: parallel={{[0-9]+}} task=[[TOUT]]
// CHECK-NEXT: {{^}}0: implicit_task_end: parallel={{[0-9]+}} task=[[TOUT]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: parallel_end: parallel=[[OUT]] task=[[TINIT]] flags=invoker_runtime|team loc={{.*}}parallel-nested.c:13:1 fn=main{{$}}
// One active level: the inner region (line 24) is serialized: team of 1,
// no implicit barrier.
// CHECK-NEXT: {{^}}0: parallel_begin: parallel=[[OUT2:[0-9]+]] task=[[TINIT]] requested=2 flags=invoker_runtime|team loc={{.*}}parallel-nested.c:22:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[OUT2]] task=[[TOUT2:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: parallel_begin: parallel=[[SER:[0-9]+]] task=[[TOUT2]] requested=2 flags=invoker_runtime|team loc={{.*}}parallel-nested.c:24:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[SER]] task=[[TSER:[0-9]+]] team=1 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: implicit_task_end: parallel={{[0-9]+}} task=[[TSER]] team=1 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: parallel_end: parallel=[[SER]] task=[[TOUT2]] flags=invoker_runtime|team loc={{.*}}parallel-nested.c:24:1
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[OUT2]] task=[[TOUT2]] loc={{.*}}parallel-nested.c:22:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_parallel_begin: parallel=[[OUT2]] task=[[TOUT2]]
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_parallel_end: parallel={{[0-9]+}} task=[[TOUT2]]
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_end: parallel={{[0-9]+}} task=[[TOUT2]]
// CHECK-NEXT: {{^}}0: implicit_task_end: parallel={{[0-9]+}} task=[[TOUT2]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: parallel_end: parallel=[[OUT2]] task=[[TINIT]] flags=invoker_runtime|team loc={{.*}}parallel-nested.c:22:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_end: parallel={{[0-9]+}} task=[[TINIT]] team={{[0-9]+}} index=1 flags=initial
// CHECK-NEXT: {{^}}0: thread_end:
// The other threads: the outer worker's second implicit task also starts a
// serialized region (no other thread joins it); the two inner teams of the
// first region got one worker each: at most 4 threads, no 5th.
// CHECK: {{^}}[[WT:[1-3]]]: implicit_task_begin: parallel=[[OUT2]] task=[[W2:[0-9]+]] team=2 index=1 flags=implicit
// CHECK-NEXT: {{^}}[[WT]]: parallel_begin: parallel=[[SER2:[0-9]+]] task=[[W2]] requested=2 flags=invoker_runtime|team loc={{.*}}parallel-nested.c:24:1
// CHECK-NEXT: {{^}}[[WT]]: implicit_task_begin: parallel=[[SER2]] task={{[0-9]+}} team=1 index=0 flags=implicit
// CHECK-NEXT: {{^}}[[WT]]: implicit_task_end:
// CHECK-NEXT: {{^}}[[WT]]: parallel_end: parallel=[[SER2]] task=[[W2]]
// CHECK-NOT: parallel=[[SER2]]
// CHECK-NOT: {{^}}4:
// CHECK: ompadv: trace:
// (Whether the inner team of the outer worker gets a 3rd worker or reuses the
// one thread 0's inner team released is up to the runtime's thread pool.)
// Unordered: every inner team of the active level has 2 implicit tasks (index
// 0 and 1), the 4 inner implicit tasks in all, in 2 different regions at line 15.
// ALL-DAG: parallel_begin: parallel=[[IN1:[0-9]+]] task={{[0-9]+}} requested=2 flags=invoker_runtime|team loc={{.*}}parallel-nested.c:15:1
// ALL-DAG: parallel_begin: parallel=[[IN2:[0-9]+]] task={{[0-9]+}} requested=2 flags=invoker_runtime|team loc={{.*}}parallel-nested.c:15:1
// ALL-DAG: implicit_task_begin: parallel=[[IN1]] task={{[0-9]+}} team=2 index=0 flags=implicit
// ALL-DAG: implicit_task_begin: parallel=[[IN1]] task={{[0-9]+}} team=2 index=1 flags=implicit
// ALL-DAG: implicit_task_begin: parallel=[[IN2]] task={{[0-9]+}} team=2 index=0 flags=implicit
// ALL-DAG: implicit_task_begin: parallel=[[IN2]] task={{[0-9]+}} team=2 index=1 flags=implicit
// ALL-DAG: parallel_end: parallel=[[IN1]] task={{[0-9]+}} flags=invoker_runtime|team loc={{.*}}parallel-nested.c:15:1
// ALL-DAG: parallel_end: parallel=[[IN2]] task={{[0-9]+}} flags=invoker_runtime|team loc={{.*}}parallel-nested.c:15:1
// ALL: ompadv: trace:
