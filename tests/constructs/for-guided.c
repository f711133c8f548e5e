// A worksharing loop with schedule(guided) in a team of 2: one
// ws_loop_chunk dispatch per chunk; the chunks shrink with the iterations
// left (about half of them per thread), whichever thread takes them, so
// the set of chunks is fixed even if who runs which is not.
// RUN: %ompadv cc -O0 %s -o %t && %ompadv trace --threads 2 --by-thread %t 2>&1 | %FileCheck %s
// All chunks sorted by their first iteration:
// RUN: %ompadv trace --threads 2 %t 2>&1 | grep 'dispatch: kind=ws_loop_chunk' | sed -e 's/^[0-9]*: //' | sort -t= -k5,5n | %FileCheck %s --check-prefix=CHUNKS
#include <stdio.h>

int a[100];

int main(void) {
#pragma omp parallel num_threads(2)
  {
#pragma omp for schedule(guided)
    for (int i = 0; i < 100; i++) a[i] = i;
  }
  printf("%d\n", a[99]);
  return 0;
}

// CHECK: {{^}}0: parallel_begin: parallel=[[PAR:[0-9]+]] task={{[0-9]+}} requested=2 flags=invoker_runtime|team loc={{.*}}for-guided.c:13:1 fn=main{{$}}
// CHECK-NEXT: {{^}}0: implicit_task_begin: parallel=[[PAR]] task=[[T0:[0-9]+]] team=2 index=0 flags=implicit
// CHECK-NEXT: {{^}}0: loop_guided_begin: parallel=[[PAR]] task=[[T0]] count=100 loc={{.*}}for-guided.c:15:1 fn=main.omp_outlined
// (Thread 0 normally takes chunks too, but thread 1 could take them all.)
// CHECK-NOT: {{^}}0: {{.*}}_begin:
// CHECK: {{^}}0: loop_guided_end: parallel=[[PAR]] task=[[T0]] count=0 loc={{.*}}for-guided.c:15:
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-guided.c:15:
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T0]]
// CHECK-NEXT: {{^}}0: wait_barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]]
// CHECK-NEXT: {{^}}0: barrier_implicit_workshare_end: parallel=[[PAR]] task=[[T0]]
// CHECK-NEXT: {{^}}0: barrier_implicit_parallel_begin: parallel=[[PAR]] task=[[T0]] loc={{.*}}for-guided.c:13:1 fn=main{{$}}
// CHECK: {{^}}1: implicit_task_begin: parallel=[[PAR]] task=[[T1:[0-9]+]] team=2 index=1 flags=implicit
// CHECK-NEXT: {{^}}1: loop_guided_begin: parallel=[[PAR]] task=[[T1]] count=100 loc={{.*}}for-guided.c:15:1 fn=main.omp_outlined
// CHECK-NOT: {{^}}1: {{.*}}_begin:
// CHECK: {{^}}1: loop_guided_end: parallel=[[PAR]] task=[[T1]] count=0 loc={{.*}}for-guided.c:15:
// CHECK-NEXT: {{^}}1: barrier_implicit_workshare_begin: parallel=[[PAR]] task=[[T1]] loc={{.*}}for-guided.c:15:

// libomp's guided chunks for 100 iterations and 2 threads: a quarter of the
// iterations left (rounded down), then single iterations near the end; 17
// chunks covering 0..99 exactly once.
// CHUNKS: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P:[0-9]+]] task={{[0-9]+}} start=0 iterations=25{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=25 iterations=18{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=43 iterations=14{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=57 iterations=10{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=67 iterations=8{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=75 iterations=6{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=81 iterations=4{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=85 iterations=3{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=88 iterations=3{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=91 iterations=2{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=93 iterations=1{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=94 iterations=1{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=95 iterations=1{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=96 iterations=1{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=97 iterations=1{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=98 iterations=1{{$}}
// CHUNKS-NEXT: {{^}}dispatch: kind=ws_loop_chunk parallel=[[P]] task={{[0-9]+}} start=99 iterations=1{{$}}
// CHUNKS-NOT: dispatch
