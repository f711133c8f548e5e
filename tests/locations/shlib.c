// Constructs in a shared library, linked at build time and dlopen'ed at run
// time (the tool lists modules again at the end for the latter), in a PIE.
// RUN: mkdir -p %t.d && %ompadv cc -O2 -fPIC -shared %inputs/locations/lib.c -o %t.d/libregion.so
// RUN: %ompadv cc -O2 -fPIE -pie %s -DLINKED -L%t.d -lregion -Wl,-rpath,%t.d -o %t.linked
// RUN: %ompadv trace --threads 2 --by-thread %t.linked 2>&1 | %FileCheck %s
// RUN: %ompadv cc -O2 -fPIE -pie %s -DLIBPATH='"%t.d/libregion.so"' -ldl -o %t.dlopen
// RUN: %ompadv trace --threads 2 --by-thread %t.dlopen 2>&1 | %FileCheck %s
#include <dlfcn.h>
#include <stdio.h>

int lib_region(void);

int main(void)
{
#ifdef LINKED
  int n = lib_region();
#else
  void *h = dlopen(LIBPATH, RTLD_NOW);
  if (!h)
    return 1;
  int (*f)(void) = (int (*)(void))dlsym(h, "lib_region");
  int n = f();
  dlclose(h);
#endif
#pragma omp parallel num_threads(2)
  __atomic_fetch_add(&n, 1, __ATOMIC_RELAXED);
  printf("%d\n", n);
  return 0;
}

// CHECK: 0: parallel_begin: {{.*}} loc={{.*}}lib.c:7:{{[0-9]+}} fn=lib_region{{$}}
// CHECK: 0: parallel_begin: {{.*}} loc={{.*}}shlib.c:25:{{[0-9]+}} fn=main{{$}}
