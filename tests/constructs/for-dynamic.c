// A worksharing loop with schedule(dynamic, 30): one ws_loop_chunk dispatch
// per chunk (0+30, 30+30, 60+30, 90+10), whichever thread takes it.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
// All chunks, whoever ran them, sorted by their first iteration:
// RUN: %ompadv trace --threads 2 %t 2>&1 | grep 'dispatch: kind=ws_loop_chunk' | sed -e 's/^[0-9]*: //' | sort -t= -k5,5n | %FileCheck %s --check-prefix=CHUNKS
// A team of 1: libomp hands the whole loop out as one chunk.
// RUN: %ompadv trace --threads 1 --by-thread %t 2>&1 | %FileCheck %s --check-prefix=ONE
#include <stdio.h>

int a[100];

int main(void) {
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 30)
    for (int i = 0; i < 100; i++) a[i] = i;
  }
  printf("%d\n", a[99]);
  return 0;
}

// CHECK: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] task={{[0-9]+}} requested=2 flags=invoker_runtime|team loc={{.*}}for-dynamic.c:13:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: loop_dynamic_begin: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}for-dynamic.c:15:1 fn=main.omp_outlined
// (Thread 0 normally takes chunks too, but thread 1 could take them all.)
// CHECK-NOT: {{^}}0: {{.*}}_begin:
// CHECK: {{^}}0: loop_dynamic_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}for-dynamic.c:15:
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-dynamic.c:15:
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]]
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]]
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]]
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-dynamic.c:13:1 fn=main{{$}}
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// CHECK-NEXT: {{^}}1: loop_dynamic_begin: parallel=[[PAR]] task=[[T1]] count=100 loc={{.*}}for-dynamic.c:15:1 fn=main.omp_outlined
// CHECK-NOT: {{^}}1: {{.*}}_begin:
// CHECK: {{^}}1: loop_dynamic_end: parallel=[[PAR]] task=[[T1]] count=0 loc={{.*}}for-dynamic.c:15:
// CHECK-NEXT: {{^}}1: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}for-dynamic.c:15:

// CHUNKS: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P:[0-9]+]] task={{[0-9]+}} start=0 iterations=30{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=30 iterations=30{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=60 iterations=30{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=90 iterations=10{{$}}
// CHUNKS-NOT: dispatch

// ONE: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] task={{[0-9]+}} requested=1 flags=invoker_runtime|team loc={{.*}}for-dynamic.c:13:1 fn=main{{$}}
// ONE-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]] task=[[T0:[0-9]+]] team=1 index=0 flags=implicit
// ONE-NEXT: {{^}}0: loop_dynamic_begin: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}for-dynamic.c:15:1 fn=main.omp_outlined
// ONE-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=0 iterations=100{{$}}
// ONE-NEXT: {{^}}0: loop_dynamic_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}for-dynamic.c:15:
// ONE-NOT: {{^}}1:
