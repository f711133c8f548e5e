// omp nest locks: the first set acquires the lock, a nested set or a
// successful test_nest_lock only opens a nesting scope (nest_lock_begin),
// the matching unsets close it (nest_lock_end) and the last one releases it.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int x;

int main(void) {
  omp_nest_lock_t l;
  omp_init_nest_lock(&l);
#pragma omp parallel num_threads(2)
  {
    omp_set_nest_lock(&l);
    omp_set_nest_lock(&l);
    x++;
    omp_unset_nest_lock(&l);
    omp_unset_nest_lock(&l);
  }
  omp_set_nest_lock(&l);
  if (omp_test_nest_lock(&l) == 2)
    omp_unset_nest_lock(&l);
  omp_unset_nest_lock(&l);
  omp_destroy_nest_lock(&l);
  printf("%d\n", x);
  return 0;
}

// CHECK: {{^}}0: implicit_task_begin: parallel={{[0-9]+}} task={{[0-9]+}} team=1 index=1 flags=initial
// CHECK-NEXT: {{^}}0: lock_init: kind=nest_lock wait_id=[[L:0x[0-9a-f]+]] hint=0 impl={{[0-9]+}} loc={{.*}}nest-lock.c:12:3 fn=main{{$}}
// CHECK-NEXT: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] {{.*}} loc={{.*}}nest-lock.c:13:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]]
// CHECK-NEXT: {{^}}0: mutex_acquire: kind=nest_lock wait_id=[[L]] hint=0 impl={{[0-9]+}} loc={{.*}}nest-lock.c:15:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: mutex_acquired: kind=nest_lock wait_id=[[L]] loc={{.*}}nest-lock.c:15:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: mutex_acquire: kind=nest_lock wait_id=[[L]] hint=0 impl={{[0-9]+}} loc={{.*}}nest-lock.c:16:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: nest_lock_begin: wait_id=[[L]] loc={{.*}}nest-lock.c:16:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: nest_lock_end: wait_id=[[L]] loc={{.*}}nest-lock.c:18:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: mutex_released: kind=nest_lock wait_id=[[L]] loc={{.*}}nest-lock.c:19:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]]
// CHECK: {{^}}0: parallel_end: parallel=[[PAR]]
// CHECK-NEXT: {{^}}0: mutex_acquire: kind=nest_lock wait_id=[[L]] hint=0 impl={{[0-9]+}} loc={{.*}}nest-lock.c:21:3 fn=main{{$}}
// CHECK-NEXT: {{^}}0: mutex_acquired: kind=nest_lock wait_id=[[L]] loc={{.*}}nest-lock.c:21:3 fn=main{{$}}
// CHECK-NEXT: {{^}}0: mutex_acquire: kind=test_nest_lock wait_id=[[L]] hint=0 impl={{[0-9]+}} loc={{.*}}nest-lock.c:22:7 fn=main{{$}}
// CHECK-NEXT: {{^}}0: nest_lock_begin: wait_id=[[L]] loc={{.*}}nest-lock.c:22:7 fn=main{{$}}
// CHECK-NEXT: {{^}}0: nest_lock_end: wait_id=[[L]] loc={{.*}}nest-lock.c:23:5 fn=main{{$}}
// CHECK-NEXT: {{^}}0: mutex_released: kind=nest_lock wait_id=[[L]] loc={{.*}}nest-lock.c:24:3 fn=main{{$}}
// CHECK-NEXT: {{^}}0: lock_destroy: kind=nest_lock wait_id=[[L]] loc={{.*}}nest-lock.c:25:3 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_end:
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]] task={{[0-9]+}} team=2 index=1
// CHECK-NEXT: {{^}}1: mutex_acquire: kind=nest_lock wait_id=[[L]] hint=0 impl={{[0-9]+}} loc={{.*}}nest-lock.c:15:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}1: mutex_acquired: kind=nest_lock wait_id=[[L]] loc={{.*}}nest-lock.c:15:5
// CHECK-NEXT: {{^}}1: mutex_acquire: kind=nest_lock wait_id=[[L]] hint=0 impl={{[0-9]+}} loc={{.*}}nest-lock.c:16:5
// CHECK-NEXT: {{^}}1: nest_lock_begin: wait_id=[[L]] loc={{.*}}nest-lock.c:16:5
// CHECK-NEXT: {{^}}1: nest_lock_end: wait_id=[[L]] loc={{.*}}nest-lock.c:18:5
// CHECK-NEXT: {{^}}1: mutex_released: kind=nest_lock wait_id=[[L]] loc={{.*}}nest-lock.c:19:5
// CHECK-NEXT: {{^}}1: barrier_implicit_parallel_begin: parallel=[[PAR]]
// CHECK-NOT: lock
