/* The launcher-tool contract: the environment the driver hands to the injected
 * tool, and the layout of the result file the tool writes and the driver reads.
 * Both sides include this header and nothing else defines these names. */
#ifndef OMPADV_CONTRACT_H
#define OMPADV_CONTRACT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

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
/* The owner's result file, which the driver creates empty before the run
 * (beside the file the user named, or in its private directory) and renames
 * over the named one only once the run has recorded something:
 * RESULT_FD is "FD DEV INO", a descriptor above 2 the program inherits
 * open on that file, used when it still is that file (the program may have
 * closed it and reused the number); else the tool opens RESULT_OWN, its
 * absolute path.  Through the inherited descriptor the tool needs no new
 * one, so a program that lowers RLIMIT_NOFILE or closes its standard
 * streams is served as well. */
#define OMPADV_ENV_RESULT_FD  "OMPADV_RESULT_FD"
#define OMPADV_ENV_RESULT_OWN "OMPADV_RESULT_OWN"

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
 * so a reader never sees a half-written record counted: its low 32 bits are
 * the payload's bytes (oa_chunk_bytes), and in an event chunk its high 32
 * bits the records they hold (oa_chunk_records), both in one store. */
#define OA_FILE_MAGIC   UINT64_C(0x31564441504d4f7f) /* "\x7fOMPADV1" little-endian */
/* The first 8 bytes of a result file whose tool declined to start (it said
 * why on the program's stderr): "\x7fOMPADVX" */
#define OA_FILE_DECLINED UINT64_C(0x58564441504d4f7f)
/* The layout of the header, the chunks and every record kind (union
 * oa_record below).  2: the records became typed structs (the byte layout
 * of recordings unchanged; race STACK records hold their callers in order);
 * 3: event chunks hold their records packed (oa_pack_record, below: about a
 * third of the bytes) and count them in 'used'; 4: a fragment's record may
 * close its parent too (OA_W_CLOSES), in place of the parent's CLOSE record,
 * and a task's NEW holds up to OA_NEW_ANC_IN of its enclosing directives,
 * in place of an ANC record; 5: a packed record's words are varints
 * (oa_pack_record), and time mode looks for a break at each callback's end
 * too, so an OA_RAW_PREEMPT never covers time before the thread's previous
 * record (a break inside a callback stays in the callback's ticks, the time
 * records' tool).
 * A reader takes OA_FILE_VERSION_MIN to OA_FILE_VERSION (a file of 3 has no
 * W record that closes) and refuses any other version, older ones with
 * "recorded by an older ompadv". */
#define OA_FILE_VERSION 5
#define OA_FILE_VERSION_MIN 3
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
  /* 1 once an OpenMP construct ran (a directive got its location; trace
   * mode: from the start): a runtime that only initialized (a call such as
   * omp_get_max_threads) leaves 0, and the driver then says that no
   * construct ran instead of keeping a recording of nothing */
  uint32_t constructs;
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
  /* when the tool started, wall-clock (CLOCK_REALTIME) nanoseconds since
   * the epoch: with pid, which run a recording holds (0: older files) */
  uint64_t started_ns;
  /* profile and record: libomp's start-up at the program's first construct
   * (calibrated, OMPADV_RUNTIME_COST's startup), in the metric's unit: the
   * amount taken off the initial task's first fragment (never more than
   * that fragment measured), and the calibration's spread, how far the
   * estimate may be off (0 and 0: none taken; older files) */
  uint64_t startup_taken;
  uint64_t startup_spread;
  /* profile and record: the runtime's own time around events
   * (OMPADV_RUNTIME_COST's estimates) taken off the fragments, summed over
   * the run, in the metric's unit: when it rivals the work that remains,
   * the fragments are so short that the work is mostly an estimate */
  uint64_t runtime_taken;
  /* race mode, OMPADV_RACE=auto: where the run ended because fast mode was
   * ruled out, why (enum oa_race_why bits; 0: it was not) and the code
   * address of the construct, written before the OA_RACE_CHECK record: the
   * header holds it when the file could not grow for the record */
  uint32_t race_ruled_out;
  uint64_t race_ruled_out_code;
  /* --metric tsc (and time mode): the TSC's rate, femtoseconds per tick,
   * measured at the run's start, so that a report can say its work and
   * span in seconds; 0: not measured (another metric, a TSC of no constant
   * rate, files from before it was kept: the header page is zeroed) */
  uint64_t tsc_fs_per_tick;
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
  uint64_t used;             /* payload bytes committed | records << 32 (events) */
  uint64_t reserved[5];
} oa_chunk_header;           /* 64 bytes */

static inline uint32_t oa_chunk_bytes(const oa_chunk_header *c)
{
  return (uint32_t)c->used;
}
static inline uint32_t oa_chunk_records(const oa_chunk_header *c)
{
  return (uint32_t)(c->used >> 32);
}
static inline uint64_t oa_chunk_used(uint32_t bytes, uint32_t records)
{
  return bytes | (uint64_t)records << 32;
}
/* Whether a chunk's fill count holds: its bytes within the chunk, and a
 * record count in an event chunk only. */
static inline int oa_chunk_used_ok(const oa_chunk_header *c)
{
  return oa_chunk_bytes(c) <= c->size - sizeof *c
         && (c->kind == OA_CHUNK_EVENTS || oa_chunk_records(c) == 0);
}

/* Records.  Every record of an event chunk is 64 bytes; each kind is a
 * struct in union oa_record below, which the writer (the tool) and every
 * reader use alike: its fields are the format.  All start with the same 16
 * bytes (OA_RECORD_ID), most with the same 32 (OA_EVENT_HEAD: the time and
 * the code address too).  Readers get the records as oa_event (the head and
 * four words) and see each as its kind through oa_record_of.
 * Narrow fields are explicit integers, bits are named (never bitfields). */
#define OA_RECORD_ID                                                          \
  uint16_t type;   /* ompt_callbacks_t, OA_EV_DEPENDENCE, OA_RAW_*, OA_REC_*, \
                    * OA_RACE_* */                                            \
  uint8_t  sub;    /* per kind: scope endpoint, dispatch kind, ... */         \
  uint8_t  flags;  /* enum oa_event_flags */                                  \
  uint32_t thread;                                                            \
  uint64_t seq     /* global order of arrival */
#define OA_EVENT_HEAD                                                         \
  OA_RECORD_ID;                                                               \
  uint64_t time;   /* TSC */                                                  \
  uint64_t where   /* code address (a return address) or 0 */

typedef struct oa_event_head {
  OA_EVENT_HEAD;
} oa_event_head;

/* Any record as the head and four payload words. */
typedef struct oa_event {
  OA_EVENT_HEAD;
  uint64_t a, b, c, d;
} oa_event;                  /* 64 bytes */

enum oa_event_flags {
  OA_WHERE_WALKED = 1,       /* 'where' came from a stack walk, not codeptr_ra */
  OA_LOC_STATIC = 2,         /* locations: a schedule(static) loop (its iterations unseen) */
  OA_LOC_GUIDED = 4,         /* locations: a schedule(guided) loop (chunks sized by the team) */
};

/* One OMPT event (trace mode, `ompadv trace`).  'type' is the
 * ompt_callbacks_t value, or OA_EV_DEPENDENCE for the continuation records
 * that follow a 'dependences' event, one per dependence.  One struct per
 * kind, below (shared by kinds whose fields agree); the union oa_record names
 * each kind's member.  Ids are the tool's own: threads from 0, parallel
 * regions and tasks from 1, in order of creation.  thread_end and flush
 * carry nothing but the head (oa_event_head). */
#define OA_EV_DEPENDENCE 100

struct oa_ev_thread_begin {  /* ompt_callback_thread_begin */
  OA_EVENT_HEAD;
  uint64_t thread_type;      /* ompt_thread_t */
  uint64_t reserved[3];
};

struct oa_ev_parallel {      /* ompt_callback_parallel_begin / _end */
  OA_EVENT_HEAD;
  uint64_t parallel;
  uint64_t task;             /* the encountering task */
  uint64_t requested;        /* parallel_begin: the requested team size; parallel_end: 0 */
  uint64_t parallel_flags;   /* ompt_parallel_flag_t */
};

struct oa_ev_implicit_task { /* ompt_callback_implicit_task; sub=endpoint */
  OA_EVENT_HEAD;
  uint64_t parallel, task;
  uint64_t team;             /* team size (0 at a worker's end) */
  uint32_t task_flags;       /* ompt_task_flag_t */
  uint32_t index;            /* the thread's index in the team */
};

struct oa_ev_task_create {   /* ompt_callback_task_create */
  OA_EVENT_HEAD;
  uint64_t task;             /* the new task */
  uint64_t parent;           /* the encountering task */
  uint64_t task_flags;       /* ompt_task_flag_t */
  uint64_t has_dependences;
};

struct oa_ev_task_schedule { /* ompt_callback_task_schedule */
  OA_EVENT_HEAD;
  uint64_t prior;            /* the prior task (0 at the end of a dependence wait) */
  uint64_t status;           /* the prior task's ompt_task_status_t */
  uint64_t next;             /* the next task (0: none) */
  uint64_t reserved;
};

struct oa_ev_dependences {   /* ompt_callback_dependences: ndeps OA_EV_DEPENDENCE
                              * records follow */
  OA_EVENT_HEAD;
  uint64_t task;
  uint64_t ndeps;
  uint64_t reserved[2];
};

struct oa_ev_dependence {    /* OA_EV_DEPENDENCE: one dependence of a 'dependences' event */
  OA_EVENT_HEAD;
  uint64_t address;          /* the variable's address */
  uint64_t dep_type;         /* ompt_dependence_type_t */
  uint64_t reserved[2];
};

struct oa_ev_task_dependence { /* ompt_callback_task_dependence */
  OA_EVENT_HEAD;
  uint64_t source;           /* the source task */
  uint64_t sink;             /* the sink task */
  uint64_t reserved[2];
};

struct oa_ev_work {          /* ompt_callback_work; sub=endpoint */
  OA_EVENT_HEAD;
  uint64_t work;             /* ompt_work_t */
  uint64_t parallel, task;
  uint64_t count;
};

struct oa_ev_dispatch {      /* ompt_callback_dispatch; sub=ompt_dispatch_t; a section's
                              * 'where' is the section's code address */
  OA_EVENT_HEAD;
  uint64_t parallel, task;
  uint64_t start;            /* chunks: the first iteration; other kinds but sections:
                              * the instance's value */
  uint64_t iterations;       /* chunks: their iterations */
};

struct oa_ev_masked {        /* ompt_callback_masked; sub=endpoint */
  OA_EVENT_HEAD;
  uint64_t parallel, task;
  uint64_t reserved[2];
};

struct oa_ev_sync_region {   /* ompt_callback_sync_region, _sync_region_wait and
                              * _reduction; sub=endpoint */
  OA_EVENT_HEAD;
  uint64_t kind;             /* ompt_sync_region_t */
  uint64_t parallel, task;
  uint64_t reserved;
};

struct oa_ev_mutex_acquire { /* ompt_callback_mutex_acquire and _lock_init */
  OA_EVENT_HEAD;
  uint64_t kind;             /* ompt_mutex_t */
  uint64_t wait_id;
  uint64_t hint;
  uint64_t impl;             /* the implementation */
};

struct oa_ev_mutex {         /* ompt_callback_mutex_acquired, _mutex_released and
                              * _lock_destroy */
  OA_EVENT_HEAD;
  uint64_t kind;             /* ompt_mutex_t */
  uint64_t wait_id;
  uint64_t reserved[2];
};

struct oa_ev_nest_lock {     /* ompt_callback_nest_lock; sub=endpoint */
  OA_EVENT_HEAD;
  uint64_t reserved0;
  uint64_t wait_id;
  uint64_t reserved[2];
};

struct oa_ev_cancel {        /* ompt_callback_cancel */
  OA_EVENT_HEAD;
  uint64_t task;
  uint64_t cancel_flags;     /* ompt_cancel_flag_t */
  uint64_t reserved[2];
};

struct oa_ev_control_tool {  /* ompt_callback_control_tool (omp_control_tool) */
  OA_EVENT_HEAD;
  uint64_t command, modifier;
  uint64_t arg;              /* the pointer passed */
  uint64_t reserved;
};

struct oa_ev_error {         /* ompt_callback_error */
  OA_EVENT_HEAD;
  uint64_t severity;         /* ompt_severity_t */
  uint64_t reserved[3];
};

struct oa_ev_device {        /* ompt_callback_device_initialize */
  OA_EVENT_HEAD;
  uint64_t device;           /* the device number */
  uint64_t reserved[3];
};

struct oa_ev_target {        /* ompt_callback_target_emi; sub=endpoint */
  OA_EVENT_HEAD;
  uint64_t kind;             /* ompt_target_t */
  uint64_t device;           /* the device number */
  uint64_t reserved[2];
};

struct oa_ev_target_data_op { /* ompt_callback_target_data_op_emi; sub=endpoint */
  OA_EVENT_HEAD;
  uint64_t optype;           /* ompt_target_data_op_t */
  uint64_t bytes;
  uint64_t reserved[2];
};

struct oa_ev_target_submit { /* ompt_callback_target_submit_emi; sub=endpoint */
  OA_EVENT_HEAD;
  uint64_t teams;            /* the requested number of teams */
  uint64_t reserved[3];
};

/* Profile mode with OMPADV_RAW=1 (ompadv profile --save-raw) also records,
 * per thread and in order, the fragments the OSPG assigned and the
 * synchronization that relates them, so that an independent oracle can
 * rebuild the run's happens-before graph (tests/oracle).  Ids: nodes, tasks
 * and regions are numbered from 1, per run.  One struct per kind, below (a
 * struct shared by kinds whose fields agree, such as a BEGIN/END pair); the
 * union oa_record names each kind's member. */
enum oa_raw_type {
  OA_RAW_NODE = 200, OA_RAW_EDGE, OA_RAW_FRAG_BEGIN, OA_RAW_FRAG_END, OA_RAW_PAR_BEGIN,
  OA_RAW_PAR_END, OA_RAW_IMPL_BEGIN, OA_RAW_IMPL_END, OA_RAW_BAR_BEGIN, OA_RAW_BAR_END,
  OA_RAW_TASK_CREATE, OA_RAW_TASK_BEGIN, OA_RAW_TASK_END, OA_RAW_TW_BEGIN, OA_RAW_TW_END,
  OA_RAW_TG_BEGIN, OA_RAW_TG_END, OA_RAW_DEP, OA_RAW_CHUNK_BEGIN, OA_RAW_CHUNK_END,
  OA_RAW_MARK, OA_RAW_WAIT, OA_RAW_WS_BEGIN, OA_RAW_WS_END, OA_RAW_ORD, OA_RAW_OSTAMP,
  OA_RAW_OREGION, OA_RAW_CLOCK, OA_RAW_SWAIT, OA_RAW_MUTEX, OA_RAW_PREEMPT,
  OA_RAW_LAST = OA_RAW_PREEMPT
};
#define OA_CONTROL_MARK 67
#define OMPADV_ENV_RAW "OMPADV_RAW"
/* Time mode (OMPADV_TIME=1 with record mode: `ompadv time`): the recording
 * also holds the raw kinds that place the run on one clock (OA_RAW_TIMED
 * below: fragments, tasks, regions, implicit tasks, taskgroups, dependence
 * edges, the waits and the locks), each stamped with the TSC in its head. */
#define OMPADV_ENV_TIME "OMPADV_TIME"

struct oa_raw_node {         /* OA_RAW_NODE: a node, at its close */
  OA_EVENT_HEAD;
  uint64_t node, parent;     /* parent 0: the root */
  uint32_t kind;             /* oa_kind */
  uint32_t any_phase;
  int32_t  st_val;
  uint8_t  undeferred, anythread, share, piece;
};

struct oa_raw_edge {         /* OA_RAW_EDGE: a dependence edge between task P-nodes */
  OA_EVENT_HEAD;
  uint64_t succ;             /* the successor P-node */
  uint64_t pred;             /* the predecessor P-node */
  uint64_t reserved[2];
};

struct oa_raw_frag_begin {   /* OA_RAW_FRAG_BEGIN: a fragment begins */
  OA_EVENT_HEAD;
  uint64_t node;             /* its W-node */
  uint64_t task;
  uint64_t tool;             /* time mode: TSC ticks this thread spent in ompadv's
                              * callbacks so far (OA_RAW_FRAG_END, OA_RAW_SWAIT too) */
  uint64_t reserved;
};

struct oa_raw_frag_end {     /* OA_RAW_FRAG_END: a fragment ends */
  OA_EVENT_HEAD;
  uint64_t node;             /* its W-node */
  uint64_t work;
  uint64_t task;
  uint64_t tool;
};

struct oa_raw_parallel {     /* OA_RAW_PAR_BEGIN / OA_RAW_PAR_END: a parallel region */
  OA_EVENT_HEAD;
  uint64_t region;
  uint64_t task;             /* the encountering task */
  uint64_t team;             /* PAR_BEGIN: the requested team size; PAR_END: 0 */
  uint64_t reserved;
};

struct oa_raw_impl_begin {   /* OA_RAW_IMPL_BEGIN: an implicit task begins */
  OA_EVENT_HEAD;
  uint64_t region;           /* 0: the initial task */
  uint64_t task;             /* the implicit task */
  uint64_t index;            /* its thread's index in the team */
  uint64_t reserved;
};

struct oa_raw_barrier {      /* OA_RAW_BAR_BEGIN / OA_RAW_BAR_END */
  OA_EVENT_HEAD;
  uint64_t region;           /* 0: none */
  uint64_t task;
  uint64_t kind;             /* ompt_sync_region_t */
  uint64_t loc;              /* time mode, BAR_BEGIN: the construct that waits there (the
                              * parallel, the worksharing construct it ends, or for an
                              * explicit barrier its call's OA_C_EDGE); 0: unknown */
};

struct oa_raw_task_ref {     /* a task's scope: OA_RAW_TASK_BEGIN / OA_RAW_TASK_END (an
                              * explicit task), OA_RAW_TW_BEGIN / OA_RAW_TW_END (a
                              * taskwait in it), OA_RAW_TG_BEGIN / OA_RAW_TG_END (a
                              * taskgroup), OA_RAW_IMPL_END (an implicit task ends),
                              * OA_RAW_CHUNK_END, OA_RAW_WS_END (in an implicit task) */
  OA_EVENT_HEAD;
  uint64_t task;
  uint64_t loc;              /* time mode, TW_BEGIN and TG_BEGIN: the directive's location
                              * (a taskwait's: its call's OA_C_EDGE); 0: unknown */
  uint64_t reserved[2];
};

struct oa_raw_dep {          /* OA_RAW_DEP: a dependence of a new task */
  OA_EVENT_HEAD;
  uint64_t task;             /* the new task */
  uint64_t address;
  uint64_t dep_type;         /* ompt_dependence_type_t */
  uint64_t reserved;
};

struct oa_raw_chunk_begin {  /* OA_RAW_CHUNK_BEGIN: a dynamic chunk or a section (a
                              * thread's share of a schedule(static) loop is no
                              * chunk) */
  OA_EVENT_HEAD;
  uint64_t task;             /* the implicit task */
  uint64_t pnode;            /* the chunk's P-node */
  uint64_t reserved[2];
};

struct oa_raw_ws_begin {     /* OA_RAW_WS_BEGIN: a loop or sections construct */
  OA_EVENT_HEAD;
  uint64_t task;             /* the implicit task */
  uint64_t work;             /* ompt_work_t */
  uint64_t reserved[2];
};

struct oa_raw_mark {         /* OA_RAW_MARK: omp_control_tool(OA_CONTROL_MARK, mark,
                              * NULL), for tests: tells the oracle which fragment ran
                              * a piece of code */
  OA_EVENT_HEAD;
  uint64_t node;             /* the running W-node (0: none) */
  uint64_t task;
  uint64_t mark;             /* the program's mark */
  uint64_t reserved;
};

struct oa_raw_wait {         /* OA_RAW_WAIT: a taskwait nested in a taskgroup, share or
                              * chunk ended (ospg.h: oa_node_waited), or with
                              * group_end a team of one's loop or sections closed
                              * (oa_node_group_end) */
  OA_EVENT_HEAD;
  uint64_t node;             /* the innermost open node; group_end: the loop's or
                              * sections' node */
  uint64_t root;             /* the task's P-node */
  uint64_t stamp;            /* a node id taken then (orders it among the nodes) */
  uint64_t group_end;        /* 0 or 1 */
};

struct oa_raw_ord {          /* OA_RAW_ORD: an ordered region begins (before the first
                              * fragment inside it) or ends (after its last) */
  OA_EVENT_HEAD;
  uint64_t task;
  uint64_t chain;            /* the loop instance (ospg.h: ochain) */
  uint64_t end;              /* 0: it begins, 1: it ended */
  uint64_t reserved;
};

struct oa_raw_oregion {      /* OA_RAW_OREGION: an ordered region's last fragment */
  OA_EVENT_HEAD;
  uint64_t node;             /* the last W-node of the region */
  uint64_t region;           /* the region's number */
  uint64_t pred;             /* the number of the loop's region before it (0: unknown) */
  uint64_t chain;            /* the loop instance (ospg.h: ochain) */
};

struct oa_raw_clock {        /* OA_RAW_CLOCK: the TSC's rate, once, at the start */
  OA_EVENT_HEAD;
  uint64_t fs_per_tick;      /* femtoseconds per TSC tick */
  uint64_t loaded;           /* time mode: the TSC when the tool's library was loaded
                              * (before main: the serial code before the first construct
                              * runs from then on this thread); 0: unknown */
  uint64_t started;          /* time mode: the TSC when the tool began to start (its
                              * start-up and libomp's, to this record: overhead) */
  uint64_t reserved;
};

struct oa_raw_swait {        /* OA_RAW_SWAIT: a thread waits in a barrier, taskwait or
                              * taskgroup (ompt_callback_sync_region_wait); sub:
                              * 1 it begins, 0 it ends */
  OA_EVENT_HEAD;
  uint64_t region;           /* the parallel region (0: none) */
  uint64_t task;             /* the waiting task */
  uint64_t kind;             /* ompt_sync_region_t */
  uint64_t tool;
};

struct oa_raw_preempt {      /* OA_RAW_PREEMPT: time mode: the thread was runnable but off
                              * its core (the kernel's run delay: other threads or
                              * processes had the core) since its previous look, which
                              * came at its previous callback; written at a callback's
                              * start when that is not 0.  Format 5: the previous look
                              * is at the previous callback's end, after its records
                              * (a break inside a callback is in its tool ticks) */
  OA_EVENT_HEAD;
  uint64_t ns;               /* nanoseconds */
  uint64_t reserved[3];
};

enum oa_raw_mutex_phase { OA_MUTEX_ACQUIRE = 0, OA_MUTEX_ACQUIRED, OA_MUTEX_RELEASED };
struct oa_raw_mutex {        /* OA_RAW_MUTEX: a lock, critical, ordered or atomic is
                              * requested, acquired or released (sub: enum
                              * oa_raw_mutex_phase); the code it guards is named by
                              * the fragment that follows the acquire */
  OA_EVENT_HEAD;
  uint64_t wait_id;          /* ompt_wait_id_t */
  uint64_t kind;             /* ompt_mutex_t */
  uint64_t task;
  uint64_t loc;              /* time mode, acquire: what waits (the critical or ordered
                              * directive, or a lock call's OA_C_EDGE); 0: unknown */
};

/* The raw kinds time mode writes (a bit per kind from OA_RAW_NODE). */
#define OA_RAW_BIT(k) (1ull << ((k) - OA_RAW_NODE))
#define OA_RAW_TIMED                                                          \
  (OA_RAW_BIT(OA_RAW_EDGE) | OA_RAW_BIT(OA_RAW_FRAG_BEGIN) | OA_RAW_BIT(OA_RAW_FRAG_END) \
   | OA_RAW_BIT(OA_RAW_PAR_BEGIN) | OA_RAW_BIT(OA_RAW_PAR_END)                  \
   | OA_RAW_BIT(OA_RAW_IMPL_BEGIN) | OA_RAW_BIT(OA_RAW_IMPL_END)                \
   | OA_RAW_BIT(OA_RAW_TASK_CREATE) | OA_RAW_BIT(OA_RAW_TASK_BEGIN)             \
   | OA_RAW_BIT(OA_RAW_TASK_END) | OA_RAW_BIT(OA_RAW_TG_BEGIN)                  \
   | OA_RAW_BIT(OA_RAW_TG_END) | OA_RAW_BIT(OA_RAW_BAR_BEGIN)                  \
   | OA_RAW_BIT(OA_RAW_BAR_END) | OA_RAW_BIT(OA_RAW_CLOCK)                      \
   | OA_RAW_BIT(OA_RAW_SWAIT) | OA_RAW_BIT(OA_RAW_MUTEX)                        \
   | OA_RAW_BIT(OA_RAW_TW_BEGIN) | OA_RAW_BIT(OA_RAW_PREEMPT))
/* ... of which the raw log of --save-raw (the oracle's input) has none */
#define OA_RAW_TIME_ONLY                                                      \
  (OA_RAW_BIT(OA_RAW_CLOCK) | OA_RAW_BIT(OA_RAW_SWAIT) | OA_RAW_BIT(OA_RAW_MUTEX)        \
   | OA_RAW_BIT(OA_RAW_PREEMPT))

enum oa_raw_task_facts {
  OA_RAW_TASK_IF0 = 1,       /* created inside __kmpc_omp_task_begin_if0 (an if(0) task) */
  OA_RAW_TASK_UNDEFERRED = 2,/* the tool modelled it undeferred */
};
struct oa_raw_task_create {  /* OA_RAW_TASK_CREATE */
  OA_EVENT_HEAD;
  uint64_t parent;           /* the parent task */
  uint64_t task;             /* the new task */
  uint32_t task_flags;       /* ompt_task_flag_t */
  uint8_t  facts;            /* enum oa_raw_task_facts */
  uint8_t  reserved[3];
  uint64_t pnode;            /* the new task's P-node */
};

struct oa_raw_ostamp {       /* OA_RAW_OSTAMP: the model's stamps for rule 7 (a later
                              * one for the same node replaces an earlier) */
  OA_RECORD_ID;              /* sub: opo (ospg.h) */
  uint64_t time, where;
  uint64_t node;             /* a W-node */
  uint64_t ochain;           /* ordered chain (ospg.h: ochain) */
  uint64_t obefore, oafter;
};

/* Record mode (OMPADV_RECORD=1 with profile mode: `ompadv record`) writes the
 * construction of the OSPG, so that `ompadv report` rebuilds and folds it
 * with the same code as the tool (corelib/replay.c).  The records go through
 * the per-thread event chunks like events; replayed in seq order they are a
 * history the run could have had.  Node and region ids are from 1; location
 * ids index the location table (0: main).  One struct per type, below. */
enum oa_rec_type {
  OA_REC_META = 300, OA_REC_LOC, OA_REC_REGION, OA_REC_SLOT, OA_REC_NEW, OA_REC_ANC,
  OA_REC_CLOSE, OA_REC_PRED, OA_REC_HOLD, OA_REC_RELEASE, OA_REC_TEAM, OA_REC_FLAG, OA_REC_W,
  OA_REC_WAIT, OA_REC_LAST = OA_REC_WAIT
};
#define OMPADV_ENV_RECORD "OMPADV_RECORD"
/* "counter": records take their seq from one counter all threads share,
 * even where the TSC would do (tool/out.c: oa_seq_init); for tests. */
#define OMPADV_ENV_ORDER "OMPADV_ORDER"

struct oa_record_meta {         /* OA_REC_META: the run's metric and task costs */
  OA_EVENT_HEAD;
  uint64_t metric;           /* enum oa_metric */
  uint64_t task_cost;        /* deferred task */
  uint64_t task_cost_undeferred;
  uint64_t reserved;
};

struct oa_record_loc {          /* OA_REC_LOC: a location (a directive) */
  OA_EVENT_HEAD;
  uint64_t loc;
  uint64_t code;             /* its code address */
  uint16_t kind;             /* enum oa_construct */
  uint16_t loc_flags;        /* enum oa_event_flags */
  uint32_t reserved0;
  uint64_t reserved;
};

enum oa_region_flags {          /* struct oa_record_region's flags (0: not recorded) */
  OA_REGION_FIXED = 1,       /* the program chose its team size: a num_threads clause, or
                              * omp_set_num_threads before it (tool/interpose.c) */
};
struct oa_record_region {       /* OA_REC_REGION: a parallel region */
  OA_EVENT_HEAD;
  uint64_t region;
  uint64_t team;             /* team size */
  uint64_t region_flags;     /* enum oa_region_flags */
  uint64_t reserved;
};

/* How a loop's iterations go to the threads where that depends on the team
 * size (libomp's schedule types kmp_sch_static and kmp_sch_static_chunked,
 * kmp_sched.cpp; guided, kmp_dispatch.cpp), for the team-size model
 * (corelib/scale.h).  0: none of these (dynamic), or not recorded. */
enum oa_slot_sched {
  OA_SLOT_STATIC = 1,        /* one block per thread; the first trip % T threads take
                              * one iteration more (libomp's balanced split) */
  OA_SLOT_STATIC_CHUNKED,    /* chunks of `chunk` iterations dealt round-robin */
  OA_SLOT_STATIC_GREEDY,     /* one block per thread of ceil(trip / T) iterations */
  OA_SLOT_GUIDED,            /* guided (or auto): chunks of about remaining / 2T iterations,
                              * at least `chunk` (kmp_dispatch.cpp, guided_iterative) */
};
struct oa_record_slot {         /* OA_REC_SLOT: a worksharing instance of a region */
  OA_EVENT_HEAD;
  uint64_t region;
  uint64_t index;            /* the instance's index */
  uint32_t loc;              /* the location naming it */
  uint32_t chunk;            /* its chunk size (OA_SLOT_STATIC_CHUNKED, OA_SLOT_GUIDED) */
  uint64_t sched_trip;       /* a static or guided loop: enum oa_slot_sched << 56 | its trip count
                              * (oa_record_slot_sched, oa_record_slot_trip) */
};
static inline unsigned oa_record_slot_sched(const struct oa_record_slot *s)
{
  return (unsigned)(s->sched_trip >> 56);
}
static inline uint64_t oa_record_slot_trip(const struct oa_record_slot *s)
{
  return s->sched_trip & ((UINT64_C(1) << 56) - 1);
}

enum oa_record_new_bits {       /* struct oa_record_new's bits */
  OA_NEW_FREE_ORDER = 1,
  OA_NEW_TASK = 2,           /* a task's P-node (counts as a task) */
  OA_NEW_ST_VAL = 4 | 8,     /* st_val + 1: oa_record_new_st_val() */
  OA_NEW_UNDEFERRED = 16,
  OA_NEW_ANYTHREAD = 32,
  OA_NEW_SHARE = 64,
  OA_NEW_PIECE = 128,
};
struct oa_record_new {          /* OA_REC_NEW: the node joins the OSPG under its parent */
  OA_RECORD_ID;              /* sub: oa_kind */
  uint64_t time;
  uint64_t region;           /* the region whose worksharing it belongs to (S-node of
                              * a region, or an instance), else 0 */
  uint64_t node;
  uint64_t parent;           /* 0: it is the root */
  uint32_t loc, own_loc;
  uint32_t inst;
  uint16_t team_index;
  uint8_t  bits;             /* enum oa_record_new_bits */
  uint8_t  nanc;             /* a task's P-node: the directives enclosing it (0xff:
                              * none, not a task); 1 to OA_NEW_ANC_IN: here, in region
                              * and inst (oa_record_new_anc), since format 4; more: an
                              * ANC follows */
};
/* A task's P-node has no region and no instance: its first enclosing
 * directives take their place (the rest, if any, are in an ANC record). */
#define OA_NEW_ANC_IN 3
static inline void oa_record_new_set_anc(struct oa_record_new *n, const uint32_t *anc)
{
  n->region = anc[0] | (uint64_t)anc[1] << 32;
  n->inst = anc[2];
}
static inline void oa_record_new_anc(const struct oa_record_new *n, uint32_t *anc)
{
  anc[0] = (uint32_t)n->region;
  anc[1] = (uint32_t)(n->region >> 32);
  anc[2] = n->inst;
}
static inline int oa_record_new_st_val(const struct oa_record_new *n)
{
  return (int)((n->bits & OA_NEW_ST_VAL) >> 2) - 1;
}
static inline uint8_t oa_record_new_st_bits(int st_val)
{
  return (uint8_t)(((unsigned)(st_val + 1) << 2) & OA_NEW_ST_VAL);
}

struct oa_record_anc {          /* OA_REC_ANC: after a NEW of the same thread whose nanc is
                              * neither 0 nor 0xff (format 3), or above OA_NEW_ANC_IN */
  OA_EVENT_HEAD;
  uint64_t anc[4];           /* its anc[0..3] (OA_ANC_MAX) */
};

struct oa_record_close {        /* OA_REC_CLOSE: its owner is done with it (not W-nodes) */
  OA_EVENT_HEAD;
  uint64_t node, work, cost;
  int8_t   st_val;
  uint8_t  undeferred;
  uint8_t  reserved[6];
};

enum oa_record_w_bits {         /* struct oa_record_w's sub */
  OA_W_BUSY = 1,             /* it busy-waited (OA_BUSY_FLUSHES) */
  OA_W_ASKED_TEAM = 2,       /* it called omp_get_num_threads: in a parallel region's own
                              * code, a sign that the program splits it by thread */
  OA_W_CLOSES = 4,           /* its parent closes with it, at once (a task's last fragment
                              * ends the task): the parent's CLOSE record, folded in; the
                              * parent's st_val and undeferred in the bits below */
  OA_W_PARENT_UNDEFERRED = 8,
  OA_W_PARENT_ST_SHIFT = 4,  /* bits 4-5: the parent's st_val, two bits signed */
};
static inline unsigned oa_record_w_closes_bits(int st_val, int undeferred)
{
  return OA_W_CLOSES | (undeferred ? OA_W_PARENT_UNDEFERRED : 0)
         | ((unsigned)st_val & 3u) << OA_W_PARENT_ST_SHIFT;
}
static inline int oa_record_w_parent_st(unsigned sub)
{
  int v = (int)(sub >> OA_W_PARENT_ST_SHIFT) & 3;
  return v >= 2 ? v - 4 : v;
}
struct oa_record_w {            /* OA_REC_W: a fragment (W-node), written once at its
                              * end: its NEW and CLOSE in one (nothing joins a
                              * fragment's parent while it runs); an instance's
                              * region is the nearest enclosing region S-node's */
  OA_RECORD_ID;              /* sub: enum oa_record_w_bits */
  uint32_t inst;             /* no time: */
  float    whatif;           /* what-if factor */
  uint32_t begin_cont;       /* begin edge | cont << 31 (a later fragment of a directive
                              * instance's body): oa_record_w_begin(), oa_record_w_cont() */
  uint32_t edge_end;
  uint64_t node, parent, work;
  uint8_t  locs[6];          /* loc and own_loc, 24 bits each: oa_record_w_loc() */
  uint16_t team_index;
};
static inline void oa_record_w_set_edges(struct oa_record_w *w, uint32_t begin, int cont,
                                      uint32_t end)
{
  w->begin_cont = (begin & 0x7fffffffu) | (uint32_t)(cont != 0) << 31;
  w->edge_end = end;
}
static inline uint32_t oa_record_w_begin(const struct oa_record_w *w)
{
  return w->begin_cont & 0x7fffffffu;
}
static inline int oa_record_w_cont(const struct oa_record_w *w)
{
  return (int)(w->begin_cont >> 31);
}
static inline void oa_record_w_set_locs(struct oa_record_w *w, uint32_t loc, uint32_t own_loc)
{
  uint64_t v = (loc & 0xffffffu) | (uint64_t)(own_loc & 0xffffffu) << 24;
  memcpy(w->locs, &v, sizeof w->locs);  /* the low 6 bytes (little-endian) */
}
static inline uint32_t oa_record_w_loc(const struct oa_record_w *w)
{
  uint64_t v = 0;
  memcpy(&v, w->locs, sizeof w->locs);
  return (uint32_t)(v & 0xffffffu);
}
static inline uint32_t oa_record_w_own_loc(const struct oa_record_w *w)
{
  uint64_t v = 0;
  memcpy(&v, w->locs, sizeof w->locs);
  return (uint32_t)(v >> 24 & 0xffffffu);
}

struct oa_record_pred {         /* OA_REC_PRED: task P-nodes, children of one task */
  OA_EVENT_HEAD;
  uint64_t succ, pred;
  uint64_t reserved[2];
};

struct oa_record_wait {         /* OA_REC_WAIT: a nested taskwait ended (ospg.h:
                              * oa_node_waited); sub=1: node is that of a team of
                              * one's loop or sections, which closed
                              * (oa_node_group_end) */
  OA_EVENT_HEAD;
  uint64_t node;             /* the innermost open node */
  uint64_t root;             /* its task's P-node */
  uint64_t reserved[2];
};

struct oa_record_node_ref {     /* OA_REC_HOLD / OA_REC_RELEASE: a node kept for (no
                              * longer kept for) dependences of tasks to come */
  OA_EVENT_HEAD;
  uint64_t node;
  uint64_t reserved[3];
};

struct oa_record_word {         /* OA_REC_TEAM: the largest team so far;
                              * OA_REC_FLAG: enum oa_profile_flags bits */
  OA_EVENT_HEAD;
  uint64_t value;
  uint64_t reserved[3];
};

/* Race mode (OMPADV_MODE=race, `ompadv race`): the tool library is loaded
 * as the target's TSan runtime (libclang_rt.tsan-x86_64.so, found through
 * LD_LIBRARY_PATH) and receives every __tsan_* call of the instrumented code.
 *   OMPADV_RACE        detector: "fast" (Alg. 19), "precise" (Alg. 20), or
 *                      "auto" (fast, and Alg. 17's watch: the run ends where
 *                      fast mode is ruled out, with an OA_RACE_CHECK record
 *                      saying why; one that reaches its end writes one
 *                      saying fast mode was exact)
 *   OMPADV_RACE_GRAIN  bytes of memory per shadow cell: 4 (default) or 1
 * Records, through the per-thread event chunks: the structs below. */
#define OMPADV_ENV_RACE "OMPADV_RACE"
#define OMPADV_ENV_RACE_GRAIN "OMPADV_RACE_GRAIN"
#define OMPADV_ENV_RACE_STACKS "OMPADV_RACE_STACKS"   /* "1": --earlier-stacks */
/* the largest team size whose schedule(static) splits the races between
 * one thread's iterations are reported for (race --max-threads; default
 * OA_RACE_MAX_THREADS, 1: none) */
#define OMPADV_ENV_RACE_MAX_THREADS "OMPADV_RACE_MAX_THREADS"
#define OA_RACE_MAX_THREADS 256
#define OA_RACE_STACK_EARLIER 0x80
enum oa_race_type { OA_RACE_REPORT = 400, OA_RACE_CHECK, OA_RACE_SUMMARY, OA_RACE_STACK,
                     OA_RACE_ITERS };
enum oa_race_bits {
  OA_RACE_LATER_WRITE = 1,   /* the later access writes */
  OA_RACE_EARLIER_WRITE = 2, /* the earlier access writes */
  OA_RACE_CONCURRENT = 4,    /* the two fragments ran at the same time in this run;
                              * otherwise only logically parallel (another schedule) */
  OA_RACE_SIMD = 8,          /* two lanes of one simd loop (one thread, iterations close
                              * enough to run at once): later_construct is the loop's
                              * code address, earlier_thread the thread's own */
  OA_RACE_TEAMS = 16,        /* two iterations of one schedule(static) loop that this
                              * run's team gave one thread, and other team sizes give
                              * two (an OA_RACE_ITERS record of the same thread comes
                              * just before): later_construct is the loop's code
                              * address, earlier_thread the thread's own */
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
  OA_RACE_WHY_FLAG = 4,      /* an atomic read in a parallel region: it may wait for
                              * another thread's write (a flag), an order fast mode
                              * does not follow (doc/SEMANTICS.md rule 17) */
  OA_RACE_WHY_DOACROSS = 8,  /* ordered depend(sink/source): an order between two
                              * iterations that the fast detector does not follow */
};

struct oa_race_report {      /* OA_RACE_REPORT: one per distinct pair of access sites
                              * (code addresses; the driver merges pairs that map to
                              * the same source lines) */
  OA_RECORD_ID;              /* sub: enum oa_race_bits; thread: the later access's */
  uint32_t earlier_thread;   /* the earlier access's thread (no time) */
  uint8_t  size;             /* the later access's size in bytes */
  uint8_t  later_kind;       /* enum oa_construct of later_construct */
  uint8_t  earlier_kind;     /* ... of earlier_construct */
  uint8_t  memory;           /* whose memory the address is (enum oa_race_mem) */
  uint64_t address;          /* the data address */
  uint64_t later_code;       /* code address of the later access (a return address
                              * into the instrumented code) */
  uint64_t earlier_code;     /* the same for the earlier access */
  uint64_t later_construct;  /* code address of the directive the later access's
                              * fragment runs in (0: none, serial code of main) */
  uint64_t earlier_construct;/* the same for the earlier access */
};

struct oa_race_stack {       /* OA_RACE_STACK: just before a REPORT of the same thread,
                              * 0-6 of them: the later access's callers, 5 a
                              * record, then the earlier access's */
  OA_RECORD_ID;              /* sub: how many callers are set, with
                              * OA_RACE_STACK_EARLIER: the earlier access's
                              * (race --earlier-stacks) */
  uint64_t time;
  uint64_t callers[5];       /* return addresses, innermost first */
};

struct oa_race_iters {       /* OA_RACE_ITERS: just before an OA_RACE_TEAMS REPORT of
                              * the same thread, its loop and iterations */
  OA_RECORD_ID;
  uint64_t trips;            /* the loop's iterations */
  uint64_t chunk;            /* schedule(static, chunk)'s size (kind OA_SLOT_STATIC_CHUNKED) */
  uint64_t earlier_iter;     /* the earlier access's iteration (0-based) */
  uint64_t later_iter;       /* the later access's */
  uint64_t team;             /* the team size of this run */
  uint64_t kind;             /* the split: enum oa_slot_sched, with
                              * OA_RACE_ITERS_SECTIONS: of a sections construct (its
                              * sections are the iterations) */
};
#define OA_RACE_ITERS_SECTIONS 0x100

struct oa_race_check {       /* OA_RACE_CHECK: auto mode's verdict, where fast mode is
                              * ruled out or at the end */
  OA_EVENT_HEAD;
  uint64_t fast_ok;          /* 1 when fast mode is safe */
  uint64_t why;              /* enum oa_race_why bits */
  uint64_t why_code;         /* code address of the first construct that ruled fast
                              * mode out (0: none or unknown) */
  uint64_t reserved;
};

struct oa_race_summary {     /* OA_RACE_SUMMARY: at the end */
  OA_RECORD_ID;              /* sub: shadow cell size in bytes (the grain) */
  uint64_t time;
  uint64_t detector;         /* 1 fast (also in an "auto" run), 2 precise */
  uint64_t checked;          /* memory accesses checked */
  uint64_t races;            /* races found before deduplication */
  uint64_t dropped;          /* distinct pairs dropped (table full) */
  uint64_t peak_shadow;      /* peak shadow memory in bytes */
};

/* A record of any kind: the writer fills the member of its type, a reader
 * reads the member of the type it finds. */
