// Source locations of constructs at -O0 and -O2, with and without the flags
// `ompadv cc` adds, and built by gcc.  Line numbers below are checked
// literally: keep the program's lines where they are.
//
// RUN: %ompadv cc -O0 %s -o %t.cc0 && %ompadv trace --threads 2 --by-thread %t.cc0 2>&1 | %FileCheck --check-prefixes=ALL,CLANG,LAST %s
// RUN: %ompadv cc -O2 %s -o %t.cc2 && %ompadv trace --threads 2 --by-thread %t.cc2 2>&1 | %FileCheck --check-prefixes=ALL,CLANG,LAST %s
// Plain clang -g has no .debug_aranges: lookups take the CU-scan fallback.
// RUN: %clang -fopenmp -g -O0 %s -o %t.clang0 && %ompadv trace --threads 2 --by-thread %t.clang0 2>&1 | %FileCheck --check-prefixes=ALL,CLANG,LAST %s
// At -O2 a construct that ends a function is reached by a tail call: the
// caller's frame is gone, and the region is attributed to the call site in
// the caller (ompadv cc's -fno-optimize-sibling-calls avoids this).
// RUN: %clang -fopenmp -g -O2 %s -o %t.clang2 && %ompadv trace --threads 2 --by-thread %t.clang2 2>&1 | %FileCheck --check-prefixes=ALL,CLANG,TAIL %s
// gcc's line tables put some calls on neighbouring lines: tasks are checked
// by function only.
// RUN: gcc -fopenmp -g -O0 %s -o %t.gcc0 && %ompadv trace --threads 2 --by-thread %t.gcc0 2>&1 | %FileCheck --check-prefixes=ALL,GCC,GCCLAST %s
// RUN: gcc -fopenmp -g -O2 %s -o %t.gcc2 && %ompadv trace --threads 2 --by-thread %t.gcc2 2>&1 | %FileCheck --check-prefixes=ALL,GCC,TAIL %s
#include <omp.h>
#include <stdio.h>

static int counter;

__attribute__((noinline)) void last_statement(void)
{
#pragma omp parallel num_threads(2)
  {
    __atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED);
  }
}

__attribute__((noinline)) int body(int n)
{
  int sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : sum)
  {
#pragma omp for schedule(dynamic, 4)
    for (int i = 0; i < n; i++)
      sum += i;
#pragma omp barrier
#pragma omp critical
    counter++;
#pragma omp single
    {
#pragma omp task
      counter++;
#pragma omp taskwait
    }
  }
  return sum;
}

int main(void)
{
  int s = body(100);
  last_statement();
  printf("%d %d\n", s, counter);
  return 0;
}

// Thread 0's view, in order.
// ALL:   0: parallel_begin: {{.*}} loc={{.*}}constructs.c:33:{{[0-9]+}} fn=body{{$}}
// CLANG: 0: loop_dynamic_begin: {{.*}} loc={{.*}}constructs.c:35:
// CLANG: 0: barrier_explicit_begin: {{.*}} loc={{.*}}constructs.c:38:
// GCC:   0: barrier_implementation_begin: {{.*}} loc={{.*}}constructs.c:38:
// ALL:   0: mutex_acquire: kind=critical {{.*}} loc={{.*}}constructs.c:39:
// CLANG: 0: task_create: {{.*}} loc={{.*}}constructs.c:43:
// ALL:   0: taskwait_begin: {{.*}} loc={{.*}}constructs.c:45:
// ALL:   0: parallel_end: {{.*}} loc={{.*}}constructs.c:33:
// LAST:  0: parallel_begin: {{.*}} loc={{.*}}constructs.c:24:{{[0-9]+}} fn=last_statement{{$}}
// GCCLAST: 0: parallel_begin: {{.*}} fn=last_statement{{$}}
// TAIL:  0: parallel_begin: {{.*}} loc={{.*}}constructs.c:54:{{[0-9]+}} fn=main{{$}}
