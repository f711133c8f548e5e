/* Race mode (dissertation ch. 4): the OSPG the construct handlers build is
 * kept readable for the current top-level parallel region, and every access
 * the instrumented code reports (tsan.c) is checked against the location's
 * access history in shadow memory (shadow.c) with Alg. 19 (fast) or Alg. 20
 * (precise).  This header is what the rest of the tool calls. */
#ifndef OMPADV_RACE_H
#define OMPADV_RACE_H

#include <stddef.h>
#include <stdint.h>

#define OA_RACE_MAXLOCKS 16      /* locks one thread holds at once (more: not tracked) */
/* Tasks nested on one thread's stack that race mode follows: reserved
 * (not touched) at the thread's first task.  Beyond it a task's frames
 * would not be forgotten when it ends, and a later sibling reusing the
 * addresses would be taken for a race with it (BOTS uts, 1572 tasks deep,
 * did that at the old bound of 128). */
#define OA_RACE_MAXFRAMES (1u << 20)
#define OA_RACE_PCACHE 512       /* remembered may-parallel answers per thread */
#define OA_RACE_HIST_AT 3        /* precise mode's ST-nodes kept per access, and the root */
#define OA_RACE_OWNED 16         /* task reduction copies of one thread */
#define OA_RACE_CALLS 64        /* calls of one thread remembered for reports */
#define OA_RACE_TLS 8           /* modules with thread-local storage one thread tells apart */
#define OA_RACE_FILTER_BITS 13  /* accesses the running fragment already made: 2^N */
#define OA_RACE_FILTER (1u << OA_RACE_FILTER_BITS)

/* Per-thread state, behind oa_thread.race (tool.h). */
typedef struct oa_race_thread {
  struct oa_node *w;             /* the fragment the thread runs (NULL: untracked) */
  uint32_t simd_depth;           /* >0: inside a simd loop (race-simd.c), checked beside */
  uint32_t simd_lanes;           /* ... whose iterations this close may run at once */
  uint64_t simd_iter;            /* ... the iteration running (1: the first) */
  uint64_t simd_instance;        /* ... this thread's count of simd loops entered */
  uintptr_t simd_where;          /* ... the code address of its entry (its location) */
  struct oa_simd_cell *simd_cells; /* the lanes' accesses (race-simd.c; NULL: none yet) */
  uint32_t ws_on;                /* in a schedule(static) loop checked across team sizes
                                  * (race-ws.c) ... */
  uint64_t ws_iter;              /* ... the iteration running (1: the first; 0: none yet) */
  struct oa_race_ws *ws;         /* ... its state (NULL: none yet) */
  uint32_t ignore;               /* >0: inside a runtime call whose accesses are its own */
  void *ignore_task;             /* ... made by this task (tasks it runs meanwhile count) */
  uint32_t in_reduce;            /* a reduction's combination is pending its end call */
  uint32_t aflags;               /* OA_RACE_SYNC while it runs: added to every access */
  uint32_t lockset;              /* interned set of the locks held (0: none) */
  uint32_t nlocks;
  uint64_t locks[OA_RACE_MAXLOCKS];
  const struct oa_node *lock_in[OA_RACE_MAXLOCKS];  /* first fragment inside each */
  struct { uint32_t site; uintptr_t addr; } polls[4];  /* last synchronized reads */
  uint32_t npolls;
  /* reads under a lock of what another fragment wrote under it: orders
   * taken when the lock is released, unless this thread writes the
   * location first (an accumulation, sum += x, orders nothing) */
  struct { uintptr_t addr; const struct oa_node *writer; } rf[4];
  uint32_t nrf;
  uint32_t sync_held;            /* locks and critical regions held (not ordered) */
  uintptr_t sp_min;              /* lowest frame or stack access seen since the innermost
                                  * task began */
  uint32_t nframes;
  uint8_t no_frames;             /* the reservation failed */
  struct oa_race_frame { uintptr_t top, sp_min; const void *task; } *frames;  /* NULL: none */
  uintptr_t stack_lo;            /* lowest address of this thread's stack */
  uintptr_t stack_hi;            /* ... and its end */
  /* the call sites of the thread's active calls (__tsan_func_entry/exit),
   * innermost last: the stack of a reported access */
  uint32_t depth;
  uintptr_t callers[OA_RACE_CALLS];
  /* --earlier-stacks (race.c): the calling context of each depth up to
   * ctx_valid, interned (ctx_at[0]: the bottom, 0) */
  uint32_t ctx_valid;
  uint32_t ctx_at[OA_RACE_CALLS + 1];
  /* this thread's copies of the modules' thread-local storage (its
   * threadprivate variables), learnt when first needed */
  uint32_t ntls;                 /* ranges in tls */
  uint8_t tls_known;             /* ... learnt */
  struct { uintptr_t lo, hi; } tls[OA_RACE_TLS];
  uintptr_t call_sp;             /* frame of the program's call starting an undeferred task */
  void *task_block;              /* the last block __kmpc_omp_task_alloc returned */
  size_t task_size;              /* its size (private data and shareds included) */
  uint64_t checked;              /* accesses looked at */
  /* this thread's copies of task reduction items (tsan.c): only this
   * thread uses them, in whatever task it runs; valid for one epoch */
  uint32_t nowned, owned_epoch;
  struct { uintptr_t lo, hi; } owned[OA_RACE_OWNED];
  /* accesses (first cell, cells, kind) the running fragment made with this
   * lockset: nothing new in the cells' histories.  An entry holds while its
   * stamp is the thread's: the stamp moves on with the fragment, the
   * lockset, and memory this thread frees */
  struct { uint64_t key, stamp; } filter[OA_RACE_FILTER];
  uint64_t stamp;
  const void *stamp_cur;
  uint32_t stamp_lockset;
  /* may-parallel answers for the running fragment (cur), by earlier node;
   * valid for one epoch (pcache_epoch): node references name other nodes
   * once a parallel region is over and its nodes are reused */
  struct { uint32_t ref, cur, depth; uint8_t nested, par; } pcache[OA_RACE_PCACHE];
  uint32_t pcache_epoch;
  /* precise mode (race-precise.c): the nodes whose histories the running
   * fragment (hist_cur, in epoch hist_epoch) adds to, innermost first, the
   * root last: found once per fragment, not per access up its ancestors */
  const struct oa_node *hist_cur;
  uint32_t hist_epoch, nhist_at;
  const struct oa_node *hist_at[OA_RACE_HIST_AT];
} oa_race_thread;

