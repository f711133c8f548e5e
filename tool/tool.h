/* State shared by the files of the injected tool: the per-run structure, the
 * per-thread writer, and the event emitters every OMPT handler uses. */
#ifndef OMPADV_TOOL_H
#define OMPADV_TOOL_H

#include <omp-tools.h>
#include <pthread.h>
#include <stdint.h>
#include <x86intrin.h>

#include "contract.h"
#include "metric.h"
#include "ospg.h"
#include "profagg.h"
#include "race.h"
#include "runconfig.h"
#include "util.h"

#define OA_CHUNK_SIZE (256u * 1024u)
#define OA_MAX_RUNTIME_RANGES 16
#define OA_MAX_IMPLICIT 64             /* nesting of parallel regions on one thread */
#define OA_EDGE_CACHE 16

typedef struct oa_range {
  uintptr_t lo, hi;
} oa_range;

#define OA_MAX_MODULES 1024
typedef struct oa_modset {
  int n;
  oa_range r[OA_MAX_MODULES];
} oa_modset;

/* The run's settings: read once, in ompt_start_tool, from the environment
 * the driver wrote (runconfig.h: oa_run_config_from_env); nothing else in
 * the tool reads them. */
extern oa_run_config oa_conf;

/* Everything that lives for one run of the target. */
typedef struct oa_target_run {
  int fd;
  int enabled;                    /* 0 after a fork of the target, in the child */
  int full;                       /* atomic: the file could not grow; no new chunks */
  int seq_clock;                  /* records take the TSC as their seq (oa_seq_init) */
  int events_begun;               /* atomic: a thread has had an event chunk (seq_cut) */
  oa_file_header *header;         /* the file's first page, mapped shared */
  pthread_mutex_t grow_lock;      /* guards next_off and file growth */
  uint64_t next_off;
  /* written by every thread: each on a cache line of its own, away from
   * what every record reads (enabled, seq_clock, header) */
  uint64_t seq __attribute__((aligned(64))); /* atomic: global arrival order (seq_clock 0) */
  uint32_t next_thread __attribute__((aligned(64))); /* atomic */
  uint64_t next_parallel;         /* atomic */
  uint64_t next_task;             /* atomic */
  oa_range libomp;                /* codeptr_ra inside it means "walk the stack" */
  oa_range self;                  /* this library: codeptr_ra of a call it interposed */
  oa_range runtime[OA_MAX_RUNTIME_RANGES]; /* libomp, the tool, libc, ld.so, ... */
  int nruntime;
  pthread_mutex_t modules_lock;   /* one listing of the loaded objects at a time */
  oa_modset *modules;             /* atomic: address ranges of the last listing */
  uint64_t module_misses;         /* atomic */
  ompt_set_callback_t set_callback;
  struct oa_thread *threads;      /* atomic list head: every thread's state */
} oa_target_run;

extern oa_target_run oa_the_run;

/* Per-thread writer into the current chunk of the result file. */
struct oa_task;

/* A dynamic loop a team of one runs, cut into its chunks (interpose.c). */
typedef struct oa_split {
  int64_t chunk;                  /* 0: not cut */
  int pending, last_flag;
  __int128 next, last;
  int64_t st;
} oa_split;

