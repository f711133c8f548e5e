// Task flags: an undeferred task (if(0)), a final task whose
// child is final and undeferred too, and an untied task.
// Thread 1 is kept busy, so thread 0 creates and runs them all.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int x, done;

int main(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task if(0) shared(x)
      x++;
#pragma omp task final(1) shared(x)
      {
#pragma omp task shared(x)
        x++;
      }
#pragma omp taskwait
#pragma omp task untied shared(x)
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
// if(0): undeferred, run at once by the creating task.
// CHECK-NEXT: {{^}}0: task_create: task=[[U:[0-9]+]] parent=[[T0]] flags=explicit|undeferred has_deps=0 loc={{.*}}task-kinds.c:14:{{[0-9]+}} fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[U]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[U]] status=complete next=[[T0]]{{$}}
// final(1): deferred; its child is final too and runs inside it at once.
// CHECK-NEXT: {{^}}0: task_create: task=[[F:[0-9]+]] parent=[[T0]] flags=explicit|final has_deps=0 loc={{.*}}task-kinds.c:16:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: taskwait_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}task-kinds.c:21:1
// CHECK-NEXT: {{^}}0: wait_taskwait_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}task-kinds.c:21:1
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[F]]{{$}}
// CHECK-NEXT: {{^}}0: task_create: task=[[FC:[0-9]+]] parent=[[F]] flags=explicit|undeferred|final has_deps=0 loc={{.*}}task-kinds.c:18:1
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[F]] status=switch next=[[FC]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[FC]] status=complete next=[[F]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[F]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: wait_taskwait_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}task-kinds.c:21:1
// CHECK-NEXT: {{^}}0: taskwait_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}task-kinds.c:21:1
// untied: libomp switches to it and back twice (clang's untied task code
// re-enqueues its part), then completes it once.
// CHECK-NEXT: {{^}}0: task_create: task=[[UT:[0-9]+]] parent=[[T0]] flags=explicit|untied has_deps=0 loc={{.*}}task-kinds.c:22:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: taskwait_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}task-kinds.c:24:1
// CHECK-NEXT: {{^}}0: wait_taskwait_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}task-kinds.c:24:1
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[UT]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[UT]] status=switch next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[UT]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[UT]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: wait_taskwait_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}task-kinds.c:24:1
// CHECK-NEXT: {{^}}0: taskwait_end: parallel=[[PAR]] task=[[T0]] loc={{.*}}task-kinds.c:24:1
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}task-kinds.c:11:1 fn=main{{$}}
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]]
// CHECK-NOT: task_{{create|schedule}}
// CHECK: ompadv: trace:
