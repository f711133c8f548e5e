// omp locks: init, set/unset by both threads of a team, test_lock that
// succeeds then one that fails (the lock is held), destroy.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
#include <omp.h>
#include <stdio.h>

int x;

int main(void) {
  omp_lock_t l;
  omp_init_lock(&l);
#pragma omp parallel num_threads(2)
  {
    omp_set_lock(&l);
    x++;
    omp_unset_lock(&l);
  }
  if (omp_test_lock(&l)) {
    if (!omp_test_lock(&l))
      x++;
    omp_unset_lock(&l);
  }
  omp_destroy_lock(&l);
  printf("%d\n", x);
  return 0;
}

// CHECK: {{^}}0: implicit_task_begin: parallel={{[0-9]+}} task={{[0-9]+}} team=1 index=1 flags=initial
// CHECK-NEXT: {{^}}0: lock_init: kind=lock wait_id=[[L:0x[0-9a-f]+]] hint=0 impl={{[0-9]+}} loc={{.*}}lock.c:11:3 fn=main{{$}}
// CHECK-NEXT: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] {{.*}} loc={{.*}}lock.c:12:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]]
// CHECK-NEXT: {{^}}0: mutex_acquire: kind=lock wait_id=[[L]] hint=0 impl={{[0-9]+}} loc={{.*}}lock.c:14:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: mutex_acquired: kind=lock wait_id=[[L]] loc={{.*}}lock.c:14:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: mutex_released: kind=lock wait_id=[[L]] loc={{.*}}lock.c:16:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]]
// CHECK: {{^}}0: parallel_end: parallel=[[PAR]]
// A test_lock that gets the lock, one that does not, the unset.
// CHECK-NEXT: {{^}}0: mutex_acquire: kind=test_lock wait_id=[[L]] hint=0 impl={{[0-9]+}} loc={{.*}}lock.c:18:7 fn=main{{$}}
// CHECK-NEXT: {{^}}0: mutex_acquired: kind=test_lock wait_id=[[L]] loc={{.*}}lock.c:18:7 fn=main{{$}}
// CHECK-NEXT: {{^}}0: mutex_acquire: kind=test_lock wait_id=[[L]] hint=0 impl={{[0-9]+}} loc={{.*}}lock.c:19:10 fn=main{{$}}
// CHECK-NEXT: {{^}}0: mutex_released: kind=lock wait_id=[[L]] loc={{.*}}lock.c:21:5 fn=main{{$}}
// CHECK-NEXT: {{^}}0: lock_destroy: kind=lock wait_id=[[L]] loc={{.*}}lock.c:23:3 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_end:
// The worker: the same lock.
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]] task={{[0-9]+}} team=2 index=1
// CHECK-NEXT: {{^}}1: mutex_acquire: kind=lock wait_id=[[L]] hint=0 impl={{[0-9]+}} loc={{.*}}lock.c:14:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}1: mutex_acquired: kind=lock wait_id=[[L]] loc={{.*}}lock.c:14:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}1: mutex_released: kind=lock wait_id=[[L]] loc={{.*}}lock.c:16:5 fn=main.omp_outlined
// CHECK-NEXT: {{^}}1: barrier_implicit_parallel_begin: parallel=[[PAR]]
// CHECK-NOT: mutex
