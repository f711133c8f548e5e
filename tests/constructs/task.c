// Two explicit tasks created by thread 0 (masked) in a team of 2 and run in
// the implicit barrier by either thread: each is created once with the
// implicit task as parent, then switched to and completed exactly once.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
// RUN: %ompadv trace --threads 2 %t 2>&1 | grep -c ': task_schedule: prior=[0-9]* status=complete' | %FileCheck %s --check-prefix=COUNT
// A team of 1 (serialized): libomp runs each task at once, as undeferred.
// RUN: %ompadv trace --threads 1 --by-thread %t 2>&1 | %FileCheck %s --check-prefix=ONE
#include <stdio.h>

int x, y;

int main(void) {
#pragma omp parallel
  {
#pragma omp masked
    {
#pragma omp task shared(x)
      x++;
#pragma omp task shared(y)
      y++;
    }
  }
  printf("%d %d\n", x, y);
  return 0;
}

// CHECK: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: masked_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}task.c:15:1
// CHECK-NEXT: {{^}}0: task_create: task=[[TA:[0-9]+]] parent=[[T0]] flags=explicit has_deps=0 loc={{.*}}task.c:17:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: task_create: task=[[TB:[0-9]+]] parent=[[T0]] flags=explicit has_deps=0 loc={{.*}}task.c:19:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: masked_end: parallel=[[PAR]] task=[[T0]]
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}task.c:13:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]]
// Whoever runs them, each runs once, from that thread's implicit task back to it.
// CHECK-DAG: {{^}}[[TH1:[01]]]: task_schedule: prior=[[I1:[0-9]+]] status=switch next=[[TA]]{{$}}
// CHECK-DAG: {{^}}[[TH1]]: task_schedule: prior=[[TA]] status=complete next=[[I1]]{{$}}
// CHECK-DAG: {{^}}[[TH2:[01]]]: task_schedule: prior=[[I2:[0-9]+]] status=switch next=[[TB]]{{$}}
// CHECK-DAG: {{^}}[[TH2]]: task_schedule: prior=[[TB]] status=complete next=[[I2]]{{$}}
// CHECK-DAG: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1
// CHECK: ompadv: trace:

// COUNT: {{^}}2{{$}}

// ONE: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=1 index=0 flags=implicit
// ONE-NEXT: {{^}}0: masked_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}task.c:15:1
// ONE-NEXT: {{^}}0: task_create: task=[[TA:[0-9]+]] parent=[[T0]] flags=explicit|undeferred has_deps=0 loc={{.*}}task.c:17:1
// ONE-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[TA]]{{$}}
// ONE-NEXT: {{^}}0: task_schedule: prior=[[TA]] status=complete next=[[T0]]{{$}}
// ONE-NEXT: {{^}}0: task_create: task=[[TB:[0-9]+]] parent=[[T0]] flags=explicit|undeferred has_deps=0 loc={{.*}}task.c:19:1
// ONE-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[TB]]{{$}}
// ONE-NEXT: {{^}}0: task_schedule: prior=[[TB]] status=complete next=[[T0]]{{$}}
// ONE-NEXT: {{^}}0: masked_end: parallel=[[PAR]] task=[[T0]]
// ONE-NEXT: {{^}}0: implicit_task_end: parallel={{[0-9]+}} task=[[T0]] team=1
