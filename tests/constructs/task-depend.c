// Task dependences on two variables a and b: out(a), in(a)+inout(b),
// in(a, b), out(a).  Checks the dependences reported for each task (out is
// reported as inout), the addresses (printed by the program), the
// task_dependence edges, and that thread 0 runs them in dependence order.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int a, b, x, done;

int main(void) {
  printf("a=%p b=%p\n", (void *)&a, (void *)&b);
  fflush(stdout);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp task depend(out: a)
      a = 1;
#pragma omp task depend(in: a) depend(inout: b)
      b += a;
#pragma omp task depend(in: a, b)
      x = a + b;
#pragma omp task depend(out: a)
      a = 5;
#pragma omp taskwait
      __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    } else {
      while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
        ;
    }
  }
  printf("%d %d %d\n", a, b, x);
  return 0;
}

// CHECK: a=0x[[A:[0-9a-f]+]] b=0x[[B:[0-9a-f]+]]
// CHECK: {{^}}0: implicit_task_begin: parallel=[[PAR:[0-9]+]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: task_create: task=[[T1:[0-9]+]] parent=[[T0]] flags=explicit has_deps=1 loc={{.*}}task-depend.c:17:1 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: dependences: task=[[T1]] ndeps=1 deps=inout:0x[[A]]{{$}}
// CHECK-NEXT: {{^}}0: task_create: task=[[T2:[0-9]+]] parent=[[T0]] flags=explicit has_deps=1 loc={{.*}}task-depend.c:19:1
// CHECK-NEXT: {{^}}0: dependences: task=[[T2]] ndeps=2 deps=in:0x[[A]],inout:0x[[B]]{{$}}
// CHECK-NEXT: {{^}}0: task_dependence: source=[[T1]] sink=[[T2]]{{$}}
// CHECK-NEXT: {{^}}0: task_create: task=[[T3:[0-9]+]] parent=[[T0]] flags=explicit has_deps=1 loc={{.*}}task-depend.c:21:1
// CHECK-NEXT: {{^}}0: dependences: task=[[T3]] ndeps=2 deps=in:0x[[A]],in:0x[[B]]{{$}}
// CHECK-DAG: {{^}}0: task_dependence: source=[[T1]] sink=[[T3]]{{$}}
// CHECK-DAG: {{^}}0: task_dependence: source=[[T2]] sink=[[T3]]{{$}}
// CHECK-NEXT: {{^}}0: task_create: task=[[T4:[0-9]+]] parent=[[T0]] flags=explicit has_deps=1 loc={{.*}}task-depend.c:23:1
// CHECK-NEXT: {{^}}0: dependences: task=[[T4]] ndeps=1 deps=inout:0x[[A]]{{$}}
// The last writer of a waits for the readers of a.
// CHECK-DAG: {{^}}0: task_dependence: source=[[T2]] sink=[[T4]]{{$}}
// CHECK-DAG: {{^}}0: task_dependence: source=[[T3]] sink=[[T4]]{{$}}
// CHECK-NEXT: {{^}}0: taskwait_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}task-depend.c:25:1
// CHECK-NEXT: {{^}}0: wait_taskwait_begin: parallel=[[PAR]] task=[[T0]]
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[T1]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T1]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[T2]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T2]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[T3]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T3]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T0]] status=switch next=[[T4]]{{$}}
// CHECK-NEXT: {{^}}0: task_schedule: prior=[[T4]] status=complete next=[[T0]]{{$}}
// CHECK-NEXT: {{^}}0: wait_taskwait_end: parallel=[[PAR]] task=[[T0]]
// CHECK-NEXT: {{^}}0: taskwait_end: parallel=[[PAR]] task=[[T0]]
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]]
// CHECK-NOT: task_{{create|schedule|dependence}}
// CHECK-NOT: dependences
// CHECK: ompadv: trace:
