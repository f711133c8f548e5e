/* MPI calls (profile and record): the time a thread spends inside an MPI
 * call is no OpenMP directive's work.  A rank that finishes its share first
 * waits for the others inside MPI_Reduce, MPI_Barrier or MPI_Wait, often
 * spinning; counted as the serial work of its initial task, that wait would
 * make the fastest rank look like the one with the longest span.  So the
 * fragment running on the calling thread stops being charged at the call
 * and starts again at its return, and the time in between is added up
 * (wall clock, all threads) for the reports: contract.h, mpi_ns.
 *
 * How: ompadv preloads this library, so a program's calls to the C
 * bindings of the functions below reach these definitions first; each
 * passes its arguments on unchanged to the next definition (the MPI
 * library's, or another profiling layer's).  The tool is built without
 * MPI's headers and must work with any MPI library: every MPI C function
 * takes integers and pointers only (handles are ints in MPICH, pointers in
 * Open MPI) and returns int, so on the 64-bit ABIs below each argument is
 * passed on as one 64-bit word, in the register or stack slot it came in.
 * Fortran bindings, and MPI functions not listed, are not seen: their time
 * stays in the work. */
#include "prof.h"
#include "metric.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#if defined(__x86_64__) || defined(__aarch64__)

#define EXPORT __attribute__((visibility("default")))

static uint64_t mpi_ns, mpi_calls;   /* atomic */
static __thread unsigned depth;      /* MPI calls under way on this thread */

static void *next_definition(const char *name)
{
  void *f = dlsym(RTLD_NEXT, name);
  if (!f) {
    fprintf(stderr, "ompadv: the program called %s, but no MPI library after ompadv's tool "
                    "defines it\n", name);
    abort();
  }
  return f;
}

/* An MPI call under way (the outermost one of its thread). */
typedef struct call {
  int measured;
  oa_thread *t;       /* a thread the profile follows: its fragment stops */
  uint64_t wall, cpu; /* at the start; cpu: before the tool started */
} call;

static void call_begins(call *c)
{
  c->measured = !depth++;
  if (!c->measured)
    return;
  int started = __atomic_load_n(&oa_prof_started, __ATOMIC_ACQUIRE);
  c->t = started && oa_run_config_models(&oa_conf) ? oa_self : NULL;
  c->cpu = started ? 0 : oa_clock_ns(CLOCK_THREAD_CPUTIME_ID);
  if (c->t)
    oa_prof_enter(c->t);
  c->wall = oa_clock_ns(CLOCK_MONOTONIC);
}

static void call_ends(const call *c)
{
  depth--;
  if (!c->measured)
    return;
  __atomic_add_fetch(&mpi_ns, oa_clock_ns(CLOCK_MONOTONIC) - c->wall, __ATOMIC_RELAXED);
  __atomic_add_fetch(&mpi_calls, 1, __ATOMIC_RELAXED);
  if (c->cpu)  /* MPI_Init, typically, before the program's first construct */
    __atomic_add_fetch(&oa_prof_startup_mpi_ns, oa_clock_ns(CLOCK_THREAD_CPUTIME_ID) - c->cpu,
                       __ATOMIC_RELAXED);
  if (c->t)
    oa_prof_leave(c->t);
}

typedef uintptr_t word;
#define PARAMS_0 void
#define PARAMS_1 word a0
#define PARAMS_2 PARAMS_1, word a1
#define PARAMS_3 PARAMS_2, word a2
#define PARAMS_4 PARAMS_3, word a3
#define PARAMS_5 PARAMS_4, word a4
#define PARAMS_6 PARAMS_5, word a5
#define PARAMS_7 PARAMS_6, word a6
#define PARAMS_8 PARAMS_7, word a7
#define PARAMS_9 PARAMS_8, word a8
#define PARAMS_10 PARAMS_9, word a9
#define PARAMS_11 PARAMS_10, word a10
#define PARAMS_12 PARAMS_11, word a11
#define ARGS_0
#define ARGS_1 a0
#define ARGS_2 ARGS_1, a1
#define ARGS_3 ARGS_2, a2
#define ARGS_4 ARGS_3, a3
#define ARGS_5 ARGS_4, a4
#define ARGS_6 ARGS_5, a5
#define ARGS_7 ARGS_6, a6
#define ARGS_8 ARGS_7, a7
#define ARGS_9 ARGS_8, a8
#define ARGS_10 ARGS_9, a9
#define ARGS_11 ARGS_10, a10
#define ARGS_12 ARGS_11, a11

#define MPI_CALL(name, n)                                        \
  EXPORT int name(PARAMS_##n)                                    \
  {                                                              \
    static int (*next)(PARAMS_##n);                              \
    if (!next)                                                   \
      next = (int (*)(PARAMS_##n))next_definition(#name);       \
    call c;                                                      \
    call_begins(&c);                                             \
    int rc = next(ARGS_##n);                                     \
    call_ends(&c);                                               \
    return rc;                                                   \
  }
#include "mpi.def"
#undef MPI_CALL

#endif

/* contract.h: mpi_ns, mpi_calls (finalize) */
void oa_mpi_totals(uint64_t *ns, uint64_t *calls)
{
#if defined(__x86_64__) || defined(__aarch64__)
  *ns = __atomic_load_n(&mpi_ns, __ATOMIC_RELAXED);
  *calls = __atomic_load_n(&mpi_calls, __ATOMIC_RELAXED);
#else
  *ns = *calls = 0;
#endif
}
