// masked (filter 0 by default), masked filter(1) and master in a team of 2:
// only the filtered thread reports masked_begin/end; no barrier follows.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int x, y, z;

int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp masked
    x = 1;
#pragma omp masked filter(1)
    y = 2;
#pragma omp master
    z = 3;
  }
  printf("%d %d %d\n", x, y, z);
  return 0;
}

// CHECK: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] task={{[0-9]+}} requested=2 flags=invoker_runtime|team loc={{.*}}masked.c:10:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: masked_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}masked.c:12:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: masked_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}masked.c:13:
// CHECK-NEXT: {{^}}0: masked_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}masked.c:16:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: masked_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}masked.c:17:
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}masked.c:10:1 fn=main{{$}}
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// CHECK-NEXT: {{^}}1: masked_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}masked.c:14:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}1: masked_end: parallel=[[PAR]] task=[[T1]] loc={{.*}}masked.c:15:
// CHECK-NEXT: {{^}}1: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T1]]{{$}}
// CHECK-NOT: masked