typedef struct oa_thread {
  uint32_t id;
  uint32_t n;                     /* records in the current chunk */
  oa_chunk_header *chunk;         /* NULL: no chunk (file could not grow) */
  uint32_t bytes;                 /* its payload bytes (packed records) */
  uint32_t populated;             /* bytes of the chunk made writable (out.c: populate) */
  oa_pack_ref pack;               /* the chunk's packing state (contract.h): in the
                                   * thread's state, so that writing records never
                                   * allocates (a program may cap its address space) */
  oa_record stage;                /* the record begun, packed into the chunk at oa_commit */
  uint64_t w_pending;             /* nonzero: stage holds the OA_REC_W of a fragment that
                                   * just ended, not committed yet, and this is its
                                   * parent's id: if the parent closes next, the W closes
                                   * it (OA_W_CLOSES, prof.c); oa_flush_w commits it */
  uint64_t last_seq;              /* the seq of its last record (seq_clock) */
  /* profile mode */
  struct oa_task *cur;            /* the task this thread runs now */
  uint64_t clock;                 /* metric value when the running fragment resumed */
  uint64_t clock_tsc;             /* cputime and tsc: the TSC just after that reading */
  /* tsc: time off the core taken out of the clock (prof.c, tsc_on_core) */
  void *rseq;                     /* this thread's rseq area; NULL: none (or not yet) */
  int rseq_known;
  uint64_t sync_wall_ns, sync_cpu_ns; /* the wall clock and the CPU time, read together */
  uint64_t off_ticks;             /* off the core since the thread began */
  uint64_t off_in_work;           /* ... while it ran fragments */
  uint64_t startup_debt;          /* libomp's start-up still to come off the initial
                                   * task's first stretch (measure.c) */
  uint64_t rt_taken;              /* the runtime's own time taken off its fragments */
  uint64_t tool_in, tool_ticks;   /* time mode: TSC at the callback's start (0: not in
                                   * one); ticks spent in callbacks so far */
  int entry_look;                 /* time mode: the look at a callback's start is under
                                   * way (measure.c: time_preempted) */
  int sched_fd;                   /* time mode: its /proc schedstat + 1 (0: not open yet,
                                   * -1: none) */
  uint64_t run_delay_ns;          /* ... the kernel's run delay seen at its last look */
  int counter_fd;                 /* perf_event counter, or -1 */
  oa_node_pool pool;
  struct oa_task *spare_tasks;    /* freed task states, for the next ones (prof.c) */
  uint32_t nspare_tasks;
  /* ... and those other threads freed, pushed here by them, on a line of
   * its own whatever the struct's alignment (the heap gives 16 bytes): the
   * thread that makes the tasks reads its own fields meanwhile */
  char remote_tasks_before[64];
  struct oa_task *remote_tasks;
  char remote_tasks_after[64];
  oa_agg agg;                     /* per-location sums of this thread */
  const void *ra;                 /* code address of the event being handled, or NULL */
  uint8_t rt;                     /* the event being handled, enum oa_rt_event (metric.h) */
  uint64_t rt_out;                /* the runtime's time after the event that restarted the
                                   * clock, before the program's code: not work */
  const void *edge_ra[OA_EDGE_CACHE]; /* record mode: edge locations by address */
  uint32_t edge_loc[OA_EDGE_CACHE];
  struct oa_thread *next_thread;  /* all threads, for the final merge */
  /* The implicit tasks this thread runs, innermost last.  Their ompt_data_t
   * is not ours to write: libomp may hand a worker's implicit task the
   * thread's own task_data, which it later requires NULL (the wait of an
   * undeferred task's dependences, kmp_taskdeps.cpp). */
  uint32_t nimpl;
  uint64_t impl_id[OA_MAX_IMPLICIT];
  struct oa_task *impl_task[OA_MAX_IMPLICIT];
  /* The region this thread has just begun (forking: a parallel_begin came,
   * its thread 0's implicit task not yet; forked: its region, NULL when
   * the tool does not follow it).  Its implicit task is this thread's
   * next implicit_task_begin, whatever parallel data comes with it. */
  uint8_t forking;
  struct oa_region *forked;
  uint64_t tasks_made;            /* oa_task uids */
  uint8_t in_if0;                 /* inside __kmpc_omp_task_begin_if0 (interpose.c) */
  uint8_t guided_init;            /* inside __kmpc_dispatch_init for a guided (or auto)
                                   * schedule, which libomp runs as a static one in a team
                                   * of one (interpose.c) */
  uint32_t flushes;               /* `#pragma omp flush` run in the current fragment */
  /* What the program told libomp that OMPT does not say (interpose.c): */
  uint8_t asked_team;             /* the current fragment called omp_get_num_threads */
  uint64_t team_asked;            /* uid of the last task that asked its thread's number or its
                                   * team's size (race mode: race-ws.c) */
  uint8_t team_pushed;            /* a num_threads clause (or if(0)) for the next region */
  uint8_t static_sched;           /* inside __kmpc_for_static_init: enum oa_slot_sched */
  uint8_t static_sections;        /* ... for a sections construct (its work callback said) */
  uint32_t static_chunk;          /* ... and its chunk size; inside __kmpc_dispatch_init for a
                                   * guided loop (guided_init), its chunk size */
  oa_node *dep_wait;              /* a wait for dependences, until they arrive (on_task.c) */
  const void *caller_ra;          /* the program's return address of the call
                                   * interpose.c is forwarding, or NULL */
  uint32_t nsplit;                /* dynamic loops being cut, innermost last */
  oa_split split[OA_MAX_SPLIT];
  oa_race_thread *race;           /* the race runtime's (race.h): in libompadv-race.so
                                   * only, else NULL */
} oa_thread;

oa_thread *oa_thread_slow(void);
void oa_thread_retire(oa_thread *t);
extern __thread oa_thread *oa_self;
/* The program called omp_set_num_threads: the team sizes of the regions
 * after it are its choice (interpose.c). */
extern int oa_team_set;

static inline oa_thread *oa_me(void)
{
  oa_thread *t = oa_self;
  return t ? t : oa_thread_slow();
}

/* out.c: chunks of the shared result file */
/* Open this process's result file and write its header; -1 after saying
 * why not.  owner: the process the driver ran (its file was made for it). */
int oa_out_open(const char *path, int owner, const char *runtime_version);
void oa_out_declined(const char *path, int owner);
oa_chunk_header *oa_out_chunk(uint32_t kind, uint32_t thread, uint32_t size);
void oa_out_write_modules(void);
int oa_out_known(uint64_t addr);
void oa_out_saw_address(uint64_t addr);
void oa_out_finalize(void);
oa_record *oa_next_slot(oa_thread *t);

/* heap.c: the tool's own heap (malloc and friends, through --wrap);
 * oa_heap_reserve: address space set aside for its small blocks, so that a
 * limit the program sets later does not end it (race mode, at its start) */
void oa_heap_reserve(void);

/* where.c: the code address of a construct */
void oa_where_init(ompt_function_lookup_t lookup);
uint64_t oa_where(const void *codeptr_ra, uint8_t *flags);
/* A code address libomp took as its caller's: the program's, when libomp
 * was called from interpose.c (the call it forwards), else itself. */
uint64_t oa_where_caller(const void *code);

/* out.c: how records are ordered across threads (oa_the_run.seq_clock),
 * chosen once, before the first record */
void oa_seq_init(void);

/* The next record's seq, its place in the run's order (contract.h): a
 * record that follows another in the run (on its thread, or on another
 * thread it learnt of through memory) has a larger one.  Where the TSC is
 * one clock for all cores (seq_clock) it is the TSC read after every
 * earlier load has completed: the other thread's record was stamped before
 * its later store retired, so before this thread could load what that
 * store wrote.  A shared counter gives the same order, but every record
 * then moves its cache line between the cores: on fine tasks a fifth of
 * record mode's time.  *tsc: the TSC (the record's time). */
static inline uint64_t oa_next_seq(oa_thread *t, uint64_t *tsc)
{
  if (oa_the_run.seq_clock) {
    _mm_lfence();
    uint64_t s = *tsc = __rdtsc();
    if (s <= t->last_seq)
      s = t->last_seq + 1;  /* strictly increasing on the thread, whatever the clock */
    return t->last_seq = s;
  }
  *tsc = __rdtsc();
  return __atomic_fetch_add(&oa_the_run.seq, 1, __ATOMIC_RELAXED);
}

/* Start a record (contract.h: union oa_record): the head set, the rest 0;
 * the caller fills the fields of its type and calls oa_commit. */
static inline oa_record *oa_begin_record(oa_thread *t, unsigned type, unsigned sub)
{
  oa_record *r = oa_next_slot(t);
  if (!r)
    return NULL;
  uint64_t tsc, seq = oa_next_seq(t, &tsc);
  r->ev = (oa_event){ .type = (uint16_t)type, .sub = (uint8_t)sub, .thread = t->id,
                      .seq = seq, .time = tsc };
  return r;
}

/* The same for a record tied to a place in the program: 'where' (and its
 * flags) from the return address ra. */
static inline oa_record *oa_begin_record_at(oa_thread *t, unsigned type, unsigned sub,
                                            const void *ra)
{
  oa_record *r = oa_begin_record(t, type, sub);
  if (r)
    r->h.where = oa_where(ra, &r->h.flags);
  return r;
}

/* Fill and commit, in one statement, the record r that a begin function
 * above returned (nothing when it is NULL): member names its struct in union
 * oa_record, the rest are its fields by name, e.g.
 *   OA_PUT(t, oa_begin_record(t, type, 0), task_dependence, .source = s, .sink = k);
 * The head stays as begun; the fields not named are 0. */
#define OA_PUT(t, r, member, ...)                                             \
  do {                                                                        \
    oa_record *oa_put_r_ = (r);                                               \
    if (oa_put_r_) {                                                          \
      oa_record oa_put_v_ = { .member = { __VA_ARGS__ } };                    \
      oa_put_v_.h = oa_put_r_->h;                                             \
      *oa_put_r_ = oa_put_v_;                                                 \
      oa_commit(t);                                                           \
    }                                                                         \
  } while (0)
/* The same for an OMPT event of trace mode (contract.h, after
 * OA_EV_DEPENDENCE), and for one tied to the return address ra. */
#define OA_PUT_EVENT(t, type, sub, member, ...)                               \
  OA_PUT(t, oa_begin_record((t), (type), (sub)), member, __VA_ARGS__)
#define OA_PUT_EVENT_AT(t, type, sub, ra, member, ...)                        \
  OA_PUT(t, oa_begin_record_at((t), (type), (sub), (ra)), member, __VA_ARGS__)

/* The record begun (oa_next_slot gave t->stage) goes into the chunk,
 * packed, and counts: one store of 'used' (contract.h) makes it visible. */
static inline void oa_commit(oa_thread *t)
{
  t->bytes += (uint32_t)oa_pack_record(&t->pack, &t->stage, (unsigned char *)(t->chunk + 1) + t->bytes);
  t->n++;
  __atomic_store_n(&t->chunk->used, oa_chunk_used(t->bytes, t->n), __ATOMIC_RELEASE);
}

/* The fragment's record that waited for its parent's close goes in as it
 * is: called before any other record, and before the tool returns to the
 * program (a record staged while the program runs would be lost if it
 * crashed). */
static inline void oa_flush_w(oa_thread *t)
{
  if (__builtin_expect(t->w_pending != 0, 0)) {
    t->w_pending = 0;
    oa_commit(t);
  }
}

static inline uint64_t oa_new_id(uint64_t *counter)
{
  return __atomic_add_fetch(counter, 1, __ATOMIC_RELAXED);
}

/* Id of a parallel region, given one lazily if the runtime hands us data we
 * never saw begin (e.g. the initial task's region). */
static inline uint64_t oa_id(ompt_data_t *d, uint64_t *counter)
{
  if (!d)
    return 0;
  if (!d->value)
    d->value = oa_new_id(counter);
  return d->value;
}
#define OA_PAR_ID(d) oa_id((d), &oa_the_run.next_parallel)

/* Id of a task: explicit tasks carry theirs in their data; any other task
 * data (an implicit task's) stands for this thread's current implicit task. */
static inline uint64_t oa_task_id(ompt_data_t *d)
{
  if (d && d->value)
    return d->value;
  oa_thread *t = oa_self;
  return t && t->nimpl ? t->impl_id[t->nimpl - 1] : 0;
}
#define OA_TASK_ID(d) oa_task_id(d)

/* The handlers, two per entry of events.def: oa_trace_NAME writes the event
 * as it came (trace mode), oa_model_NAME builds the OSPG (profile, record
 * and race modes; NULL when the model needs no such event).  The mode picks
 * one table at registration (tool.c), so no handler asks for the mode. */
#define X(name, type) extern type const oa_trace_##name, oa_model_##name;
#include "events.def"
#undef X

#endif
