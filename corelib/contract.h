/* The launcher-tool contract: the environment the driver hands to the injected
 * tool, and the layout of the result file the tool writes and the driver reads.
 * Both sides include this header and nothing else defines these names. */
#ifndef OMPADV_CONTRACT_H
#define OMPADV_CONTRACT_H

#include <stdint.h>

/* Environment set by the driver for the child. */
#define OMPADV_ENV_RESULT   "OMPADV_RESULT"   /* result file path; "%p" expands to the pid */
#define OMPADV_ENV_MODE     "OMPADV_MODE"     /* "trace" (more modes later) */
#define OMPADV_ENV_CONTRACT "OMPADV_CONTRACT" /* must equal OMPADV_CONTRACT_VERSION */
#define OMPADV_ENV_METRIC   "OMPADV_METRIC"   /* profile: tsc|cputime|cycles|instructions */
#define OMPADV_ENV_TASKCOST "OMPADV_TASK_COST" /* profile: "D,U": estimated cost of creating
                                                * a deferred / undeferred task, in the
                                                * metric's units */
#define OMPADV_ENV_RTCOST   "OMPADV_RUNTIME_COST" /* profile: the runtime's own time around
                                                   * events, metric.h: oa_rt_costs_parse */
/* Processes the program starts inherit the environment and start the tool
 * too.  OWNER is the pid of the program ompadv ran: only it writes the
 * result file as named; any other process writes FILE.PID instead (when the
 * name has no %p) and appends a line "PID FILE\n" to the file OTHERS. */
#define OMPADV_ENV_OWNER    "OMPADV_OWNER"
#define OMPADV_ENV_OTHERS   "OMPADV_OTHERS"

#define OMPADV_CONTRACT_VERSION 1

/* The result file.  The tool maps it MAP_SHARED and writes events straight into
 * it, so whatever was written survives _exit, a crash or SIGKILL of the target:
 * the kernel keeps the dirty pages of the file.
 *
 *   [oa_file_header, padded to OA_HEADER_SIZE]
 *   [chunk][chunk]...           each chunk: oa_chunk_header + payload,
 *                               'size' bytes in all (a multiple of 4096)
 *
 * A chunk whose magic is 0 was reserved but never written (sparse tail after a
 * crash) and is skipped.  'used' is stored with release order after each record,
 * so a reader never sees a half-written record counted. */
#define OA_FILE_MAGIC   UINT64_C(0x31564441504d4f7f) /* "\x7fOMPADV1" little-endian */
#define OA_FILE_VERSION 1
#define OA_HEADER_SIZE  4096u
#define OA_CHUNK_MAGIC  0x4b4e4843u                  /* "CHNK" */

enum oa_state { OA_STATE_STARTED = 1, OA_STATE_FINALIZED = 2 };
enum oa_mode { OA_MODE_TRACE = 1, OA_MODE_PROFILE = 2,
               OA_MODE_RECORD = 3, /* profile mode with OMPADV_RECORD=1: a recording */
               OA_MODE_RACE = 4 };
enum oa_metric { OA_METRIC_TSC = 1, OA_METRIC_CPUTIME, OA_METRIC_CYCLES, OA_METRIC_INSTRUCTIONS };