typedef union oa_record {
  oa_event_head h;
  oa_event ev;
  struct oa_ev_thread_begin thread_begin;
  struct oa_ev_parallel parallel_begin, parallel_end;
  struct oa_ev_implicit_task implicit_task;
  struct oa_ev_task_create task_create;
  struct oa_ev_task_schedule task_schedule;
  struct oa_ev_dependences dependences;
  struct oa_ev_dependence dependence;
  struct oa_ev_task_dependence task_dependence;
  struct oa_ev_work work;
  struct oa_ev_dispatch dispatch;
  struct oa_ev_masked masked;
  struct oa_ev_sync_region sync_region, sync_region_wait, reduction;
  struct oa_ev_mutex_acquire mutex_acquire, lock_init;
  struct oa_ev_mutex mutex_acquired, mutex_released, lock_destroy;
  struct oa_ev_nest_lock nest_lock;
  struct oa_ev_cancel cancel;
  struct oa_ev_control_tool control_tool;
  struct oa_ev_error error;
  struct oa_ev_device device_initialize;
  struct oa_ev_target target;
  struct oa_ev_target_data_op target_data_op;
  struct oa_ev_target_submit target_submit;
  struct oa_raw_node raw_node;
  struct oa_raw_edge raw_edge;
  struct oa_raw_frag_begin raw_frag_begin;
  struct oa_raw_frag_end raw_frag_end;
  struct oa_raw_parallel raw_par_begin, raw_par_end;
  struct oa_raw_impl_begin raw_impl_begin;
  struct oa_raw_barrier raw_bar_begin, raw_bar_end;
  struct oa_raw_task_create raw_task_create;
  struct oa_raw_task_ref raw_task_begin, raw_task_end, raw_tw_begin, raw_tw_end, raw_tg_begin,
      raw_tg_end, raw_impl_end, raw_chunk_end, raw_ws_end;
  struct oa_raw_dep raw_dep;
  struct oa_raw_chunk_begin raw_chunk_begin;
  struct oa_raw_ws_begin raw_ws_begin;
  struct oa_raw_mark raw_mark;
  struct oa_raw_wait raw_wait;
  struct oa_raw_ord raw_ord;
  struct oa_raw_ostamp raw_ostamp;
  struct oa_raw_oregion raw_oregion;
  struct oa_raw_clock raw_clock;
  struct oa_raw_swait raw_swait;
  struct oa_raw_mutex raw_mutex;
  struct oa_raw_preempt raw_preempt;
  struct oa_record_meta rec_meta;
  struct oa_record_loc rec_loc;
  struct oa_record_region rec_region;
  struct oa_record_slot rec_slot;
  struct oa_record_new rec_new;
  struct oa_record_anc rec_anc;
  struct oa_record_close rec_close;
  struct oa_record_w rec_w;
  struct oa_record_pred rec_pred;
  struct oa_record_wait rec_wait;
  struct oa_record_node_ref rec_hold, rec_release;
  struct oa_record_word rec_team, rec_flag;
  struct oa_race_report race_report;
  struct oa_race_stack race_stack;
  struct oa_race_iters race_iters;
  struct oa_race_check race_check;
  struct oa_race_summary race_summary;
} oa_record;

/* A record read from a file as oa_event, seen as its kind. */
static inline const oa_record *oa_record_of(const oa_event *e)
{
  return (const oa_record *)e;
}

/* --- packed records (format 3) ----------------------------------------------
 * An event chunk holds its thread's records one after the other, each as
 * the 16 four-byte words of its 64 bytes XORed with the last record of the
 * same slot in the chunk (oa_pack_slot: its type's low 6 bits; a slot
 * starts all zero in each chunk, so a chunk reads on its own): a 2-byte
 * type, a 2-byte mask of the words that differ (bit i: word i), then
 * those words, in order.  Consecutive records of one kind share most of
 * their words (thread, locations, the high halves of ids, sequence numbers
 * and clocks), so a record takes 12 to 24 bytes where it took 64.  In a
 * record with a time (all kinds but OA_REC_W), words 4-5 (the time) are
 * written XORed with words 2-3 (the seq) as well: where the seq is the TSC
 * (tool/tool.h: oa_next_seq) the two move together and the time costs
 * nothing.  The writer packs a record as it commits it; readers unpack each
 * chunk from its start.  Format 5 writes each word present as a varint
 * (7 bits a byte, low first, the high bit set on all bytes but the last):
 * an XOR of two nearby ids, counts or clocks is a byte or two, not four,
 * and a record takes about half the bytes (oa_pack_set picks by version). */
#define OA_PACK_SLOTS 64
#define OA_PACK_NO_TIME 312          /* OA_REC_W (defined below) */
#define OA_PACK_MAX (4 + 16 * 5)     /* the most bytes a packed record takes */
typedef struct oa_pack_ref {
  _Alignas(16) uint32_t w[OA_PACK_SLOTS][16]; /* the last record of each slot, as words
                                               * (aligned: a reader takes one as a record) */
  uint32_t varint;           /* format 5 on: each word present as a varint (oa_pack_set) */
} oa_pack_ref;

/* A chunk's packing state at its start, for a file of format version. */
static inline void oa_pack_set(oa_pack_ref *ref, unsigned version)
{
  memset(ref, 0, sizeof *ref);
  ref->varint = version >= 5;
}
static inline unsigned oa_pack_slot(unsigned type)
{
  return type & (OA_PACK_SLOTS - 1);
}

/* Pack x after the records ref has seen into out (OA_PACK_MAX bytes of
 * room): the bytes written. */
static inline size_t oa_pack_record(oa_pack_ref *ref, const void *x, unsigned char *out)
{
  uint32_t cur[16];
  memcpy(cur, x, sizeof cur);
  uint16_t type = (uint16_t)cur[0];
  uint32_t *prev = ref->w[oa_pack_slot(type)];
  unsigned char *p = out + 4;
  unsigned mask = 0;
  uint32_t diff[16];
  for (unsigned i = 0; i < 16; i++) {
    diff[i] = cur[i] ^ prev[i];
    prev[i] = cur[i];
  }
  if (type != OA_PACK_NO_TIME) {  /* the time relative to the seq */
    diff[4] ^= diff[2];
    diff[5] ^= diff[3];
  }
  if (ref->varint) {
    for (unsigned i = 0; i < 16; i++) {
      uint32_t d = diff[i];
      if (!d)
        continue;
      mask |= 1u << i;
      while (d >= 0x80) {
        *p++ = (unsigned char)(d | 0x80);
        d >>= 7;
      }
      *p++ = (unsigned char)d;
    }
  } else {
    for (unsigned i = 0; i < 16; i++) {  /* branch-free: write each word, keep the ones set */
      memcpy(p, &diff[i], 4);
      p += diff[i] ? 4 : 0;
      mask |= (unsigned)(diff[i] != 0) << i;
    }
  }
  uint16_t m = (uint16_t)mask;
  memcpy(out, &type, 2);
  memcpy(out + 2, &m, 2);
  return (size_t)(p - out);
}

/* The varint at p (format 5) into *v: where the next byte is, or NULL when
 * it runs past end or past the 5 bytes a 32-bit word takes. */
static inline const unsigned char *oa_varint_get(const unsigned char *p,
                                                 const unsigned char *end, uint32_t *v)
{
  uint32_t x = 0;
  for (unsigned shift = 0;; shift += 7) {
    if (p >= end || shift > 28)
      return NULL;
    unsigned char b = *p++;
    x |= (uint32_t)(b & 0x7f) << shift;
    if (!(b & 0x80))
      break;
  }
  *v = x;
  return p;
}

/* Unpack the record at in (avail bytes left in the chunk): the bytes it
 * took, with *rec the record (64 bytes, in ref: valid until the next record
 * of its slot is unpacked); or 0 when they are not a whole record of the
 * type its head names (a damaged chunk). */
static inline size_t oa_unpack_next(oa_pack_ref *ref, const unsigned char *in, size_t avail,
                                    const void **rec)
{
  uint16_t type, m;
  if (avail < 4)
    return 0;
  memcpy(&type, in, 2);
  memcpy(&m, in + 2, 2);
  uint32_t d[16] = { 0 };
  const unsigned char *p = in + 4, *end = in + avail;
  size_t need;
  if (ref->varint) {
    for (unsigned bits = m; bits; bits &= bits - 1)  /* the words present only */
      if (!(p = oa_varint_get(p, end, &d[__builtin_ctz(bits)])))
        return 0;
    need = (size_t)(p - in);
  } else {
    need = 4 + 4 * (size_t)__builtin_popcount(m);
    if (need > avail)
      return 0;
    for (unsigned bits = m; bits; bits &= bits - 1, p += 4)  /* the words present only */
      memcpy(&d[__builtin_ctz(bits)], p, 4);
  }
  uint32_t *prev = ref->w[oa_pack_slot(type)];
  if (type != OA_PACK_NO_TIME) {
    d[4] ^= d[2];
    d[5] ^= d[3];
  }
  for (unsigned i = 0; i < 16; i++)
    prev[i] ^= d[i];
  if ((uint16_t)prev[0] != type)
    return 0;
  *rec = prev;
  return need;
}

/* The same, the record copied into x (64 bytes). */
static inline size_t oa_unpack_record(oa_pack_ref *ref, const unsigned char *in, size_t avail,
                                      void *x)
{
  const void *rec;
  size_t need = oa_unpack_next(ref, in, avail, &rec);
  if (need)
    memcpy(x, rec, 64);
  return need;
}

/* The bytes the packed record at in takes, without unpacking it (0: not
 * a whole one in avail). */
static inline size_t oa_packed_size(const oa_pack_ref *ref, const unsigned char *in, size_t avail)
{
  uint16_t m;
  if (avail < 4)
    return 0;
  memcpy(&m, in + 2, 2);
  if (!ref->varint) {
    size_t need = 4 + 4 * (size_t)__builtin_popcount(m);
    return need <= avail ? need : 0;
  }
  const unsigned char *p = in + 4;
  uint32_t v;
  for (unsigned n = (unsigned)__builtin_popcount(m); n; n--)
    if (!(p = oa_varint_get(p, in + avail, &v)))
      return 0;
  return (size_t)(p - in);
}

_Static_assert(OA_PACK_NO_TIME == OA_REC_W, "the packer takes the W record's words 4-5 as they are");

/* n records (64 bytes each) packed as the payload of one event chunk into
 * out (n * OA_PACK_MAX bytes of room): the bytes written.  For tools and
 * tests that write chunks whole. */
static inline size_t oa_pack_chunk(const void *recs, size_t n, unsigned char *out,
                                   unsigned version)
{
  oa_pack_ref ref;
  oa_pack_set(&ref, version);
  size_t bytes = 0;
  for (size_t i = 0; i < n; i++)
    bytes += oa_pack_record(&ref, (const unsigned char *)recs + 64 * i, out + bytes);
  return bytes;
}

/* The layout is the file format: every kind 64 bytes, with the common head
 * where oa_event has it, and each field where the format puts it. */
#define OA_AT(T, f, off) _Static_assert(offsetof(T, f) == (off), #T "." #f " at byte " #off)
#define OA_ID_AT(T)                                                           \
  OA_AT(T, type, 0); OA_AT(T, sub, 2); OA_AT(T, flags, 3); OA_AT(T, thread, 4); \
  OA_AT(T, seq, 8)
#define OA_RECORD_KIND(T) _Static_assert(sizeof(T) == 64, #T " is 64 bytes"); OA_ID_AT(T)
#define OA_EVENT_KIND(T) OA_RECORD_KIND(T); OA_AT(T, time, 16); OA_AT(T, where, 24)
_Static_assert(sizeof(oa_record) == 64, "oa_record is 64 bytes");
_Static_assert(sizeof(oa_event_head) == 32, "the common head is 32 bytes");
OA_ID_AT(oa_event_head); OA_AT(oa_event_head, time, 16); OA_AT(oa_event_head, where, 24);
OA_EVENT_KIND(oa_event);
OA_AT(oa_event, a, 32); OA_AT(oa_event, b, 40); OA_AT(oa_event, c, 48); OA_AT(oa_event, d, 56);
OA_EVENT_KIND(struct oa_ev_thread_begin);
OA_AT(struct oa_ev_thread_begin, thread_type, 32);
OA_EVENT_KIND(struct oa_ev_parallel);
OA_AT(struct oa_ev_parallel, parallel, 32); OA_AT(struct oa_ev_parallel, task, 40);
OA_AT(struct oa_ev_parallel, requested, 48); OA_AT(struct oa_ev_parallel, parallel_flags, 56);
OA_EVENT_KIND(struct oa_ev_implicit_task);
OA_AT(struct oa_ev_implicit_task, parallel, 32); OA_AT(struct oa_ev_implicit_task, task, 40);
OA_AT(struct oa_ev_implicit_task, team, 48); OA_AT(struct oa_ev_implicit_task, task_flags, 56);
OA_AT(struct oa_ev_implicit_task, index, 60);
OA_EVENT_KIND(struct oa_ev_task_create);
OA_AT(struct oa_ev_task_create, task, 32); OA_AT(struct oa_ev_task_create, parent, 40);
OA_AT(struct oa_ev_task_create, task_flags, 48);
OA_AT(struct oa_ev_task_create, has_dependences, 56);
OA_EVENT_KIND(struct oa_ev_task_schedule);
OA_AT(struct oa_ev_task_schedule, prior, 32); OA_AT(struct oa_ev_task_schedule, status, 40);
OA_AT(struct oa_ev_task_schedule, next, 48);
OA_EVENT_KIND(struct oa_ev_dependences);
OA_AT(struct oa_ev_dependences, task, 32); OA_AT(struct oa_ev_dependences, ndeps, 40);
OA_EVENT_KIND(struct oa_ev_dependence);
OA_AT(struct oa_ev_dependence, address, 32); OA_AT(struct oa_ev_dependence, dep_type, 40);
OA_EVENT_KIND(struct oa_ev_task_dependence);
OA_AT(struct oa_ev_task_dependence, source, 32); OA_AT(struct oa_ev_task_dependence, sink, 40);
OA_EVENT_KIND(struct oa_ev_work);
OA_AT(struct oa_ev_work, work, 32); OA_AT(struct oa_ev_work, parallel, 40);
OA_AT(struct oa_ev_work, task, 48); OA_AT(struct oa_ev_work, count, 56);
OA_EVENT_KIND(struct oa_ev_dispatch);
OA_AT(struct oa_ev_dispatch, parallel, 32); OA_AT(struct oa_ev_dispatch, task, 40);
OA_AT(struct oa_ev_dispatch, start, 48); OA_AT(struct oa_ev_dispatch, iterations, 56);
OA_EVENT_KIND(struct oa_ev_masked);
OA_AT(struct oa_ev_masked, parallel, 32); OA_AT(struct oa_ev_masked, task, 40);
OA_EVENT_KIND(struct oa_ev_sync_region);
OA_AT(struct oa_ev_sync_region, kind, 32); OA_AT(struct oa_ev_sync_region, parallel, 40);
OA_AT(struct oa_ev_sync_region, task, 48);
OA_EVENT_KIND(struct oa_ev_mutex_acquire);
OA_AT(struct oa_ev_mutex_acquire, kind, 32); OA_AT(struct oa_ev_mutex_acquire, wait_id, 40);
OA_AT(struct oa_ev_mutex_acquire, hint, 48); OA_AT(struct oa_ev_mutex_acquire, impl, 56);
OA_EVENT_KIND(struct oa_ev_mutex);
OA_AT(struct oa_ev_mutex, kind, 32); OA_AT(struct oa_ev_mutex, wait_id, 40);
OA_EVENT_KIND(struct oa_ev_nest_lock);
OA_AT(struct oa_ev_nest_lock, wait_id, 40);
OA_EVENT_KIND(struct oa_ev_cancel);
OA_AT(struct oa_ev_cancel, task, 32); OA_AT(struct oa_ev_cancel, cancel_flags, 40);
OA_EVENT_KIND(struct oa_ev_control_tool);
OA_AT(struct oa_ev_control_tool, command, 32); OA_AT(struct oa_ev_control_tool, modifier, 40);
OA_AT(struct oa_ev_control_tool, arg, 48);
OA_EVENT_KIND(struct oa_ev_error);
OA_AT(struct oa_ev_error, severity, 32);
OA_EVENT_KIND(struct oa_ev_device);
OA_AT(struct oa_ev_device, device, 32);
OA_EVENT_KIND(struct oa_ev_target);
OA_AT(struct oa_ev_target, kind, 32); OA_AT(struct oa_ev_target, device, 40);
OA_EVENT_KIND(struct oa_ev_target_data_op);
OA_AT(struct oa_ev_target_data_op, optype, 32); OA_AT(struct oa_ev_target_data_op, bytes, 40);
OA_EVENT_KIND(struct oa_ev_target_submit);
OA_AT(struct oa_ev_target_submit, teams, 32);
OA_EVENT_KIND(struct oa_raw_node);
OA_AT(struct oa_raw_node, node, 32); OA_AT(struct oa_raw_node, parent, 40);
OA_AT(struct oa_raw_node, kind, 48); OA_AT(struct oa_raw_node, any_phase, 52);
OA_AT(struct oa_raw_node, st_val, 56); OA_AT(struct oa_raw_node, undeferred, 60);
OA_AT(struct oa_raw_node, anythread, 61); OA_AT(struct oa_raw_node, share, 62);
OA_AT(struct oa_raw_node, piece, 63);
OA_EVENT_KIND(struct oa_raw_task_create);
OA_AT(struct oa_raw_task_create, parent, 32); OA_AT(struct oa_raw_task_create, task, 40);
OA_AT(struct oa_raw_task_create, task_flags, 48); OA_AT(struct oa_raw_task_create, facts, 52);
OA_AT(struct oa_raw_task_create, pnode, 56);
OA_EVENT_KIND(struct oa_raw_ostamp);
OA_AT(struct oa_raw_ostamp, node, 32); OA_AT(struct oa_raw_ostamp, ochain, 40);
OA_AT(struct oa_raw_ostamp, obefore, 48); OA_AT(struct oa_raw_ostamp, oafter, 56);
OA_EVENT_KIND(struct oa_raw_edge);
OA_AT(struct oa_raw_edge, succ, 32); OA_AT(struct oa_raw_edge, pred, 40);
OA_EVENT_KIND(struct oa_raw_frag_begin);
OA_AT(struct oa_raw_frag_begin, node, 32); OA_AT(struct oa_raw_frag_begin, task, 40);
OA_EVENT_KIND(struct oa_raw_frag_end);
OA_AT(struct oa_raw_frag_end, node, 32); OA_AT(struct oa_raw_frag_end, work, 40);
OA_AT(struct oa_raw_frag_end, task, 48);
OA_EVENT_KIND(struct oa_raw_parallel);
OA_AT(struct oa_raw_parallel, region, 32); OA_AT(struct oa_raw_parallel, task, 40);
OA_AT(struct oa_raw_parallel, team, 48);
OA_EVENT_KIND(struct oa_raw_impl_begin);
OA_AT(struct oa_raw_impl_begin, region, 32); OA_AT(struct oa_raw_impl_begin, task, 40);
OA_AT(struct oa_raw_impl_begin, index, 48);
OA_EVENT_KIND(struct oa_raw_barrier);
OA_AT(struct oa_raw_barrier, region, 32); OA_AT(struct oa_raw_barrier, task, 40);
OA_AT(struct oa_raw_barrier, kind, 48);
OA_EVENT_KIND(struct oa_raw_task_ref);
OA_AT(struct oa_raw_task_ref, task, 32);
OA_EVENT_KIND(struct oa_raw_dep);
OA_AT(struct oa_raw_dep, task, 32); OA_AT(struct oa_raw_dep, address, 40);
OA_AT(struct oa_raw_dep, dep_type, 48);
OA_EVENT_KIND(struct oa_raw_chunk_begin);
OA_AT(struct oa_raw_chunk_begin, task, 32); OA_AT(struct oa_raw_chunk_begin, pnode, 40);
OA_EVENT_KIND(struct oa_raw_ws_begin);
OA_AT(struct oa_raw_ws_begin, task, 32); OA_AT(struct oa_raw_ws_begin, work, 40);
OA_EVENT_KIND(struct oa_raw_mark);
OA_AT(struct oa_raw_mark, node, 32); OA_AT(struct oa_raw_mark, task, 40);
OA_AT(struct oa_raw_mark, mark, 48);
OA_EVENT_KIND(struct oa_raw_wait);
OA_AT(struct oa_raw_wait, node, 32); OA_AT(struct oa_raw_wait, root, 40);
OA_AT(struct oa_raw_wait, stamp, 48); OA_AT(struct oa_raw_wait, group_end, 56);
OA_EVENT_KIND(struct oa_raw_ord);
OA_AT(struct oa_raw_ord, task, 32); OA_AT(struct oa_raw_ord, chain, 40);
OA_AT(struct oa_raw_ord, end, 48);
OA_EVENT_KIND(struct oa_raw_oregion);
OA_AT(struct oa_raw_oregion, node, 32); OA_AT(struct oa_raw_oregion, region, 40);
OA_AT(struct oa_raw_oregion, pred, 48); OA_AT(struct oa_raw_oregion, chain, 56);
OA_EVENT_KIND(struct oa_raw_clock);
OA_AT(struct oa_raw_clock, fs_per_tick, 32); OA_AT(struct oa_raw_clock, loaded, 40);
OA_AT(struct oa_raw_clock, started, 48);
OA_EVENT_KIND(struct oa_raw_preempt);
OA_AT(struct oa_raw_preempt, ns, 32);
OA_AT(struct oa_raw_barrier, loc, 56); OA_AT(struct oa_raw_task_ref, loc, 40);
OA_EVENT_KIND(struct oa_raw_swait);
OA_AT(struct oa_raw_swait, region, 32); OA_AT(struct oa_raw_swait, task, 40);
OA_AT(struct oa_raw_swait, kind, 48);
OA_EVENT_KIND(struct oa_raw_mutex);
OA_AT(struct oa_raw_mutex, wait_id, 32); OA_AT(struct oa_raw_mutex, kind, 40);
OA_AT(struct oa_raw_mutex, task, 48); OA_AT(struct oa_raw_mutex, loc, 56);
OA_EVENT_KIND(struct oa_record_meta);
OA_AT(struct oa_record_meta, metric, 32); OA_AT(struct oa_record_meta, task_cost, 40);
OA_AT(struct oa_record_meta, task_cost_undeferred, 48);
OA_EVENT_KIND(struct oa_record_loc);
OA_AT(struct oa_record_loc, loc, 32); OA_AT(struct oa_record_loc, code, 40);
OA_AT(struct oa_record_loc, kind, 48); OA_AT(struct oa_record_loc, loc_flags, 50);
OA_EVENT_KIND(struct oa_record_region);
OA_AT(struct oa_record_region, region, 32); OA_AT(struct oa_record_region, team, 40);
OA_EVENT_KIND(struct oa_record_slot);
OA_AT(struct oa_record_slot, region, 32); OA_AT(struct oa_record_slot, index, 40);
OA_AT(struct oa_record_slot, loc, 48);
OA_RECORD_KIND(struct oa_record_new);
OA_AT(struct oa_record_new, time, 16); OA_AT(struct oa_record_new, region, 24);
OA_AT(struct oa_record_new, node, 32); OA_AT(struct oa_record_new, parent, 40);
OA_AT(struct oa_record_new, loc, 48); OA_AT(struct oa_record_new, own_loc, 52);
OA_AT(struct oa_record_new, inst, 56); OA_AT(struct oa_record_new, team_index, 60);
OA_AT(struct oa_record_new, bits, 62); OA_AT(struct oa_record_new, nanc, 63);
OA_EVENT_KIND(struct oa_record_anc);
OA_AT(struct oa_record_anc, anc, 32);
OA_EVENT_KIND(struct oa_record_close);
OA_AT(struct oa_record_close, node, 32); OA_AT(struct oa_record_close, work, 40);
OA_AT(struct oa_record_close, cost, 48); OA_AT(struct oa_record_close, st_val, 56);
OA_AT(struct oa_record_close, undeferred, 57);
OA_RECORD_KIND(struct oa_record_w);
OA_AT(struct oa_record_w, inst, 16); OA_AT(struct oa_record_w, whatif, 20);
OA_AT(struct oa_record_w, begin_cont, 24); OA_AT(struct oa_record_w, edge_end, 28);
OA_AT(struct oa_record_w, node, 32); OA_AT(struct oa_record_w, parent, 40);
OA_AT(struct oa_record_w, work, 48); OA_AT(struct oa_record_w, locs, 56);
OA_AT(struct oa_record_w, team_index, 62);
OA_EVENT_KIND(struct oa_record_pred);
OA_AT(struct oa_record_pred, succ, 32); OA_AT(struct oa_record_pred, pred, 40);
OA_EVENT_KIND(struct oa_record_wait);
OA_AT(struct oa_record_wait, node, 32); OA_AT(struct oa_record_wait, root, 40);
OA_EVENT_KIND(struct oa_record_node_ref);
OA_AT(struct oa_record_node_ref, node, 32);
OA_EVENT_KIND(struct oa_record_word);
OA_AT(struct oa_record_word, value, 32);
OA_RECORD_KIND(struct oa_race_report);
OA_AT(struct oa_race_report, earlier_thread, 16); OA_AT(struct oa_race_report, size, 20);
OA_AT(struct oa_race_report, later_kind, 21); OA_AT(struct oa_race_report, earlier_kind, 22);
OA_AT(struct oa_race_report, memory, 23); OA_AT(struct oa_race_report, address, 24);
OA_AT(struct oa_race_report, later_code, 32); OA_AT(struct oa_race_report, earlier_code, 40);
OA_AT(struct oa_race_report, later_construct, 48);
OA_AT(struct oa_race_report, earlier_construct, 56);
OA_RECORD_KIND(struct oa_race_stack);
OA_AT(struct oa_race_stack, time, 16); OA_AT(struct oa_race_stack, callers, 24);
OA_RECORD_KIND(struct oa_race_iters);
OA_AT(struct oa_race_iters, trips, 16); OA_AT(struct oa_race_iters, later_iter, 40);
OA_EVENT_KIND(struct oa_race_check);
OA_AT(struct oa_race_check, fast_ok, 32); OA_AT(struct oa_race_check, why, 40);
OA_AT(struct oa_race_check, why_code, 48);
OA_RECORD_KIND(struct oa_race_summary);
OA_AT(struct oa_race_summary, time, 16); OA_AT(struct oa_race_summary, detector, 24);
OA_AT(struct oa_race_summary, checked, 32); OA_AT(struct oa_race_summary, races, 40);
OA_AT(struct oa_race_summary, dropped, 48); OA_AT(struct oa_race_summary, peak_shadow, 56);
#undef OA_EVENT_KIND
#undef OA_RECORD_KIND
#undef OA_ID_AT
#undef OA_AT

/* A loaded object, so the driver can map addresses to source after the run. */
typedef struct oa_module {
  uint64_t base;             /* load bias (dlpi_addr) */
  uint64_t lo, hi;           /* lowest and highest address of its PT_LOAD segments */
  uint32_t record_size;      /* bytes of this record, path included, 8-aligned */
  uint32_t path_len;         /* without the NUL */
  char     path[];           /* NUL-terminated absolute path */
} oa_module;

/* How deep the tool cuts nested dynamic loops of teams of one into their
 * chunks (tool/interpose.c); deeper ones set OA_PROF_SPLIT_DEPTH. */
#define OA_MAX_SPLIT 8

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
                                * parallel: the chain of its ordered regions, or its doacross
                                * orders (doc/SEMANTICS.md rule 7), are not modelled, the span
                                * may be short */
  OA_PROF_SPLIT_DEPTH = 256,   /* dynamic loops of a team of one nested deeper than the tool
                                * cuts into chunks (tool.h: OA_MAX_SPLIT): the deeper ones
                                * are one piece each, their parallelism understated */
  OA_PROF_SECTIONS_MERGED = 512,/* a sections construct with more sections than threads:
                                * libomp reports no boundary between the sections one
                                * thread runs, so they are one chunk (doc/SEMANTICS.md rule 5
                                * makes each its own): the span may be long */
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
