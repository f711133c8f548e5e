// The static schedule the model re-splits loops with, and race mode splits
// one thread's iterations with (corelib/schedule.c, oa_scale_block and
// oa_static_owner), is libomp's: for team sizes 1 to 9 and trip counts
// 0 to 103, every iteration of a schedule(static) loop runs on the thread
// whose block oa_scale_block says holds it, and on the thread
// oa_static_owner names; every iteration of a schedule(static, 3) loop on
// thread (i / 3) % T (doc/SEMANTICS.md rule 4), which oa_static_owner names
// too.  The oracle is libomp itself, run here.
//
// RUN: %ompadv cc -O1 -D_GNU_SOURCE -I%srcdir/corelib -I%builddir %s %srcdir/corelib/scale.c %srcdir/corelib/schedule.c %srcdir/corelib/ospg.c \
// RUN:   %srcdir/corelib/idmap.c %srcdir/corelib/util.c -o %t -lpthread
// RUN: %t | %FileCheck %s
// CHECK-NOT: FAIL
// CHECK: ok
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

#include "contract.h"
#include "scale.h"

int main(void)
{
  static int owner[200], bad;
  for (int T = 1; T <= 9; T++)
    for (int trip = 0; trip <= 103; trip += trip < 12 ? 1 : 13) {
#pragma omp parallel num_threads(T)
      {
#pragma omp for schedule(static)
        for (int i = 0; i < trip; i++)
          owner[i] = omp_get_thread_num();
      }
      for (int t = 0; t < T; t++) {
        uint64_t first, count;
        oa_scale_block(OA_SLOT_STATIC, (uint64_t)trip, (uint32_t)T, (uint32_t)t, &first,
                       &count);
        for (uint64_t i = first; i < first + count; i++)
          if (i >= (uint64_t)trip || owner[i] != t) {
            printf("FAIL static: trip %d, %d threads: iteration %llu on thread %d, the model "
                   "says %d\n", trip, T, (unsigned long long)i, i < (uint64_t)trip ? owner[i] : -1,
                   t);
            bad = 1;
          }
      }
      for (int i = 0; i < trip; i++)
        if (oa_static_owner(OA_SLOT_STATIC, (uint64_t)trip, 0, (uint32_t)T, (uint64_t)i)
            != (uint32_t)owner[i]) {
          printf("FAIL owner static: trip %d, %d threads: iteration %d on thread %d\n", trip, T,
                 i, owner[i]);
          bad = 1;
        }
#pragma omp parallel num_threads(T)
      {
#pragma omp for schedule(static, 3)
        for (int i = 0; i < trip; i++)
          owner[i] = omp_get_thread_num();
      }
      for (int i = 0; i < trip; i++)
        if (owner[i] != (i / 3) % T
            || oa_static_owner(OA_SLOT_STATIC_CHUNKED, (uint64_t)trip, 3, (uint32_t)T,
                               (uint64_t)i) != (uint32_t)owner[i]) {
          printf("FAIL static,3: trip %d, %d threads: iteration %d on thread %d\n", trip, T, i,
                 owner[i]);
          bad = 1;
        }
    }
  if (!bad)
    printf("ok\n");
  return bad;
}
