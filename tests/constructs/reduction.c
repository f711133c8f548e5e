// A reduction loop in a team of 2.  libomp picks the atomic method for 2
// threads: no reduction (nor mutex) event at all.  Forcing the critical
// method gives each thread a reduction_begin/end; forcing the tree method
// gives them to thread 0 only, inside the runtime's own barrier.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
// RUN: env KMP_FORCE_REDUCTION=critical %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s --check-prefix=CRIT
// RUN: env KMP_FORCE_REDUCTION=tree %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s --check-prefix=TREE
#include <stdio.h>

int main(void) {
  long s = 0;
#pragma omp parallel for num_threads(2) reduction(+: s)
  for (int i = 0; i < 100; i++)
    s += i;
  printf("s=%ld\n", s);
  return 0;
}

// CHECK: s=4950
// CHECK: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] task={{[0-9]+}} requested=2 flags=invoker_runtime|team loc={{.*}}reduction.c:12:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: loop_static_begin: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}reduction.c:12:1
// CHECK-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=0 iterations=50{{$}}
// CHECK-NEXT: {{^}}0: loop_static_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}reduction.c:12:
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}reduction.c:12:1 fn=main{{$}}
// CHECK-NOT: reduction_
// CHECK-NOT: mutex_
// CHECK: ompadv: trace:

// CRIT: s=4950
// CRIT: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CRIT-NEXT: {{^}}0: loop_static_begin: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}reduction.c:12:1
// CRIT-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=0 iterations=50{{$}}
// CRIT-NEXT: {{^}}0: loop_static_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}reduction.c:12:
// CRIT-NEXT: {{^}}0: reduction_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}reduction.c:12:1
// CRIT-NEXT: {{^}}0: reduction_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}reduction.c:12:1
// CRIT-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}reduction.c:12:1 fn=main{{$}}
// CRIT: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// CRIT-NEXT: {{^}}1: loop_static_begin: parallel=[[PAR]] task=[[T1]] count=100
// CRIT-NEXT: {{^}}1: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T1]] start=50 iterations=50{{$}}
// CRIT-NEXT: {{^}}1: loop_static_end: parallel=[[PAR]] task=[[T1]]
// CRIT-NEXT: {{^}}1: reduction_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}reduction.c:12:1
// CRIT-NEXT: {{^}}1: reduction_end: parallel=[[PAR]] task=[[T1]] loc={{.*}}reduction.c:12:1
// CRIT-NEXT: {{^}}1: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T1]]{{$}}

// TREE: s=4950
// TREE: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// TREE-NEXT: {{^}}0: loop_static_begin: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}reduction.c:12:1
// TREE-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=0 iterations=50{{$}}
// TREE-NEXT: {{^}}0: loop_static_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}reduction.c:12:
// TREE-NEXT: {{^}}0: barrier_implementation_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}reduction.c:12:1
// TREE-NEXT: {{^}}0: wait_barrier_implementation_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}reduction.c:12:1
// TREE-NEXT: {{^}}0: reduction_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}reduction.c:12:1
// TREE-NEXT: {{^}}0: reduction_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}reduction.c:12:1
// TREE-NEXT: {{^}}0: wait_barrier_implementation_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}reduction.c:12:1
// TREE-NEXT: {{^}}0: barrier_implementation_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}reduction.c:12:1
// TREE-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}reduction.c:12:1 fn=main{{$}}
// TREE: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// TREE-NEXT: {{^}}1: loop_static_begin: parallel=[[PAR]] task=[[T1]] count=100
// TREE-NEXT: {{^}}1: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T1]] start=50 iterations=50{{$}}
// TREE-NEXT: {{^}}1: loop_static_end: parallel=[[PAR]] task=[[T1]]
// TREE-NEXT: {{^}}1: barrier_implementation_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}reduction.c:12:1
// TREE-NEXT: {{^}}1: wait_barrier_implementation_begin: parallel=[[PAR]] task=[[T1]]
// TREE-NEXT: {{^}}1: wait_barrier_implementation_end: parallel=[[PAR]] task=[[T1]]
// TREE-NEXT: {{^}}1: barrier_implementation_end: parallel=[[PAR]] task=[[T1]]
// TREE-NEXT: {{^}}1: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T1]]{{$}}
