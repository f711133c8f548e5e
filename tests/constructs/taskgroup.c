// taskgroup: waits for the task created in it and for that task's own child.
// Thread 1 is kept busy, so thread 0 runs both in the taskgroup's wait.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int x, done;

int main(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp taskgroup
      {
#pragma omp task shared(x)
        {
#pragma omp task shared(x)
          x++;
        }
      }
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    } else {
      while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
        ;
    }
  }
  printf("%d\n", x);
  return 0;
}

// CHECK: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: taskgroup_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskgroup.c:13:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: task_create: task=[[TA:[0-9]+]] parent=[[T0]] flags=explicit has_deps=0 loc={{.*}}taskgroup.c:15:1
// The wait is at the end of the taskgroup (line 20).
// CHECK-NEXT: {{^}}0: wait_taskgroup_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskgroup.c:20:
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[TA]]{{$}}
// CHECK-NEXT: {{^}}0: task_create: task=[[TB:[0-9]+]] parent=[[TA]] flags=explicit has_deps=0 loc={{.*}}taskgroup.c:17:1 fn={{.*}}omp_task_entry
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[TA]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[TB]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[TB]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: wait_taskgroup_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskgroup.c:20:
// CHECK-NEXT: {{^}}0: taskgroup_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskgroup.c:20:
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskgroup.c:10:1 fn=main{{$}}
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]]
// CHECK-NOT: task_{{create|schedule}}
// CHECK-NOT: taskgroup
// CHECK: ompadv: trace:
