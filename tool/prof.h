/* Profile mode: the OSPG built from OMPT events (dissertation 3.3), the work
 * measurement around it (3.4), and the per-location aggregation (3.6).
 * The construct handlers (on_*.c) call these operations; this header holds
 * the per-task and per-region state they share. */
#ifndef OMPADV_PROF_H
#define OMPADV_PROF_H

#include "metric.h"
#include "ospg.h"
#include "tool.h"

typedef struct oa_region oa_region;
typedef struct oa_depmap oa_depmap;

enum oa_task_kind { OA_TASK_INITIAL, OA_TASK_IMPLICIT, OA_TASK_EXPLICIT };

/* A task's own view of the OSPG: a stack of open nodes (bottom: the root for
 * the initial task, the task's P-node otherwise) and of the directives whose
 * body it is in. */
#define OA_TASK_INLINE 4
typedef struct oa_task {
  uint64_t id;                    /* raw log name */
  uint64_t uid;                   /* unique in the run, always set */
  oa_node **stack;                /* stack_in until it outgrows it */
  uint32_t n, cap;
  uint32_t *locs;                 /* location stack; locs[nlocs-1] is current */
  uint32_t nlocs, cap_locs;
  /* most tasks are small and short: their stacks live here, and the struct
   * itself on its last thread's list of spare ones (oa_task_free) */
  oa_node *stack_in[OA_TASK_INLINE];
  uint32_t locs_in[OA_TASK_INLINE];
  struct oa_task *next_spare;
  struct oa_thread *owner;        /* the thread whose list it goes back to (oa_task_free) */
  uint8_t kind;                   /* enum oa_task_kind */
  uint8_t started;                /* explicit task: has begun running */
  uint8_t final;                  /* explicit task: final (its children are included) */
  uint8_t untied;                 /* explicit task: untied (it may go on on another thread) */
  uint8_t solo;                   /* bound to the program's implicit parallel region (the
                                   * initial task, and the explicit tasks it creates outside
                                   * every parallel and teams construct, and theirs): the
                                   * initial thread runs it in every execution */
  uint16_t team_index;
  uint32_t team;                  /* implicit tasks: the team's actual size */
  oa_region *region;              /* implicit tasks: their parallel region */
  uint64_t region_id;             /* its raw log name */
  uint32_t epoch;                 /* implicit tasks: barrier phase */
  uint32_t ws_seq;                /* implicit tasks: worksharing constructs met */
  uint32_t ws_slot;               /* current worksharing instance + 1, or 0 */
  oa_node *chunk;                 /* open loop chunk / section P-node */
  oa_node *single;                /* open single body P-node (teams of two or more) */
  oa_node *taskloop;              /* an open taskloop of this task: the piece of its program
                                   * order holding the taskloop's tasks (on_work.c) */
  oa_node *group;                 /* a team of one's open loop (not static) or sections:
                                   * the undeferred P-node around its chunks */
  oa_depmap **chunk_maps;         /* ... the dependence maps of its chunks so far */
  uint32_t nchunk_maps, cap_chunk_maps;
  uint8_t static_loop;            /* in a schedule(static) loop */
  /* The chain of a loop's ordered regions (doc/SEMANTICS.md rule 7), for race
   * mode and raw logs (on_mutex.c): the loop instance (0: none), the last
   * region begun in this task's part of it, whether one is open, whether
   * the fragments since may still precede a later one (opend: those
   * fragments), and whether the stamps outlive the chunk (a static share:
   * the thread's program order goes on, rule 4). */
  uint64_t ochain, oafter;
  uint8_t oin, oscope, oshare;
  struct oa_ord_pending *opend;
  uint32_t nopend, cap_opend;
  struct oa_ord_pending *ophase;  /* its own fragments since the last barrier, outside
                                   * chunks: they precede its shares of a static loop */
  uint32_t nphase, cap_phase;
  float whatif;                   /* inside ompadv_whatif_begin(factor): factor, else 0 */
  uint32_t own_loc;               /* explicit tasks: their directive */
  uint32_t ws_end_loc;            /* implicit tasks, time mode: the worksharing construct
                                   * that ended last (its implicit barrier's) */
  uint64_t cgroup;                /* its contention group: 0 for the program's, else one
                                   * team of a league (critical and locks exclude only
                                   * within a group) */
  uint32_t nanc;                  /* OA_ANC_MAX + 1: too many */
  uint32_t anc[OA_ANC_MAX];       /* task directives of the enclosing task instances */
} oa_task;

/* Bytes of the race runtime's own after every task (race.h: oa_race_task),
 * a multiple of 8, zero when the task is made; set before the first task
 * (0: none), as oa_ospg_host.node_extra is for nodes. */
extern uint32_t oa_task_extra;
static inline void *oa_task_extra_of(const oa_task *task)
{
  return (void *)(task + 1);
}
/* Race mode's (race.h), as oa_race_frag_of is a node's. */
static inline oa_race_task *oa_race_task_of(const oa_task *task)
{
  return oa_task_extra_of(task);
}

struct oa_region {
  oa_agg_region agg;              /* first: freed with the region's S-node */
  uint64_t id;                    /* raw log / recording name */
  oa_node *spar;
  oa_node *sbar;                  /* the current barrier phase */
  uint32_t epoch;                 /* atomic: phases claimed */
  uint32_t published;             /* atomic: phases whose S-node is ready */
  uint32_t loc;
  uint8_t league;                 /* a teams construct's league: each implicit task is
                                   * the initial task of a contention group of its own */
  uint8_t other_teams;            /* another team size may run it: a top-level region whose
                                   * size the program did not choose (race-ws.c) */
  uint64_t cgroup;                /* otherwise: the encountering task's contention group */
  uint32_t nanc;                  /* task directives enclosing the region */
  uint32_t anc[OA_ANC_MAX];
};

/* Per-thread profile state lives in oa_thread (tool.h). */
/* The location registry (locs.c): ids of directives by code address and
 * kind, at most OA_PROF_LOC_MAX (then 0: main, and the profile says so). */
#define OA_PROF_LOC_MAX (1u << 15)
_Static_assert(OA_PROF_LOC_MAX - 1 <= OA_NODE_LOC_MAX, "a node holds every location id");
extern const oa_locs oa_prof_locs;  /* for the per-directive sums */
uint32_t oa_prof_nlocs(void);       /* ids given out so far, main's included */

void oa_prof_start(void);      /* from ompt_start_tool, when libomp loads */
extern int oa_prof_started;    /* oa_prof_start has run */
/* mpi.c: the thread CPU time of the MPI calls made before the tool started
 * (atomic), which the serial start's work leaves out; their totals. */
extern uint64_t oa_prof_startup_mpi_ns;
void oa_mpi_totals(uint64_t *ns, uint64_t *calls);
/* measure.c, at start: the estimates it needs (the cost of a reading, the
 * metric's rate); returns cpu_ns of CPU time in the metric's unit. */
uint64_t oa_measure_start(oa_thread *t, uint64_t cpu_ns);
/* The TSC's rate measured at the start (tsc and time mode), femtoseconds
 * per tick, for the file header; 0: not measured. */
uint64_t oa_measure_fs_per_tick(void);
void oa_prof_finalize(void);
void oa_prof_snapshot(void);

/* Charge the running fragment of this thread up to now / restart its clock.
 * Every profile handler brackets its work with these. */
void oa_prof_enter(oa_thread *t);
/* Time mode (measure.c): the TSC when the library was loaded; a look at
 * whether the thread left its core since the last one, which writes the
 * time it was runnable but off its core (OA_RAW_PREEMPT). */
uint64_t oa_time_loaded(void);
uint64_t oa_time_started(void);
void oa_time_look(oa_thread *t);
/* The OA_C_EDGE location of the event being handled (t->ra), 0 when it has
 * none in the program (record mode). */
uint32_t oa_prof_edge(oa_thread *t);
void oa_prof_leave(oa_thread *t);
/* The same, for events that come with the construct's code address: in
 * record mode it names the edges of the fragments it ends and begins. */
static inline void oa_prof_enter_at(oa_thread *t, const void *ra)
{
  t->ra = ra;
  oa_prof_enter(t);
}
/* Name the event being handled (enum oa_rt_event) before oa_prof_enter:
 * the runtime's own time before and after its callback is taken off the
 * fragments around it (metric.h); oa_prof_leave forgets it. */
static inline void oa_prof_event(oa_thread *t, unsigned rt_event)
{
  t->rt = (uint8_t)rt_event;
}

/* Locations of directives. */
uint32_t oa_prof_loc(unsigned kind, const void *codeptr_ra);
uint32_t oa_prof_loc_flagged(unsigned kind, const void *codeptr_ra, uint8_t flags);
unsigned oa_prof_loc_kind(uint32_t loc);
uint64_t oa_prof_loc_where(uint32_t loc);

/* Fragments of the task running on t. */
void oa_frag_end(oa_thread *t, oa_task *task);
void oa_frag_begin(oa_thread *t, oa_task *task, uint32_t own_loc);
void oa_task_push(oa_task *task, oa_node *n);
oa_node *oa_task_top(const oa_task *task);
void oa_task_pop_close(oa_thread *t, oa_task *task);  /* pop the top node and close it */
void oa_task_close_sts(oa_thread *t, oa_task *task);  /* close open ST-nodes on top */
int oa_share_taskwait(oa_thread *t, oa_task *task);  /* on_work.c: taskwait in a static share */
void oa_task_loc_push(oa_task *task, uint32_t loc);
void oa_task_loc_pop(oa_task *task);
static inline uint32_t oa_task_loc(const oa_task *task)
{
  return task->nlocs ? task->locs[task->nlocs - 1] : 0;
}
oa_task *oa_task_new(unsigned kind);

/* The task behind a task data: explicit tasks keep theirs in it, any other
 * stands for the thread's current implicit task (tool.h: impl_task). */
static inline oa_task *oa_task_of(oa_thread *t, ompt_data_t *d)
{
  if (d && d->ptr)
    return d->ptr;
  return t->nimpl ? t->impl_task[t->nimpl - 1] : NULL;
}

static inline void oa_impl_push(oa_thread *t, oa_task *task)
{
  if (t->nimpl < OA_MAX_IMPLICIT) {
    t->impl_task[t->nimpl] = task;
    t->impl_id[t->nimpl++] = task->id;
  }
}
void oa_task_free(oa_task *task);

oa_node *oa_prof_node(oa_thread *t, oa_kind kind);
/* Attach child under parent: its attributes (loc, own_loc, inst, user,
 * team_index, free_order, anc) must be set; record mode writes it. */
void oa_prof_attach(oa_thread *t, oa_node *parent, oa_node *child);
/* The same for an explicit task's P-node (counted). */
void oa_prof_attach_task(oa_thread *t, oa_node *parent, oa_node *p);
void oa_prof_close(oa_thread *t, oa_node *n);
void oa_prof_add_pred(oa_thread *t, oa_node *succ, oa_node *pred, const oa_node *top);
void oa_prof_hold(oa_thread *t, oa_node *n);
void oa_prof_release(oa_thread *t, oa_node *n);
/* flags: enum oa_region_flags (contract.h) */
oa_region *oa_prof_region_new(oa_thread *t, uint32_t team, uint32_t flags);
void oa_prof_flag(uint32_t flag);

/* The ordered chain (on_mutex.c): stamp a new fragment of task; a loop
 * with the ordered clause begins; the task leaves its chunk (chunk_end) or
 * the loop. */
void oa_ord_stamp(oa_thread *t, oa_task *task, oa_node *w);
static inline void oa_ord_phase_end(oa_task *task)
{
  task->nphase = 0;
}
void oa_ord_loop(oa_task *task);
void oa_ord_leave(oa_task *task, int chunk_end);

/* Task dependences (on_task.c). */
void oa_deps_clear(oa_thread *t, oa_node *st);
void oa_deps_merge_out(oa_thread *t, oa_node *st);
void oa_deps_keep_chunk(oa_thread *t, oa_task *task, oa_node *st);
void oa_deps_merge_chunks(oa_thread *t, oa_task *task, oa_node *st);
void oa_task_pop_waited(oa_thread *t, oa_task *task);
oa_node *oa_task_children_node(oa_thread *t, oa_task *task);
void oa_prof_waited(oa_thread *t, oa_task *task);
void oa_prof_group_end(oa_thread *t, oa_task *task, oa_node *g);

/* Worksharing instance index of region r (record mode writes it). */
/* A worksharing instance; a static loop's schedule (enum oa_slot_sched, 0:
 * none), chunk and trip count go into its record (contract.h). */
oa_ws_slot *oa_prof_slot(oa_thread *t, oa_region *r, uint32_t index, uint32_t loc,
                         unsigned sched, uint32_t chunk, uint64_t trip);

oa_node *oa_prof_root(oa_thread *t, oa_region *r);
void oa_prof_close_root(oa_thread *t, oa_task *init);
void oa_prof_initial_phase(oa_node *p);
void oa_prof_charge_startup(oa_thread *t, oa_node *w);
/* libomp asks for a tool (ompt_start_tool's first act) */
void oa_prof_asked(void);
/* measure.c: how much of libomp's start-up came off that fragment */
void oa_prof_startup_taken(uint64_t amount);
void oa_task_inherit(oa_task *child, const oa_task *parent);
void oa_prof_team(uint32_t team);

/* Raw log for the oracle (OMPADV_RAW=1): one record, in this thread's order,
 * of a kind of contract.h's enum oa_raw_type; NULL when not logging.  Fill
 * its struct in union oa_record, then oa_commit. */
static inline int oa_raw_on(unsigned type)
{
  uint64_t bit = OA_RAW_BIT(type);
  return (oa_conf.raw && !(OA_RAW_TIME_ONLY & bit)) || (oa_conf.time && (OA_RAW_TIMED & bit));
}
static inline oa_record *oa_raw_begin(oa_thread *t, unsigned type, unsigned sub)
{
  return oa_raw_on(type) ? oa_begin_record(t, type, sub) : NULL;
}
/* The same in one statement, for a kind whose sub is 0: member names its
 * struct in union oa_record, the rest are its fields by name, e.g.
 *   OA_PUT_RAW(t, OA_RAW_EDGE, raw_edge, .succ = s, .pred = p);
 * (the fields not named are 0; tool.h: OA_PUT). */
#define OA_PUT_RAW(t, type, member, ...)                                      \
  OA_PUT(t, oa_raw_begin((t), (type), 0), member, __VA_ARGS__)
uint64_t oa_prof_new_id(void);
/* The tool's settings for the graphs of every thread (ospg.h): race mode
 * and ordered regions fill it in before the program's first construct. */
extern oa_ospg_host oa_graph_host;
/* A new thread's pool and aggregate, with the run's settings. */
void oa_prof_thread_init(oa_thread *t);

/* Record mode (OMPADV_RECORD=1, `ompadv record`): the OSPG's construction,
 * record types OA_REC_* of contract.h, in this thread's order: a record to
 * fill (its struct in union oa_record), then oa_commit; NULL when not
 * recording. */
static inline oa_record *oa_rec_begin(oa_thread *t, unsigned type, unsigned sub)
{
  return oa_conf.record ? oa_begin_record(t, type, sub) : NULL;
}
void oa_prof_whatif(oa_thread *t, oa_task *task, double factor);
/* omp_control_tool commands of include/ompadv.h (OMPADV_CONTROL_WHATIF_*) */
#define OA_CONTROL_WHATIF_BEGIN 65
#define OA_CONTROL_WHATIF_END 66

#endif
