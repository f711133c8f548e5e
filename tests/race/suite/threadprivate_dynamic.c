// RACE: no
// WHY: each thread fills its threadprivate copy of ptrs in the region's own code, then reads it in the chunks of a dynamic loop it runs: a chunk is logically parallel with the code its thread ran before it, but in any schedule it reads the copy of the thread that runs it, never another thread's (NPB IS, bucket_ptrs)
#include <omp.h>
#include <stdio.h>
#define N 64
int ptrs[N];
#pragma omp threadprivate(ptrs)
int out[N];
int main(void) {
#pragma omp parallel
  {
    int me = omp_get_thread_num();
    for (int i = 0; i < N; i++)
      ptrs[i] = me + i;
#pragma omp for schedule(dynamic)
    for (int i = 0; i < N; i++)
      out[i] = ptrs[i] - (i > 0 ? ptrs[i - 1] : 0);
  }
  printf("%d\n", out[1]);
  return 0;
}