typedef struct oa_file_header {
  uint64_t magic;
  uint32_t version;
  uint32_t header_size;      /* OA_HEADER_SIZE */
  uint32_t pid;
  uint32_t mode;             /* enum oa_mode */
  uint32_t state;            /* enum oa_state, updated in place */
  uint32_t nthreads;         /* threads seen so far (kept current) */
  uint64_t unsupported;      /* bit n: OMPT callback n could not be registered */
  uint64_t events_lost;      /* events dropped because the file could not grow */
  uint64_t tsc_start;
  char     runtime[128];     /* ompt_start_tool's runtime_version */
  /* The file could not grow (a full disk or quota): recording stopped for
   * every thread.  A reader keeps the event records whose seq is below
   * seq_cut, a prefix of the run that holds everything that precedes any
   * record in it; later ones (threads that still had room) are dropped.
   * 0 in a run that never filled (older files: the header page is zeroed). */
  uint32_t full_errno;       /* why it could not grow (ENOSPC, EDQUOT, ...) */
  uint32_t reserved0;
  uint64_t seq_cut;          /* valid when full_errno != 0 */
  /* profile and record with --metric tsc, written at the end of the run:
   * the time the threads spent off their cores while they ran fragments
   * (preempted, or blocked in the kernel), in TSC ticks, which the work
   * figures leave out; offcpu_seen is 0 when the tool could not tell
   * (no rseq area: then the work figures include that time). */
  uint64_t offcpu_ticks;
  uint32_t offcpu_seen;
  /* race mode: detection stopped partway because the shadow memory could
   * not grow (an address-space limit): shadow_stopped_at is the shadow
   * mapped then, in bytes, and shadow_limit the limit (RLIMIT_AS; 0: none) */
  uint32_t shadow_stopped;
  uint64_t shadow_stopped_at;
  uint64_t shadow_limit;
  /* profile and record, written at the end of the run: the time the
   * program's threads spent inside the MPI calls the tool sees (tool/mpi.c),
   * wall-clock nanoseconds summed over the threads, which the work leaves
   * out, and the number of those calls (0: none seen: not an MPI program,
   * or one whose calls the tool cannot see); wall_ns: the wall time from
   * the tool's load (before main, when ompadv preloads it) to the end of
   * the run. */
  uint64_t mpi_ns;
  uint64_t mpi_calls;
  uint64_t wall_ns;
} oa_file_header;

enum oa_chunk_kind {
  OA_CHUNK_EVENTS  = 1,      /* payload: oa_event[] of one thread */
  OA_CHUNK_MODULES = 2,      /* payload: oa_module records, 8-byte aligned */
  OA_CHUNK_PROFILE = 3,      /* payload: oa_profile_header, oa_profile_loc[nlocs],
                              * oa_profile_nested[nnested] */
  OA_CHUNK_NAMES   = 4,      /* payload: oa_locname records, 8-byte aligned: the
                              * source of every location, appended by the driver
                              * after the run (recordings); its header's
                              * reserved[0] and [1] hold the number of event
                              * records and event chunks before it, to tell a
                              * whole recording from a cut one */
};

typedef struct oa_chunk_header {
  uint32_t magic;            /* OA_CHUNK_MAGIC */
  uint32_t kind;             /* enum oa_chunk_kind */
  uint32_t thread;           /* OA_CHUNK_EVENTS: the writing thread */
  uint32_t size;             /* whole chunk in bytes, header included */
  uint64_t used;             /* payload bytes committed */
  uint64_t reserved[5];
} oa_chunk_header;           /* 64 bytes */

/* One OMPT event.  'type' is the ompt_callbacks_t value, or OA_EV_DEPENDENCE
 * for the continuation records that follow a 'dependences' event, one per
 * dependence.  What a..d hold per type is documented in corelib/events.h. */
#define OA_EV_DEPENDENCE 100

/* Profile mode with OMPADV_RAW=1 (ompadv profile --save-raw) also records,
 * per thread and in order, the fragments the OSPG assigned and the
 * synchronization that relates them, so that an independent oracle can
 * rebuild the run's happens-before graph (tests/oracle).  Ids: nodes, tasks
 * and regions are numbered from 1, per run.  Fields:
 *   NODE        a=node b=parent (0: root) c=oa_kind d=st_val (low 32 bits,
 *               signed) | undeferred << 32 | anythread << 33 | share << 34
 *               | piece << 35 | any_phase << 36
 *               at the node's close
 *   EDGE        a=successor P-node b=predecessor P-node
 *   FRAG_BEGIN  a=W-node b=task                 FRAG_END a=W-node b=work c=task
 *   PAR_BEGIN   a=region b=encountering task c=requested team
 *   PAR_END     a=region b=encountering task
 *   IMPL_BEGIN  a=region b=implicit task c=index     IMPL_END a=task
 *   BAR_BEGIN / BAR_END   a=region (0: none) b=task c=ompt_sync_region_t
 *   TASK_CREATE a=parent task b=new task d=its P-node c=the facts: bits 0-31
 *               the OMPT task flags (ompt_task_flag_t), bit 32 created inside
 *               __kmpc_omp_task_begin_if0 (an if(0) task), bit 33 the tool
 *               modelled it undeferred
 *   TASK_BEGIN / TASK_END a=task
 *   TW_BEGIN / TW_END     a=task (taskwait)
 *   TG_BEGIN / TG_END     a=task (taskgroup)
 *   DEP         a=new task b=address c=ompt_dependence_type_t
 *   CHUNK_BEGIN a=implicit task b=chunk P-node (a dynamic chunk or section;
 *               a thread's share of a schedule(static) loop is no chunk)
 *   CHUNK_END   a=implicit task
 *   MARK        a=the running W-node (0: none) b=task c=the program's mark
 *               (omp_control_tool(OA_CONTROL_MARK, mark, NULL), for tests:
 *               tells the oracle which fragment ran a piece of code)
 *   WS_BEGIN    a=implicit task b=ompt_work_t (a loop or sections construct)
 *   WS_END      a=implicit task
 *   WAIT        a=innermost open node b=the task's P-node c=a node id taken
 *               then (orders it among the nodes): a taskwait nested in a
 *               taskgroup, share or chunk ended (ospg.h: oa_node_waited);
 *               d=1: a=the node of a team of one's loop or sections, which
 *               closed (oa_node_group_end)
 *   ORD         a=task b=the loop instance c=0 an ordered region begins (before
 *               the first fragment inside it), 1 it ended (after its last)
 *   OSTAMP      a=W-node b=ordered chain (ospg.h: ochain) | opo << 63
 *               c=obefore d=oafter: the model's stamps for rule 7 (a later
 *               one for the same node replaces an earlier)
 *   OREGION     a=the last W-node of an ordered region b=its number c=the
 *               number of the loop's region before it (0: unknown) d=chain */
enum oa_raw_type {
  OA_RAW_NODE = 200, OA_RAW_EDGE, OA_RAW_FRAG_BEGIN, OA_RAW_FRAG_END, OA_RAW_PAR_BEGIN,
  OA_RAW_PAR_END, OA_RAW_IMPL_BEGIN, OA_RAW_IMPL_END, OA_RAW_BAR_BEGIN, OA_RAW_BAR_END,
  OA_RAW_TASK_CREATE, OA_RAW_TASK_BEGIN, OA_RAW_TASK_END, OA_RAW_TW_BEGIN, OA_RAW_TW_END,
  OA_RAW_TG_BEGIN, OA_RAW_TG_END, OA_RAW_DEP, OA_RAW_CHUNK_BEGIN, OA_RAW_CHUNK_END,
  OA_RAW_MARK, OA_RAW_WAIT, OA_RAW_WS_BEGIN, OA_RAW_WS_END, OA_RAW_ORD, OA_RAW_OSTAMP,
  OA_RAW_OREGION, OA_RAW_LAST = OA_RAW_OREGION
};
#define OA_CONTROL_MARK 67
#define OMPADV_ENV_RAW "OMPADV_RAW"