/* What the tool asks of the race runtime, as it builds the OSPG. */
struct oa_thread;
struct oa_node;
struct oa_task;
typedef struct oa_race_hooks {
  /* from ompt_start_tool: set up for oa_conf's detector; 0 when race mode
   * cannot run (said why) */
  int (*start)(void);
  /* a top-level parallel region begins or ends: forget the access history */
  void (*epoch)(void);
  /* a task begins / ends running on this thread (implicit: 1 an implicit
   * task, 2 the initial task, 0 an explicit task; task: the tool's task, to
   * know it again); begin returns the top of the task's own stack frames.
   * An untied task does so once per part it runs (on_task.c). */
  uintptr_t (*task_begin)(struct oa_thread *t, int implicit, const void *task);
  void (*task_end)(struct oa_thread *t);
  /* task's frames lie just below those of the task running on this thread */
  int (*task_below)(struct oa_thread *t, const void *task);
  /* an explicit task was created: its data block starts afresh */
  void (*task_created)(struct oa_thread *t, void *task_data);
  /* the initial task's code now holds pieces any order may run (the chunks
   * of an orphaned loop, sections: rule 5): its accesses are checked */
  void (*root_pieces)(struct oa_thread *t);
  /* mutual exclusion: acquired (1) or released (0) by task; inside: the
   * fragment in the region (the first one after acquiring, the last one
   * before releasing; NULL: unknown) */
  void (*mutex)(struct oa_thread *t, struct oa_task *task, struct oa_node *inside,
                int acquired, unsigned kind, uint64_t wait_id, const void *ra);
  /* a task ends with children nobody waited for (auto mode's watch, Alg. 17);
   * where: code address of its directive */
  void (*task_left_children)(struct oa_thread *t, uint64_t where);
  /* a doacross point of a loop (ordered depend): source (1) or sink (0) of
   * the iteration vector vec[0..n) (libomp's numbers, from 0 in each
   * dimension); ended: the fragment that ended there, w: the one that
   * follows it (on_task.c) */
  void (*doacross)(struct oa_thread *t, struct oa_task *task, struct oa_node *ended,
                   struct oa_node *w, int source, const uint64_t *vec, int n);
  /* a schedule(static) loop is split (interpose.c; race-ws.c) */
  void (*ws_begin)(struct oa_thread *t, unsigned kind, uint64_t chunk, uint64_t trip,
                   int64_t lower, int64_t incr, const void *where);
  void (*finalize)(void);
  /* Are the accesses of the task t runs now checked?  Not once detection
   * stopped (a forked child, no more shadow), nor in the program's serial code until the initial task creates a task
   * or meets a loop's chunks in this epoch: till then nothing in the epoch
   * can race with it. */
  int (*checks)(struct oa_thread *t);
} oa_race_hooks;

/* The race runtime's hooks: defined in race-omp.c, so only in libompadv-race.so
 * (the one weak reference of the tool). */
extern const oa_race_hooks oa_race_runtime __attribute__((weak, visibility("hidden")));
/* &oa_race_runtime once `ompadv race` started it, else NULL: the tool calls
 * the hooks through it. */
extern const oa_race_hooks *oa_race;

/* tsan.c: a task block came from __kmpc_omp_task_alloc */
void oa_race_task_block(struct oa_thread *t, void *block, size_t size);
/* tsan.c: the distance from task blocks to their OMPT data is not known */
int oa_race_block_offset_unknown(void);
/* tsan.c: are accesses checked (fast or precise, not in a forked child)? */
int oa_race_detecting(void);
/* tsan.c: [lo, hi) is this thread's own copy of a task reduction item */
void oa_race_owned(struct oa_thread *t, uintptr_t lo, uintptr_t hi);
/* tsan.c -> race.c: one access of the program's code at pc; write: 1 a
 * write, | OA_RACE_SYNC an access synchronized with the other such ones
 * (atomic, a reduction's combination): those never race with each other */
#define OA_RACE_SYNC 2
void oa_race_access(struct oa_thread *t, uintptr_t addr, uint32_t size, int write, uintptr_t pc);
/* tsan.c -> race-simd.c: a simd loop (plugin/simd-lanes.cpp) is entered
 * (lanes: its safelen, 0 for none), begins an iteration, is left; an access
 * made in it, checked against the other lanes' */
void oa_race_simd_begin(struct oa_thread *t, uint32_t lanes, uintptr_t where);
void oa_race_simd_iter(struct oa_thread *t);
void oa_race_simd_end(struct oa_thread *t);
void oa_race_simd_access(struct oa_thread *t, uintptr_t addr, uint32_t size, int write, uintptr_t pc);
/* interpose.c (through the ws_begin hook), tsan.c -> race-ws.c: a
 * schedule(static) loop's split (kind: enum oa_slot_sched, chunk, its
 * iterations, the counter's first value and step; where: the code address
 * of the program's call), an iteration's counter (plugin/simd-lanes.cpp
 * marks each), the loop's end (__kmpc_for_static_fini); an access made in
 * it, checked against the thread's other iterations; a block the thread
 * allocated */
void oa_race_ws_begin(struct oa_thread *t, unsigned kind, uint64_t chunk, uint64_t trip,
                      int64_t lower, int64_t incr, const void *where);
void oa_race_ws_iter(struct oa_thread *t, int64_t counter);
void oa_race_ws_end(struct oa_thread *t);
void oa_race_ws_access(struct oa_thread *t, uintptr_t addr, uint32_t size, int write, uintptr_t pc);
void oa_race_ws_alloc(struct oa_thread *t, void *p, size_t n);
/* race-omp.c -> race-ws.c: the loop the thread runs orders iterations
 * (doacross, ordered): no more checked against each other */
void oa_race_ws_ordered(struct oa_thread *t);

/* Race mode's own bytes after every OSPG node (ospg.h: oa_ospg_host's
 * node_extra), filled in for fragments (W-nodes): who ran it, in which
 * implicit task, when; zero for other nodes. */
typedef struct oa_race_frag {
  uint64_t t0, t1;               /* TSC at its start and its end (t1 0: still running) */
  uint64_t itask;                /* a fragment of an implicit task: that task's id, else 0 */
  uintptr_t itop;                /* ... and the top of that task's stack frames */
  /* precise detector: fragments whose end precedes this one's start by an
   * order the program forces through a lock or an atomic flag (race.c),
   * with theirs in turn; NULL: none */
  const struct oa_spred *spreds;
  uint32_t thread;
  uint8_t solo;                  /* a fragment only the initial thread runs, in every
                                  * execution (prof.h: oa_task.solo) */
} oa_race_frag;
static inline oa_race_frag *oa_race_frag_of(const oa_node *n)
{
  return oa_node_extra(n);
}
/* Race mode's own bytes after every task (prof.h: oa_task_extra, oa_race_task_of). */
typedef struct oa_race_task {
  /* precise detector: forced predecessors of what the task runs next
   * (race-order.c); its children start with them */
  const struct oa_spred *spreds;
  uintptr_t top;                 /* implicit tasks: the top of their frames */
  uint32_t framed;               /* its frames were pushed on thread N - 1 */
} oa_race_task;
/* tsan.c -> race-omp.c, auto mode's watch: an atomic read at pc */
void oa_race_check_atomic_read(struct oa_thread *t, uintptr_t pc);

#endif
