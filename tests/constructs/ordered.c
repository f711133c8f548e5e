// An ordered loop, schedule(static, 1), 4 iterations in a team of 2: each
// thread gets iterations 0,2 / 1,3 and enters the ordered region once per
// iteration (kind=ordered mutex events, one wait_id for the loop).
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
#include <stdio.h>

int order[4], n;

int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp for ordered schedule(static, 1)
    for (int i = 0; i < 4; i++) {
#pragma omp ordered
      order[n++] = i;
    }
  }
  printf("%d %d %d %d\n", order[0], order[1], order[2], order[3]);
  return 0;
}

// CHECK: 0 1 2 3
// CHECK: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: loop_static_begin: parallel=[[PAR]] task=[[T0]] count=4 loc={{.*}}ordered.c:12:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=0 iterations=1{{$}}
// CHECK-NEXT: {{^}}0: mutex_acquire: kind=ordered wait_id=[[W:0x[0-9a-f]+]] hint=0 impl={{[0-9]+}} loc={{.*}}ordered.c:14:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: mutex_acquired: kind=ordered wait_id=[[W]] loc={{.*}}ordered.c:14:1
// CHECK-NEXT: {{^}}0: mutex_released: kind=ordered wait_id=[[W]] loc={{.*}}ordered.c:1{{[45]}}:
// CHECK-NEXT: {{^}}0: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T0]] start=2 iterations=1{{$}}
// CHECK-NEXT: {{^}}0: mutex_acquire: kind=ordered wait_id=[[W]] hint=0 impl={{[0-9]+}} loc={{.*}}ordered.c:14:1
// CHECK-NEXT: {{^}}0: mutex_acquired: kind=ordered wait_id=[[W]] loc={{.*}}ordered.c:14:1
// CHECK-NEXT: {{^}}0: mutex_released: kind=ordered wait_id=[[W]] loc={{.*}}ordered.c:1{{[45]}}:
// CHECK-NEXT: {{^}}0: loop_static_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}ordered.c:12:
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}ordered.c:12:
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// CHECK-NEXT: {{^}}1: loop_static_begin: parallel=[[PAR]] task=[[T1]] count=4 loc={{.*}}ordered.c:12:1
// CHECK-NEXT: {{^}}1: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T1]] start=1 iterations=1{{$}}
// CHECK-NEXT: {{^}}1: mutex_acquire: kind=ordered wait_id=[[W]] hint=0 impl={{[0-9]+}} loc={{.*}}ordered.c:14:1
// CHECK-NEXT: {{^}}1: mutex_acquired: kind=ordered wait_id=[[W]] loc={{.*}}ordered.c:14:1
// CHECK-NEXT: {{^}}1: mutex_released: kind=ordered wait_id=[[W]] loc={{.*}}ordered.c:1{{[45]}}:
// CHECK-NEXT: {{^}}1: dispatch: kind=ws_loop_chunk parallel=[[PAR]] task=[[T1]] start=3 iterations=1{{$}}
// CHECK-NEXT: {{^}}1: mutex_acquire: kind=ordered wait_id=[[W]] hint=0 impl={{[0-9]+}} loc={{.*}}ordered.c:14:1
// CHECK-NEXT: {{^}}1: mutex_acquired: kind=ordered wait_id=[[W]] loc={{.*}}ordered.c:14:1
// CHECK-NEXT: {{^}}1: mutex_released: kind=ordered wait_id=[[W]] loc={{.*}}ordered.c:1{{[45]}}:
// CHECK-NEXT: {{^}}1: loop_static_end: parallel=[[PAR]] task=[[T1]] count=0 loc={{.*}}ordered.c:12:
