// taskwait: thread 0 creates a task and waits for it while the other thread
// of the team is kept busy, so thread 0 runs the task inside the taskwait.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int x, done;

int main(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task shared(x)
      x++;
#pragma omp taskwait
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
// CHECK-NEXT: {{^}}0: task_create: task=[[TA:[0-9]+]] parent=[[T0]] flags=explicit has_deps=0 loc={{.*}}taskwait.c:13:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: taskwait_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskwait.c:15:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: wait_taskwait_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskwait.c:15:1
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[TA]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[TA]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: wait_taskwait_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskwait.c:15:1
// CHECK-NEXT: {{^}}0: taskwait_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskwait.c:15:1
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}taskwait.c:10:1 fn=main{{$}}
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]]
// CHECK-NOT: task_{{create|schedule}}
// CHECK-NOT: taskwait
// CHECK: ompadv: trace:
