// Worksharing loops with schedule(static) and schedule(static, chunk) in a
// team of 2: libomp reports one ws_loop_chunk dispatch per thread and loop
// (the thread's first chunk), then the loop's implicit barrier.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
// With nowait: no implicit barrier after the loop.
// RUN: %ompadv cc -O0 -DNOWAIT %s -o %t.nowait && %ompadv trace --threads 2 --by-thread %t.nowait 2>&1 | %FileCheck %s --check-prefix=NOWAIT
#include <stdio.h>

int a[101];

#ifdef NOWAIT
#define NW nowait
#else
#define NW
#endif

void work(void) {
#pragma omp for schedule(static) NW
  for (int i = 0; i < 100; i++) a[i] = i;
#pragma omp for schedule(static, 10) NW
  for (int i = 0; i < 100; i++) a[i] += i;
#pragma omp for schedule(static) NW
  for (int i = 0; i < 7; i++) a[i] += i;
}

int main(void) {
#pragma omp parallel num_threads(2)
  work();
  printf("%d\n", a[99]);
  return 0;
}

// CHECK: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] task={{[0-9]+}} requested=2 flags=invoker_runtime|team loc={{.*}}for-static.c:27:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// schedule(static), 100 iterations: thread 0 gets 0..49.
// CHECK-NEXT: {{^}}0: loop_static_begin: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}for-static.c:18:1 fn=work{{$}}
// CHECK-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=0 iterations=50{{$}}
// CHECK-NEXT: {{^}}0: loop_static_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}for-static.c:18:{{[0-9]+}} fn=work{{$}}
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:18:{{[0-9]+}} fn=work{{$}}
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:18:
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:18:
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:18:
// schedule(static, 10): thread 0's first chunk is 0..9.
// CHECK-NEXT: {{^}}0: loop_static_begin: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}for-static.c:20:1 fn=work{{$}}
// CHECK-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=0 iterations=10{{$}}
// CHECK-NEXT: {{^}}0: loop_static_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}for-static.c:20:
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:20:
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:20:
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:20:
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:20:
// 7 iterations: 4 for thread 0.
// CHECK-NEXT: {{^}}0: loop_static_begin: parallel=[[PAR]] task=[[T0]] count=7 loc={{.*}}for-static.c:22:1 fn=work{{$}}
// CHECK-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=0 iterations=4{{$}}
// CHECK-NEXT: {{^}}0: loop_static_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}for-static.c:22:
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:22:
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:22:
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:22:
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:22:
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:27:1 fn=main{{$}}
// The worker: the other halves, the second chunk, the last 3 iterations.
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// CHECK-NEXT: {{^}}1: loop_static_begin: parallel=[[PAR]] task=[[T1]] count=100 loc={{.*}}for-static.c:18:1 fn=work{{$}}
// CHECK-NEXT: {{^}}1: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T1]] start=50 iterations=50{{$}}
// CHECK-NEXT: {{^}}1: loop_static_end: parallel=[[PAR]] task=[[T1]] count=0 loc={{.*}}for-static.c:18:
// CHECK: {{^}}1: loop_static_begin: parallel=[[PAR]] task=[[T1]] count=100 loc={{.*}}for-static.c:20:1 fn=work{{$}}
// CHECK-NEXT: {{^}}1: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T1]] start=10 iterations=10{{$}}
// CHECK-NEXT: {{^}}1: loop_static_end: parallel=[[PAR]] task=[[T1]] count=0 loc={{.*}}for-static.c:20:
// CHECK: {{^}}1: loop_static_begin: parallel=[[PAR]] task=[[T1]] count=7 loc={{.*}}for-static.c:22:1 fn=work{{$}}
// CHECK-NEXT: {{^}}1: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T1]] start=4 iterations=3{{$}}
// CHECK-NEXT: {{^}}1: loop_static_end: parallel=[[PAR]] task=[[T1]] count=0 loc={{.*}}for-static.c:22:
// CHECK-NOT: dispatch:
// CHECK: {{^}}1: thread_end:

// NOWAIT: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=2 index=0
// NOWAIT-NEXT: {{^}}0: loop_static_begin: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}for-static.c:18:1 fn=work{{$}}
// NOWAIT-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=0 iterations=50{{$}}
// NOWAIT-NEXT: {{^}}0: loop_static_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}for-static.c:18:
// NOWAIT-NEXT: {{^}}0: loop_static_begin: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}for-static.c:20:1 fn=work{{$}}
// NOWAIT-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=0 iterations=10{{$}}
// NOWAIT-NEXT: {{^}}0: loop_static_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}for-static.c:20:
// NOWAIT-NEXT: {{^}}0: loop_static_begin: parallel=[[PAR]] task=[[T0]] count=7 loc={{.*}}for-static.c:22:1 fn=work{{$}}
// NOWAIT-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=0 iterations=4{{$}}
// NOWAIT-NEXT: {{^}}0: loop_static_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}for-static.c:22:
// NOWAIT-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-static.c:27:1 fn=main{{$}}
// NOWAIT-NOT: workshare
