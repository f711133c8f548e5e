// A sections construct with 3 sections in a team of 2, then one with nowait.
// libomp reports sections_begin with the number of sections and one
// section dispatch per thread (not per section).
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
// A team of 1 (serialized in libomp): no section dispatch is reported.
// RUN: %ompadv trace --threads 1 --by-thread %t 2>&1 | %FileCheck %s --check-prefix=ONE
#include <stdio.h>

int x, y, z;

int main(void) {
#pragma omp parallel
  {
#pragma omp sections
    {
#pragma omp section
      x = 1;
#pragma omp section
      y = 2;
#pragma omp section
      z = 3;
    }
#pragma omp sections nowait
    {
#pragma omp section
      x++;
#pragma omp section
      y++;
    }
  }
  printf("%d %d %d\n", x, y, z);
  return 0;
}

// CHECK: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] task={{[0-9]+}} requested=2 flags=invoker_runtime|team loc={{.*}}sections.c:12:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: sections_begin: parallel=[[PAR]] task=[[T0]] count=3 loc={{.*}}sections.c:14:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: dispatch: kind=section parallel=[[PAR]] task=[[T0]] loc={{.*}}sections.c:14:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: sections_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}sections.c:14:{{[0-9]+}} fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}sections.c:14:
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}sections.c:14:
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}sections.c:14:
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}sections.c:14:
// CHECK-NEXT: {{^}}0: sections_begin: parallel=[[PAR]] task=[[T0]] count=2 loc={{.*}}sections.c:23:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: dispatch: kind=section parallel=[[PAR]] task=[[T0]] loc={{.*}}sections.c:23:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: sections_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}sections.c:23:{{[0-9]+}} fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}sections.c:12:1 fn=main{{$}}
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// CHECK-NEXT: {{^}}1: sections_begin: parallel=[[PAR]] task=[[T1]] count=3 loc={{.*}}sections.c:14:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}1: dispatch: kind=section parallel=[[PAR]] task=[[T1]] loc={{.*}}sections.c:14:1
// CHECK-NEXT: {{^}}1: sections_end: parallel=[[PAR]] task=[[T1]] count=0 loc={{.*}}sections.c:14:
// CHECK-NEXT: {{^}}1: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}sections.c:14:
// CHECK-NEXT: {{^}}1: wait_barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}sections.c:14:
// CHECK-NEXT: {{^}}1: wait_barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T1]] loc={{.*}}sections.c:14:
// CHECK-NEXT: {{^}}1: barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T1]] loc={{.*}}sections.c:14:
// CHECK-NEXT: {{^}}1: sections_begin: parallel=[[PAR]] task=[[T1]] count=2 loc={{.*}}sections.c:23:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}1: dispatch: kind=section parallel=[[PAR]] task=[[T1]] loc={{.*}}sections.c:23:1
// CHECK-NEXT: {{^}}1: sections_end: parallel=[[PAR]] task=[[T1]] count=0 loc={{.*}}sections.c:23:
// CHECK-NEXT: {{^}}1: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T1]]{{$}}

// ONE: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=1 index=0 flags=implicit
// ONE-NEXT: {{^}}0: sections_begin: parallel=[[PAR]] task=[[T0]] count=3 loc={{.*}}sections.c:14:1 fn=main.omp_outlined
// ONE-NEXT: {{^}}0: sections_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}sections.c:14:
// ONE-NEXT: {{^}}0: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}sections.c:14:
// ONE: {{^}}0: sections_begin: parallel=[[PAR]] task=[[T0]] count=2 loc={{.*}}sections.c:23:1 fn=main.omp_outlined
// ONE-NEXT: {{^}}0: sections_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}sections.c:23:
// ONE-NEXT: {{^}}0: implicit_task_end: parallel={{[0-9]+}} task=[[T0]] team=1 index=0 flags=implicit
// ONE-NEXT: {{^}}0: parallel_end: parallel=[[PAR]] task={{[0-9]+}} flags=invoker_runtime|team loc={{.*}}sections.c:12:1 fn=main{{$}}
// ONE-NOT: {{^}}1:
// ONE-NOT: dispatch
