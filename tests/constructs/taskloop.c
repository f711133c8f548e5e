// taskloop grainsize(25) over 100 iterations: taskloop_begin/end around the
// creation of 4 tasks inside the taskloop's implicit taskgroup; each task
// reports the chunk it runs (taskloop_chunk dispatch, 25 iterations).
// Thread 1 is kept busy, so thread 0 runs them all (last created first).
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int a[100], done;

int main(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp taskloop grainsize(25)
      for (int i = 0; i < 100; i++)
        a[i] = i;
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    } else {
      while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
        ;
    }
  }
  printf("%d\n", a[99]);
  return 0;
}

// CHECK: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: taskgroup_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskloop.c:15:
// CHECK-NEXT: {{^}}0: taskloop_begin: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}taskloop.c:15:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: task_create: task=[[C1:[0-9]+]] parent=[[T0]] flags=explicit has_deps=0 loc={{.*}}taskloop.c:15:1
// CHECK-NEXT: {{^}}0: task_create: task=[[C2:[0-9]+]] parent=[[T0]] flags=explicit has_deps=0 loc={{.*}}taskloop.c:15:1
// CHECK-NEXT: {{^}}0: task_create: task=[[C3:[0-9]+]] parent=[[T0]] flags=explicit has_deps=0 loc={{.*}}taskloop.c:15:1
// CHECK-NEXT: {{^}}0: task_create: task=[[C4:[0-9]+]] parent=[[T0]] flags=explicit has_deps=0 loc={{.*}}taskloop.c:15:1
// CHECK-NEXT: {{^}}0: taskloop_end: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}taskloop.c:15:1
// CHECK-NEXT: {{^}}0: wait_taskgroup_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskloop.c:15:
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[C4]]{{$}}
// CHECK-NEXT: {{^}}0: dispatch: kind=taskloop_chunk parallel=[[PAR]] task=[[C4]] start=75 iterations=25{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[C4]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[C3]]{{$}}
// CHECK-NEXT: {{^}}0: dispatch: kind=taskloop_chunk parallel=[[PAR]] task=[[C3]] start=50 iterations=25{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[C3]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[C2]]{{$}}
// CHECK-NEXT: {{^}}0: dispatch: kind=taskloop_chunk parallel=[[PAR]] task=[[C2]] start=25 iterations=25{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[C2]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[C1]]{{$}}
// CHECK-NEXT: {{^}}0: dispatch: kind=taskloop_chunk parallel=[[PAR]] task=[[C1]] start=0 iterations=25{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[C1]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: wait_taskgroup_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskloop.c:15:
// CHECK-NEXT: {{^}}0: taskgroup_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskloop.c:15:
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskloop.c:12:1 fn=main{{$}}
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]]
// CHECK-NOT: task_{{create|schedule}}
// CHECK-NOT: dispatch
// CHECK: ompadv: trace:
