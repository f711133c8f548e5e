// A single construct in a team of 2: one thread is the executor, the other
// reports single_other; both then wait in the implicit barrier.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
// Exactly one executor and one other, whichever thread each is:
// RUN: %ompadv trace --threads 2 %t 2>&1 | grep ': single_' | sed -e 's/^[0-9]*: //' | sort | %FileCheck %s --check-prefix=BOTH
// A team of 1: thread 0 executes it.
// RUN: %ompadv trace --threads 1 --by-thread %t 2>&1 | %FileCheck %s --check-prefix=ONE
#include <stdio.h>

int x;

int main(void) {
#pragma omp parallel
  {
#pragma omp single
    {
      x = 42;
    }
  }
  printf("%d\n", x);
  return 0;
}

// CHECK: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] task={{[0-9]+}} requested=2 flags=invoker_runtime|team loc={{.*}}single.c:13:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: single_[[R0:executor|other]]_begin: parallel=[[PAR]] task=[[T0]] count=1 loc={{.*}}single.c:15:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: single_[[R0]]_end: parallel=[[PAR]] task=[[T0]] count=1 loc={{.*}}single.c:{{1[5-8]}}:
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}single.c:15:
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}single.c:15:
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}single.c:15:
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}single.c:15:
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}single.c:13:1 fn=main{{$}}
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// CHECK-NEXT: {{^}}1: single_{{executor|other}}_begin: parallel=[[PAR]] task=[[T1]] count=1 loc={{.*}}single.c:15:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}1: single_{{executor|other}}_end: parallel=[[PAR]] task=[[T1]] count=1 loc={{.*}}single.c:{{1[5-8]}}:
// CHECK-NEXT: {{^}}1: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}single.c:15:

// BOTH: {{^}}single_executor_begin: parallel=[[PAR:[0-9]+]] task=[[TE:[0-9]+]] count=1 loc={{.*}}single.c:15:1
// BOTH-NEXT: {{^}}single_executor_end: parallel=[[PAR]] task=[[TE]] count=1 loc={{.*}}single.c:18:
// BOTH-NEXT: {{^}}single_other_begin: parallel=[[PAR]] task=[[TO:[0-9]+]] count=1 loc={{.*}}single.c:15:1
// BOTH-NEXT: {{^}}single_other_end: parallel=[[PAR]] task=[[TO]] count=1 loc={{.*}}single.c:15:
// BOTH-NOT: single

// ONE: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=1 index=0 flags=implicit
// ONE-NEXT: {{^}}0: single_executor_begin: parallel=[[PAR]] task=[[T0]] count=1 loc={{.*}}single.c:15:1 fn=main.omp_outlined
// ONE-NEXT: {{^}}0: single_executor_end: parallel=[[PAR]] task=[[T0]] count=1 loc={{.*}}single.c:18:
// ONE-NEXT: {{^}}0: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}single.c:15:
// ONE-NOT: single_other