/* Record mode (OMPADV_RECORD=1 with profile mode: `ompadv record`) writes the
 * construction of the OSPG, so that `ompadv report` rebuilds and folds it
 * with the same code as the tool (corelib/replay.c).  The records go through
 * the per-thread event chunks like events; replayed in seq order they are a
 * history the run could have had.  Node and region ids are from 1; location
 * ids index the location table (0: main).  Fields:
 *   META     a=enum oa_metric b=deferred task cost c=undeferred task cost
 *   LOC      a=location b=code address c=enum oa_construct | flags << 16
 *   REGION   a=region b=team size
 *   SLOT     a=region b=worksharing instance index c=location naming it
 *   NEW      the node joins the OSPG under its parent (0: it is the root);
 *            sub=oa_kind a=node b=parent c=loc | own_loc << 32
 *            d=inst | team_index << 32 | free_order << 48 | task << 49
 *              | (st_val + 1) << 50 (2 bits) | undeferred << 52 | anythread << 53
 *              | share << 54 | piece << 55
 *              | nanc << 56 (0xff: none; else ANC follows)
 *            where=region whose worksharing it belongs to (S-node of a
 *            region, or an instance), else 0
 *   ANC      a..d = anc[0..3] of the NEW before it (same thread; only when
 *            nanc is neither 0 nor 0xff)
 *   CLOSE    its owner is done with it (not W-nodes): a=node b=work c=cost
 *            d=(uint8_t)st_val | undeferred << 8
 *   W        a fragment (W-node), written once at its end: its NEW and CLOSE
 *            in one (nothing joins a fragment's parent while it runs)
 *            a=node b=parent c=work d=loc | own_loc << 24 | team_index << 48
 *            where=begin edge | cont << 31 | end edge << 32 (cont: a later
 *            fragment of a directive instance's body)  time=inst | what-if factor
 *            (float bits) << 32; sub=1: it busy-waited (OA_BUSY_FLUSHES);
 *            an instance's region is the nearest enclosing region S-node's
 *   PRED     a=successor b=predecessor (task P-nodes, children of one task)
 *   WAIT     a=innermost open node b=its task's P-node: a nested taskwait
 *            ended (ospg.h: oa_node_waited); sub=1: a=the node of a team of
 *            one's loop or sections, which closed (oa_node_group_end)
 *   HOLD / RELEASE  a=node (kept for dependences of tasks to come)
 *   TEAM     a=largest team so far
 *   FLAG     a=enum oa_profile_flags bits */
enum oa_rec_type {
  OA_REC_META = 300, OA_REC_LOC, OA_REC_REGION, OA_REC_SLOT, OA_REC_NEW, OA_REC_ANC,
  OA_REC_CLOSE, OA_REC_PRED, OA_REC_HOLD, OA_REC_RELEASE, OA_REC_TEAM, OA_REC_FLAG, OA_REC_W,
  OA_REC_WAIT, OA_REC_LAST = OA_REC_WAIT
};
#define OMPADV_ENV_RECORD "OMPADV_RECORD"

/* Race mode (OMPADV_MODE=race, `ompadv race`): the tool library is loaded
 * as the target's TSan runtime (libclang_rt.tsan-x86_64.so, found through
 * LD_LIBRARY_PATH) and receives every __tsan_* call of the instrumented code.
 *   OMPADV_RACE        detector: "fast" (Alg. 19), "precise" (Alg. 20), or
 *                      "check" (Alg. 17: detect nothing, only tell whether
 *                      fast mode is safe for this run)
 *   OMPADV_RACE_GRAIN  bytes of memory per shadow cell: 4 (default) or 1
 * Records, through the per-thread event chunks:
 *   REPORT   one per distinct pair of access sites (code addresses; the
 *            driver merges pairs that map to the same source lines)
 *            where=data address  a=code address of the later access (a
 *            return address into the instrumented code)  b=the same for the
 *            earlier access  c=code address of the directive the later
 *            access's fragment runs in (0: none, serial code of main)
 *            d=the same for the earlier access
 *            sub=OA_RACE_* bits  thread=the later access's thread
 *            time=earlier access's thread | later access size << 32
 *                 | construct kind (enum oa_construct) of c << 40 | of d << 48
 *                 | whose memory the address is (OA_RACE_MEM_*) << 56
 *   STACK    just before a REPORT of the same thread, 0-6 of them: the later
 *            access's callers, innermost first, 5 per record in a, b, c, d,
 *            where (return addresses); sub=how many of them are set, with
 *            OA_RACE_STACK_EARLIER: the earlier access's (race
 *            --earlier-stacks)
 *   CHECK    (check mode, at the end) a=1 when fast mode is safe
 *            b=OA_RACE_WHY_* bits  c=code address of the first construct
 *            that ruled fast mode out (0: none or unknown)
 *   SUMMARY  (at the end) a=memory accesses checked  b=races found before
 *            deduplication  c=distinct pairs dropped (table full)
 *            d=peak shadow memory in bytes  where=1 fast, 2 precise, 3 check
 *            sub=shadow cell size in bytes (the grain) */
#define OMPADV_ENV_RACE "OMPADV_RACE"
#define OMPADV_ENV_RACE_GRAIN "OMPADV_RACE_GRAIN"
#define OMPADV_ENV_RACE_STACKS "OMPADV_RACE_STACKS"   /* "1": --earlier-stacks */
#define OA_RACE_STACK_EARLIER 0x80
enum oa_race_type { OA_RACE_REPORT = 400, OA_RACE_CHECK, OA_RACE_SUMMARY, OA_RACE_STACK };
enum oa_race_bits {
  OA_RACE_LATER_WRITE = 1,   /* the later access writes */
  OA_RACE_EARLIER_WRITE = 2, /* the earlier access writes */
  OA_RACE_CONCURRENT = 4,    /* the two fragments ran at the same time in this run;
                              * otherwise only logically parallel (another schedule) */
};
enum oa_race_mem {
  OA_RACE_MEM_THREAD = 0x80, /* below: the id + 1 of the thread whose stack (or with
                              * OA_RACE_MEM_TLS, thread-local storage) holds the
                              * address; 0: neither (a global, the heap, a mapping) */
  OA_RACE_MEM_TLS = 0x80,
};
enum oa_race_why {
  OA_RACE_WHY_MUTEX = 1,     /* critical, lock or ordered: fast mode knows no locksets */
  OA_RACE_WHY_TASKWAIT = 2,  /* a task left children nobody waited for */
};

enum oa_event_flags {
  OA_WHERE_WALKED = 1,       /* 'where' came from a stack walk, not codeptr_ra */
  OA_LOC_STATIC = 2,         /* locations: a schedule(static) loop (its iterations unseen) */
  OA_LOC_GUIDED = 4,         /* locations: a schedule(guided) loop (chunks sized by the team) */
};

typedef struct oa_event {
  uint16_t type;
  uint8_t  sub;              /* scope endpoint or dispatch kind */
  uint8_t  flags;            /* enum oa_event_flags */
  uint32_t thread;
  uint64_t seq;              /* global order of arrival */
  uint64_t time;             /* TSC */
  uint64_t where;            /* code address (a return address) or 0 */
  uint64_t a, b, c, d;
} oa_event;                  /* 64 bytes */

/* A loaded object, so the driver can map addresses to source after the run. */
typedef struct oa_module {
  uint64_t base;             /* load bias (dlpi_addr) */
  uint64_t lo, hi;           /* lowest and highest address of its PT_LOAD segments */
  uint32_t record_size;      /* bytes of this record, path included, 8-aligned */
  uint32_t path_len;         /* without the NUL */
  char     path[];           /* NUL-terminated absolute path */
} oa_module;

/* The parallelism profile, written by the tool at the end of the run. */
enum oa_profile_flags {
  OA_PROF_APPROX_TARGET = 1,   /* target offload seen: not modelled */
  OA_PROF_APPROX_CANCEL = 2,   /* cancellation seen */
  OA_PROF_APPROX_DETACH = 4,   /* detached tasks seen */
  OA_PROF_LOC_OVERFLOW = 8,    /* too many distinct locations: some merged into main */
  OA_PROF_METRIC_FALLBACK = 16,/* the requested counter could not be opened: tsc used */
  OA_PROF_PARTIAL = 32,        /* a snapshot: the program did not reach the end */
  OA_PROF_APPROX_SPAN = 64,    /* orders across a task's levels (a taskwait in a taskgroup,
                                * a dependence across a taskgroup or a static loop) that
                                * the span does not follow: it may be short */
  OA_PROF_APPROX_ORDERED = 128,/* a loop with the ordered clause whose chunks may run in
                                * parallel: the chain of its ordered regions (SEMANTICS.md
                                * rule 7) is not modelled, the span may be short */
};

enum oa_construct {
  OA_C_MAIN = 0, OA_C_PARALLEL, OA_C_LOOP, OA_C_SECTIONS, OA_C_SINGLE, OA_C_MASKED,
  OA_C_CRITICAL, OA_C_ORDERED, OA_C_TASK, OA_C_TASKLOOP, OA_C_TASKGROUP,
  OA_C_EDGE,                 /* recordings: where a fragment began or ended */
  OA_C_NKINDS
};

/* A location's source, resolved once after the run (recordings). */
typedef struct oa_locname {
  uint32_t loc;
  uint32_t line;             /* 0: unknown */
  uint32_t record_size;      /* bytes of this record, strings included, 8-aligned */
  uint16_t file_len;         /* bytes of the file name (no NUL), 0: unknown */
  uint16_t func_len;         /* bytes of the function name that follows it */
  char     text[];           /* file, NUL, function, NUL */
} oa_locname;

/* Instances nested in instances of other directives of the same kind.  A
 * directive can be reached through several code addresses (a task with an
 * if clause, an inlined function); only the report, which maps addresses to
 * source lines, can tell whether one of the enclosing ones is the same
 * directive, whose instance already counts this one. */
#define OA_ANC_MAX 4
typedef struct oa_profile_nested {
  uint32_t loc;
  uint32_t nanc;             /* OA_ANC_MAX + 1: more than OA_ANC_MAX enclosing */
  uint32_t anc[OA_ANC_MAX];  /* enclosing same-kind directives, sorted */
  uint64_t work, serial, count;
} oa_profile_nested;

typedef struct oa_profile_header {
  uint32_t metric;           /* enum oa_metric actually used */
  uint32_t flags;            /* enum oa_profile_flags */
  uint64_t work, span;       /* the program's */
  uint64_t task_cost;        /* estimate per deferred task, as given by the driver */
  uint64_t task_cost_undeferred; /* per undeferred (if(0), included) task */
  uint64_t tasks;            /* explicit tasks created */
  uint64_t cost;             /* all tasks' estimated creation cost */
  uint32_t nlocs;
  uint32_t threads;          /* largest team seen */
  uint64_t nodes;            /* OSPG nodes created */
  uint64_t seq;              /* snapshots: increasing; the final profile has the largest */
  uint32_t nnested;          /* oa_profile_nested records after the locations */
  uint32_t busy_bp;          /* share of the work, in 1/10000, in fragments that ran
                              * `#pragma omp flush` OA_BUSY_FLUSHES times or more:
                              * busy-waiting on a flag, most likely, which is work
                              * to the model (it cannot tell waiting from working) */
} oa_profile_header;

/* A fragment that flushes this often is taken for a busy-wait loop. */
#define OA_BUSY_FLUSHES 1000

typedef struct oa_profile_loc {
  uint64_t where;            /* code address of the directive (0 for main) */
  uint32_t id;
  uint16_t kind;             /* enum oa_construct */
  uint16_t flags;            /* OA_WHERE_WALKED, OA_LOC_STATIC */
  uint64_t work;             /* work of its instances not inside another instance of
                              * the same kind (those are in oa_profile_nested) */
  uint64_t serial;           /* their serial work (span), summed over instances */
  uint64_t critical;         /* its fragments' work on the program's critical path */
  uint64_t cost;             /* estimated task creation cost of its tasks */
  uint64_t count;            /* dynamic instances (outermost) */
} oa_profile_loc;

#endif
