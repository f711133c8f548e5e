/* Where the threads' time went: the analysis of a time-mode recording
 * (timeprof.h), in one pass over the records in the order they were
 * written.  Each thread's timeline is cut into segments of one state as
 * its records come; the intervals where work was ready but not running
 * (a task created and not begun, a wait whose condition was met) begin and
 * end as the records say so.  A sweep over the threads' timelines together
 * splits waiting into delay and no-work, blames it and draws the timeline;
 * it follows the records at a distance (sweep_ahead: up to the earliest
 * point a record still to come may change), and what it has passed is
 * dropped, so the memory follows the program's live tasks and the
 * recent segments, not the length of the run (doc/ARCHITECTURE.md).  Then
 * the task table and the findings. */
#include "timeprof.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <omp-tools.h>

#include "contract.h"
#include "idmap.h"
#include "recording.h"
#include "util.h"

typedef struct task {
  /* indices into the table (below 2^31, as tmap's counts are): millions of
   * tasks each have one of these */
  int32_t parent;            /* index, -1: none known */
  int32_t first_child, last_child, next_sibling;  /* its children created while a
                              * taskgroup was open (since list_epoch), for taskgroup_met */
  uint32_t list_epoch;
  int32_t region;            /* the top-level region instance it was created in, -1 */
  int32_t live_children;     /* its children not ended yet: its taskwait's condition */
  uint64_t child_end;        /* the latest end of its children ended */
  int32_t npreds;            /* the tasks it depends on that have not ended */
  int32_t succ;              /* the tasks that depend on it and wait for its end: the
                              * first of their links (an->links), -1 */
  uint32_t tw_thread;        /* its open taskwait's thread + 1 (0: none) and place in */
  uint8_t tw_at;             /* that thread's stack of waits */
  uint8_t ready;             /* enum ready_state */
  uint8_t freed;             /* its slot is free (next_sibling: the next free one) */
  uint8_t retire_wait;       /* ended and swept: freed once its children are */
  int32_t refs;              /* its children not freed yet */
  uint32_t creator;          /* the thread that created it + 1 (0: none known) */
  uint64_t seq;              /* explicit tasks created before it */
  uint64_t pnode;
  uint32_t loc;
  uint8_t is_explicit, begun, ended;
  uint8_t loc_known;         /* loc is its P-node's (raw, before opts->same) */
  uint64_t t_create, t_ready, t_begin, t_end, sub_end;
  uint64_t create_cost;      /* (its execution: an->exec, by the same index) */
  uint32_t first_thread;
  uint32_t frag_on;          /* the thread + 1 running a fragment of it (0: none) */
} task;

typedef struct barrier_inst {
  uint64_t last_arrival, last_work;
  uint32_t arrivals;
} barrier_inst;

typedef struct region {
  uint64_t id, t_begin, t_end;
  uint32_t team;
  barrier_inst *bar;
  size_t nbar;
  int top;                   /* no other region was open when it began */
  uint32_t top_pos;          /* (top) its place in tops */
  uint32_t forked;           /* implicit tasks begun in it but the primary thread's */
  int has_first, first_known;/* the first explicit task created in it (top): its */
  uint32_t first_loc;        /* location (once known), */
  uint64_t first_pnode;      /* P-node */
  uint64_t tasks;            /* explicit tasks created in it */
  uint64_t *per_thread;      /* tasks begun on each thread */
  double idle;               /* no-work of all threads in it (their delay is the
                              * runtime's, scheduling_delay's) */
} region;

/* A thread's timeline: segments of one state, each from the end of the one
 * before it (the first from the start of the run) to t1. */
enum seg_cat { SEG_WORK, SEG_OVER, SEG_WAIT, SEG_LOCK };
typedef struct seg {
  uint64_t t1;
  uint32_t loc;
  int32_t task;              /* SEG_WORK: the task's index, -1: none */
  uint32_t code;             /* SEG_LOCK: the code that held the lock (blamed) */
  uint8_t cat, what;
  uint8_t off;               /* preempted: runnable but off its core (of cat's time) */
  uint8_t xtask;             /* SEG_WORK in an explicit task: 1 + its number % 255 (two
                              * tasks in a row differ), else 0 */
} seg;

typedef struct thread_segs {
  seg *v;                    /* those the sweep has not dropped */
  size_t n, cap;
  uint64_t start;            /* where v[0] begins (the run's start, or the last one dropped's
                              * t1) */
  uint64_t end;              /* t1 of the last one (the run's start when none) */
} thread_segs;

/* A directive's tasks' figures (seconds) one by one up to DIST_EXACT of
 * them; past that, in a sketch: counts in buckets whose bounds grow by
 * SKETCH_GAMMA, so a quantile read from it is within SKETCH_ALPHA of the
 * figure it stands for (a value's bucket holds values within that of its
 * middle), in 26 KB, whatever the count.  Total and maximum stay exact. */
#define DIST_EXACT 8192
#define SKETCH_ALPHA 0.005
#define SKETCH_GAMMA ((1 + SKETCH_ALPHA) / (1 - SKETCH_ALPHA))
#define SKETCH_LOW 1e-10     /* seconds: less is 0 (a tick is 3e-10 s at 3 GHz) */
#define SKETCH_N 3300        /* to SKETCH_LOW * SKETCH_GAMMA^SKETCH_N, 2.6e4 s */
typedef struct sketch {
  uint64_t n, zero;          /* values, and those below SKETCH_LOW */
  double total, max;
  uint32_t b[SKETCH_N];      /* bucket i: (LOW * GAMMA^(i-1), LOW * GAMMA^i] */
} sketch;

/* The explicit tasks of a directive, folded as they are freed: per task,
 * its creation cost, wait, execution and suspended time (seconds). */
typedef struct dir {
  uint32_t loc;
  uint64_t first;            /* its first task's creation (their order) */
  double *v[4];              /* one by one (n of them), or */
  size_t n, cap;
  sketch *sk;                /* ... past DIST_EXACT, in these four */
} dir;

static void sketch_add(sketch *k, double x)
{
  k->n++;
  k->total += x;
  if (x > k->max)
    k->max = x;
  if (x < SKETCH_LOW) {
    k->zero++;
    return;
  }
  double i = ceil(log(x / SKETCH_LOW) / log(SKETCH_GAMMA));
  k->b[i < 0 ? 0 : i >= SKETCH_N ? SKETCH_N - 1 : (size_t)i]++;
}

/* The value of rank r (from 0, ascending), within SKETCH_ALPHA. */
static double sketch_at(const sketch *k, uint64_t r)
{
  if (r < k->zero)
    return 0;
  r -= k->zero;
  for (size_t i = 0; i < SKETCH_N; i++) {
    if (r < k->b[i]) {
      double v = SKETCH_LOW * pow(SKETCH_GAMMA, (double)i) * 2 / (SKETCH_GAMMA + 1);
      return v < k->max ? v : k->max;
    }
    r -= k->b[i];
  }
  return k->max;
}

static void dir_add(dir *d, const double x[4])
{
  if (d->sk) {
    for (int i = 0; i < 4; i++)
      sketch_add(&d->sk[i], x[i]);
    return;
  }
  if (d->n == DIST_EXACT) {  /* one by one no more */
    d->sk = oa_xcalloc(4, sizeof *d->sk);
    for (int i = 0; i < 4; i++) {
      for (size_t j = 0; j < d->n; j++)
        sketch_add(&d->sk[i], d->v[i][j]);
      free(d->v[i]);
      d->v[i] = NULL;
    }
    d->n = d->cap = 0;
    dir_add(d, x);
    return;
  }
  if (d->n == d->cap) {
    d->cap = d->cap ? d->cap + d->cap / 2 : 16;
    for (int i = 0; i < 4; i++)
      d->v[i] = oa_xrealloc(d->v[i], d->cap * sizeof *d->v[i]);
  }
  for (int i = 0; i < 4; i++)
    d->v[i][d->n] = x[i];
  d->n++;
}

static uint64_t dir_count(const dir *d)
{
  return d->sk ? d->sk[0].n : d->n;
}


/* Where an explicit task's ready interval stands: from its creation or
 * its last dependence's end (t_ready) to its first start. */
enum ready_state {
  READY_UNKNOWN,             /* created: its dependences are still coming */
  READY_OPEN,                /* ready since t_ready: the interval has begun */
  READY_BLOCKED,             /* waiting for tasks it depends on to end */
  READY_DONE                 /* begun (the interval is over, or never was) */
};

/* A task that depends on another one not yet ended (in that one's list). */
typedef struct succ_link {
  int32_t task, next;
} succ_link;

/* A min-heap of times: the ready intervals' starts, or their ends. */
typedef struct theap {
  uint64_t *v;
  size_t n, cap;
} theap;

typedef struct an {
  oa_recording *rec;
  double s_per_tick;
  uint64_t tmin, tmax;
  size_t nth;
  struct tstate *tst;        /* per thread, as the records stream by */
  oa_idmap pmap;             /* task P-node -> loc, NEW's bits in flags (NEW), until
                              * its task is created */
  oa_idmap tmap;             /* task id -> index + 1 (count), until an explicit task
                              * ends: no record names it after that */
  oa_idmap pnode_task;       /* P-node -> task index + 1, of the tasks a dependence
                              * may name (not OA_NEW_FREE_ORDER) */
  oa_idmap rmap;             /* region id -> index + 1 */
  oa_idmap bcount;           /* implicit task -> barriers met */
  task *tasks;               /* those alive, and free slots */
  size_t ntasks, cap_tasks;
  uint64_t *exec;            /* each one's fragments' ticks so far (the sweep adds to
                              * it: apart, 8 bytes a task, for the sweep's cache) */
  int32_t *free_slots;       /* free slots of tasks (a stack, apart from the table: a
                              * slot is not read to be taken) */
  size_t nfree, cap_free;
  struct retiring {          /* tasks ended, in that order, not yet swept past; */
    int32_t k;
    uint64_t t_end;          /* (its end here: the table is not read to wait) */
  } *retire;
  size_t nretire, cap_retire, retire_head;
  struct dir *dirs;          /* explicit tasks folded, by directive (as recorded) */
  size_t ndirs, cap_dirs;
  oa_idmap dirmap;           /* location + 1 -> dirs index + 1 */
  oa_idmap phase_seen;       /* (location, region + 1) of the tasks folded */
  uint64_t nexplicit;
  region *regions;
  size_t nregions, cap_regions;
  uint32_t *ended;           /* regions (index) ended and not yet given up, in order */
  size_t ended_head, nended, cap_ended;
  uint32_t *free_regions;    /* slots of regions given up (retire_regions) */
  size_t nfree_regions, cap_free_regions;
  succ_link *links;          /* the tasks' lists of dependent tasks; free ones in a list */
  size_t nlinks, cap_links;
  int32_t free_link;
  thread_segs *ts;           /* per thread */
  uint64_t fragments;
  size_t tg_open;            /* taskgroups begun and not yet waited for to the end (no
                              * task is freed meanwhile) */
  uint32_t tg_epoch;         /* times tg_open left 0 */
  /* the sweep, as far as it got (swept): the ready intervals begun and not
   * ended (ready), those still ahead (starts, ends), each thread's first
   * segment not passed (idx), the top-level regions in order of their start
   * (tops, gi: the first the sweep has not left) */
  uint64_t swept;
  int64_t ready;
  theap starts, ends;
  size_t *idx;
  uint32_t *tops;
  size_t ntops, cap_tops, gi;
  int64_t last_top;          /* the top-level region that began last, -1 */
  uint32_t *open_regions;    /* regions (index) begun and not ended, to their fork */
  size_t nopen, cap_open;
  struct row_memo {          /* per thread: the row of its last segment swept */
    uint64_t key;
    size_t row;
  } *memo;
  oa_time_row *pend;         /* per thread: what the sweep took of the fragment still
                              * running, before the record that names it */
  uint64_t tmax_pre;         /* the run's end, read ahead: the timeline's slices */
  size_t np;
  double slice;              /* ticks; 0: not set yet */
  oa_time_point *timeline;
  uint64_t since_sweep;      /* records */
  uint64_t sweep_every;      /* records between sweeps (0: at the end only) */
  int cut_short;             /* a thread's time off its core reached into what the sweep
                              * had taken */
  int exit_looks;            /* format 5: no time off the core before a thread's last
                              * record (sweep_ahead) */
  oa_time_row *rows;
  size_t nrows, cap_rows;
  oa_idmap rowmap;
  int timed;
  uint64_t tool_ticks;       /* ompadv's callbacks: overhead (never waiting) */
  uint64_t before_tool;      /* main's code before the tool started */
  const oa_time_opts *opts;
  oa_time_seg_fn seg_fn;     /* every segment once final (oa_time_segments), or NULL */
  void *seg_ctx;
} an;

#define PUSH(arr, n, cap, val)                                                \
  do {                                                                        \
    if ((n) == (cap)) {                                                       \
      (cap) = (cap) ? (cap) + (cap) / 2 : 64; /* by half: less slack on big tables */ \
      (arr) = oa_xrealloc((arr), (cap) * sizeof *(arr));                      \
    }                                                                         \
    (arr)[(n)++] = (val);                                                     \
  } while (0)

static void theap_push(theap *h, uint64_t t)
{
  if (h->n == h->cap) {
    h->cap = h->cap ? 2 * h->cap : 64;
    h->v = oa_xrealloc(h->v, h->cap * sizeof *h->v);
  }
  size_t i = h->n++;
  while (i > 0 && h->v[(i - 1) / 2] > t) {
    h->v[i] = h->v[(i - 1) / 2];
    i = (i - 1) / 2;
  }
  h->v[i] = t;
}

static uint64_t theap_top(const theap *h)
{
  return h->n ? h->v[0] : UINT64_MAX;
}

static void theap_pop(theap *h)
{
  uint64_t t = h->v[--h->n];
  size_t i = 0;
  for (;;) {
    size_t l = 2 * i + 1, m = l;
    if (l >= h->n)
      break;
    if (l + 1 < h->n && h->v[l + 1] < h->v[l])
      m = l + 1;
    if (h->v[m] >= t)
      break;
    h->v[i] = h->v[m];
    i = m;
  }
  if (h->n)
    h->v[i] = t;
}

/* A ready interval begins or ends at t: at a record of that time, never
 * behind the sweep (sweep_ahead stops short of what may still come). */
static void ready_from(an *a, uint64_t t)
{
  theap_push(&a->starts, t);
}

static void ready_to(an *a, uint64_t t)
{
  theap_push(&a->ends, t);
}

static int64_t task_index(an *a, uint64_t id)
{
  oa_idmap_slot *s = id ? oa_idmap_find(&a->tmap, id) : NULL;
  return s ? (int64_t)s->count - 1 : -1;
}

static int64_t task_add(an *a, uint64_t id)
{
  int64_t k = task_index(a, id);
  if (k >= 0 || !id)
    return k;
  task t = { .parent = -1, .first_child = -1, .last_child = -1, .next_sibling = -1,
             .region = -1, .succ = -1 };
  if (a->nfree) {
    k = a->free_slots[--a->nfree];
    a->tasks[k] = t;
  } else {
    size_t cap = a->cap_tasks;
    PUSH(a->tasks, a->ntasks, a->cap_tasks, t);
    if (a->cap_tasks != cap)
      a->exec = oa_xrealloc(a->exec, a->cap_tasks * sizeof *a->exec);
    k = (int64_t)a->ntasks - 1;
  }
  a->exec[k] = 0;
  oa_idmap_add(&a->tmap, id)->count = (uint32_t)k + 1;
  return k;
}

static region *region_of(an *a, uint64_t id, int make)
{
  oa_idmap_slot *s = id ? oa_idmap_find(&a->rmap, id) : NULL;
  if (s)
    return &a->regions[s->count - 1];
  if (!make || !id)
    return NULL;
  region r = { .id = id };
  size_t gi;
  if (a->nfree_regions) {
    gi = a->free_regions[--a->nfree_regions];
    a->regions[gi] = r;
  } else {
    PUSH(a->regions, a->nregions, a->cap_regions, r);
    gi = a->nregions - 1;
  }
  oa_idmap_add(&a->rmap, id)->count = (uint32_t)gi + 1;
  return &a->regions[gi];
}

static void threads_init(an *a);
static void prestart(an *a, uint32_t th, uint64_t loaded, uint64_t started, uint64_t now);
static void preempted(an *a, uint32_t th, uint64_t now, uint64_t ns);
static void fragment_named(an *a, uint32_t th, uint32_t loc, uint32_t edge_end);
static void sweep_ahead(an *a);
static void ready_settle(an *a, int64_t k);
static oa_time_row *row_of(an *a, uint32_t loc, int what);
static void row_add(oa_time_row *r, const oa_time_row *x);
static void taskwait_met(an *a, uint32_t th, int at, uint64_t t);
static void unready_settle(an *a, uint32_t th);
static void begun_settled(an *a, int64_t k);
static void fragment_done(an *a, uint32_t th);

/* --- the records ------------------------------------------------------------
 * In the order they were written, through the record visitor (recording.h):
 * the tables here, and each thread's timeline as its records come (the
 * callbacks after close_state).  The time records are the raw kinds. */

static int is_raw(unsigned type)
{
  return type >= OA_RAW_NODE && type <= OA_RAW_LAST;
}

/* Every record, before its kind's callback: the clock, and the span of
 * time the raw records cover. */
static int rd_each(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  if (!is_raw(x->h.type))
    return 0;
  if (x->h.type == OA_RAW_CLOCK) {
    a->s_per_tick = (double)x->raw_clock.fs_per_tick * 1e-15;
    a->timed = 1;
    if (thread < a->nth)
      prestart(a, (uint32_t)thread, x->raw_clock.loaded, x->raw_clock.started, x->ev.time);
  }
  if (a->tmin == UINT64_MAX && x->ev.time)
    a->tmin = x->ev.time;  /* the first record's: a later one stamped earlier counts from it */
  if (x->ev.time > a->tmax)
    a->tmax = x->ev.time;
  if (++a->since_sweep >= a->sweep_every && a->sweep_every && a->timed && a->s_per_tick > 0) {
    a->since_sweep = 0;
    sweep_ahead(a);
  }
  return 0;
}

static int rd_w(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  if (thread < a->nth)  /* no time */
    fragment_named(a, (uint32_t)thread, oa_record_w_loc(&x->rec_w), x->rec_w.edge_end);
  return 0;
}

static int rd_new(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  an *a = ctx;
  if (x->rec_new.bits & OA_NEW_TASK) {
    oa_idmap_slot *s = oa_idmap_add(&a->pmap, x->rec_new.node);
    s->count = x->rec_new.loc;
    s->flags = x->rec_new.bits;
  }
  return 0;
}

/* A dependence of succ on pred: succ is ready once pred has ended. */
static int rd_edge(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  an *a = ctx;
  oa_idmap_slot *s = oa_idmap_find(&a->pnode_task, x->raw_edge.succ);
  oa_idmap_slot *p = oa_idmap_find(&a->pnode_task, x->raw_edge.pred);
  if (!s || !p)
    return 0;
  int32_t k = (int32_t)s->count - 1;
  task *ts = &a->tasks[k], *tp = &a->tasks[p->count - 1];
  if (tp->ended) {
    if (tp->t_end > ts->t_ready) {
      if (ts->ready == READY_OPEN) {  /* begun too early: again from the later time */
        ready_to(a, ts->t_ready);
        ready_from(a, tp->t_end);
      }
      ts->t_ready = tp->t_end;
    }
    return 0;
  }
  if (ts->ready == READY_DONE)
    return 0;
  if (ts->ready == READY_OPEN) {  /* not ready after all: the interval begun is empty */
    ready_to(a, ts->t_ready);
    ts->ready = READY_BLOCKED;
  }
  ts->npreds++;
  succ_link l = { .task = k, .next = tp->succ };
  int32_t at;
  if (a->free_link >= 0) {
    at = a->free_link;
    a->free_link = a->links[at].next;
    a->links[at] = l;
  } else {
    PUSH(a->links, a->nlinks, a->cap_links, l);
    at = (int32_t)a->nlinks - 1;
  }
  tp->succ = at;
  return 0;
}

static int rd_par(void *ctx, const oa_record *x, size_t thread)
{
  (void)thread;
  an *a = ctx;
  region *g = region_of(a, x->raw_par_begin.region, 1);  /* PAR_END's has the same fields */
  if (!g || (x->h.type == OA_RAW_PAR_BEGIN && g->t_begin))
    return 0;  /* (no region, or one begun twice: a damaged recording) */
  uint32_t gi = (uint32_t)(g - a->regions);
  if (x->h.type == OA_RAW_PAR_BEGIN) {
    g->t_begin = x->ev.time;
    g->team = (uint32_t)x->raw_par_begin.team;
    /* regions are numbered in the order they begin; one that begins while
     * the last top-level one is open is nested */
    const region *last = a->last_top >= 0 ? &a->regions[a->last_top] : NULL;
    g->top = !last || (last->t_end && g->t_begin >= last->t_end);
    if (g->top) {
      g->top_pos = (uint32_t)a->ntops;
      PUSH(a->tops, a->ntops, a->cap_tops, gi);
      a->last_top = gi;
    }
    PUSH(a->open_regions, a->nopen, a->cap_open, gi);
  } else {
    if (!g->t_end)
      PUSH(a->ended, a->nended, a->cap_ended, gi);
    g->t_end = x->ev.time;
    for (size_t i = 0; i < a->nopen; i++)
      if (a->open_regions[i] == gi) {
        a->open_regions[i] = a->open_regions[--a->nopen];
        break;
      }
  }
  return 0;
}

/* An explicit task k ended at t: its parent's taskwait, the tasks that
 * depended on it, and the taskgroups around it learn of it. */
static void task_ended(an *a, int64_t k, uint64_t t)
{
  task *x = &a->tasks[k];
  if (x->parent >= 0) {
    task *p = &a->tasks[x->parent];
    if (t > p->child_end)
      p->child_end = t;
    if (--p->live_children == 0 && p->tw_thread) {
      /* (the ends of two threads may be read in the other order) */
      taskwait_met(a, p->tw_thread - 1, p->tw_at, p->child_end);
      p->tw_thread = 0;
    }
  }
  while (x->succ >= 0) {
    int32_t at = x->succ;
    task *s = &a->tasks[a->links[at].task];
    x->succ = a->links[at].next;
    a->links[at].next = a->free_link;
    a->free_link = at;
    if (t > s->t_ready)
      s->t_ready = t;
    if (--s->npreds == 0 && s->ready == READY_BLOCKED) {
      ready_from(a, s->t_ready);
      s->ready = READY_OPEN;
    }
  }
  /* each task's latest end in its subtree, while a taskgroup may ask */
  if (x->sub_end < t)
    x->sub_end = t;
  for (int64_t p = x->parent; a->tg_open && p >= 0 && a->tasks[p].sub_end < t;
       p = a->tasks[p].parent)
    a->tasks[p].sub_end = t;
}

static void frag_stop(an *a, int64_t k, uint64_t t);

static int rd_task_scope(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  int64_t k = task_index(a, x->raw_task_begin.task);  /* TASK_END's has the same fields */
  if (k < 0)
    return 0;
  task *t = &a->tasks[k];
  if (x->h.type == OA_RAW_TASK_BEGIN) {
    if (t->is_explicit) {
      begun_settled(a, k);
      if (t->ready == READY_OPEN)
        ready_to(a, x->ev.time > t->t_ready ? x->ev.time : t->t_ready);
      t->ready = READY_DONE;
      region *g = t->region >= 0 ? &a->regions[t->region] : NULL;
      if (g && thread < a->nth) {
        if (!g->per_thread)
          g->per_thread = oa_xcalloc(a->nth ? a->nth : 1, sizeof *g->per_thread);
        if (t->begun && t->first_thread < a->nth)
          g->per_thread[t->first_thread]--;
        g->per_thread[thread]++;
      }
    }
    t->begun = 1, t->t_begin = x->ev.time, t->first_thread = (uint32_t)thread;
  } else {
    t->ended = 1, t->t_end = x->ev.time;
    if (t->frag_on)
      frag_stop(a, k, t->t_end);
    if (t->is_explicit) {
      task_ended(a, k, t->t_end);
      struct retiring r = { (int32_t)k, t->t_end };
      PUSH(a->retire, a->nretire, a->cap_retire, r);
    }
    oa_idmap_slot *s = t->is_explicit ? oa_idmap_find(&a->tmap, x->raw_task_end.task) : NULL;
    if (s)  /* its id is done with: the map keeps the live tasks only */
      oa_idmap_remove(&a->tmap, s);
  }
  return 0;
}

static int rd_preempt(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  if (thread < a->nth)
    preempted(a, (uint32_t)thread, x->ev.time, x->raw_preempt.ns);
  return 0;
}

/* A taskgroup of task k begun at g0, waited for from w0: its children
 * created in between and all their descendants. */
static uint64_t taskgroup_met(an *a, int64_t k, uint64_t g0, uint64_t w0)
{
  uint64_t met = w0;
  for (int64_t c = k >= 0 ? a->tasks[k].first_child : -1; c >= 0; c = a->tasks[c].next_sibling)
    if (a->tasks[c].t_create >= g0 && a->tasks[c].t_create < w0 && a->tasks[c].sub_end > met)
      met = a->tasks[c].sub_end;
  return met;
}

static size_t frag_first_of(const an *a, uint32_t th);

static void add_seg(an *a, uint64_t t0, uint64_t t1, uint32_t thread, uint32_t loc, int cat,
                    int what, int64_t task)
{
  thread_segs *T = &a->ts[thread];
  OA_ASSERT(t0 == T->end, "a thread's segments follow one another");
  if (t1 <= t0)
    return;
  seg s = { .t1 = t1, .loc = loc, .task = (int32_t)task, .cat = (uint8_t)cat,
            .what = (uint8_t)what,
            .xtask = (uint8_t)(task >= 0 && a->tasks[task].is_explicit
                               ? 1 + a->tasks[task].seq % 255 : 0) };
  /* The same state going on makes one segment (a third of them on small
   * loops), unless fragment_named may still rename one and not the other:
   * lock segments, and work before the running fragment's first segment. */
  seg *last = T->n ? &T->v[T->n - 1] : NULL;
  if (last && last->loc == s.loc && last->task == s.task && last->code == s.code
      && last->cat == s.cat && last->what == s.what && last->off == s.off && cat != SEG_LOCK
      && (cat != SEG_WORK || T->n - 1 >= frag_first_of(a, thread)))
    last->t1 = t1;
  else
    PUSH(T->v, T->n, T->cap, s);
  T->end = t1;
}

/* A worker's wait in the barrier that ends a parallel region: nothing of
 * its own follows it, and libomp reports its end only when the worker is
 * next used; after the region's end it is idle between regions. */
typedef struct open_wait {
  uint8_t what;
  uint8_t last_barrier;      /* a worker's wait at its region's end */
  uint32_t loc;              /* the construct that waits (fixed when the wait begins: the
                              * tasks the thread runs meanwhile do not rename it) */
  uint64_t t0, g0;
  uint32_t g;                /* region_at */
  uint32_t k;
  int64_t task;
  uint8_t started;           /* taskwait: its condition is met, its ready interval begun */
  uint64_t met;              /* ... at this time */
} open_wait;

/* Regions by index + 1 (0: none): the table grows as the records come, so
 * nothing keeps a pointer into it across records. */
static region *region_at(an *a, uint32_t gi)
{
  return gi ? &a->regions[gi - 1] : NULL;
}

static void region_free(region *g)
{
  free(g->bar);
  free(g->per_thread);
}

static barrier_inst *barrier_at(region *g, uint32_t k)
{
  if (k >= g->nbar) {  /* (most regions have one or two: a program may have millions) */
    size_t n = k < 2 ? 2 : k + k / 2 + 1;
    g->bar = oa_xrealloc(g->bar, n * sizeof *g->bar);
    memset(g->bar + g->nbar, 0, (n - g->nbar) * sizeof *g->bar);
    g->nbar = n;
  }
  return &g->bar[k];
}

/* A segment outside fragments: ompadv's own time in callbacks (pending,
 * ticks the thread's records say it spent there and no segment took yet)
 * is overhead, whatever state the thread was in; the rest is cat. */
static void add_outside(an *a, uint64_t t0, uint64_t t1, uint32_t thread, uint32_t loc, int cat,
                        int what, uint32_t over_loc, uint64_t *pending)
{
  uint64_t x = t1 > t0 ? (*pending < t1 - t0 ? *pending : t1 - t0) : 0;
  *pending -= x;
  a->tool_ticks += x;
  if (x && cat != SEG_OVER) {
    add_seg(a, t0, t0 + x, thread, over_loc, SEG_OVER, OA_TW_CODE, -1);
    t0 += x;
  }
  add_seg(a, t0, t1, thread, loc, cat, what, -1);
}

/* A thread's state as its records stream by. */
typedef struct tstate {
  int started;
  uint64_t last;             /* the time of its last record */
  int in_frag, impl, lock;
  uint32_t prev_loc, prev_edge; /* the last fragment's location and where it ended */
  int64_t frag_task, pending_create;
  uint64_t last_frag_end;
  size_t frag_first;         /* the running (or last) fragment's first segment */
  size_t lock_first;         /* lock segments waiting for the critical's location */
  open_wait sw[16];          /* open waits, innermost last */
  int nsw;
  uint32_t index[16];        /* its implicit tasks' thread numbers, innermost last */
  uint64_t tg_begin[16];
  uint32_t tg_loc[16];       /* ... and their directives */
  int ntg;
  uint32_t bar_loc, tw_loc;  /* the barrier's or taskwait's construct, for its wait */
  uint8_t bar_what;
  uint32_t lock_loc;         /* what waits for the lock being acquired (0: not recorded) */
  uint64_t early_preempt;    /* ns off the core seen before the thread's first segment */
  uint64_t carved;           /* preempted time is taken from after this (the previous
                              * look's) */
  uint32_t bar_g;            /* the barrier it is in (its region, region_at), and its
                              * number in the region */
  uint32_t bar_k;
  uint64_t tool_seen, pending;  /* ompadv's callback ticks: seen, not yet taken */
  int lock_pending;          /* lock segments wait for the critical's location */
  int64_t unready;           /* an explicit task it created whose dependences (EDGE
                              * records, after some of the thread's others) may still
                              * come (index + 1; 0: none): the sweep stops at its
                              * creation until it begins or the thread creates another */
} tstate;

static size_t frag_first_of(const an *a, uint32_t th)
{
  return a->tst[th].frag_first;
}

static void threads_init(an *a)
{
  a->ts = oa_xcalloc(a->nth ? a->nth : 1, sizeof *a->ts);
  a->tst = oa_xcalloc(a->nth ? a->nth : 1, sizeof *a->tst);
  for (size_t i = 0; i < a->nth; i++) {
    a->tst[i].pending_create = a->tst[i].frag_task = -1;
  }
  a->idx = oa_xcalloc(a->nth ? a->nth : 1, sizeof *a->idx);
  a->pend = oa_xcalloc(a->nth ? a->nth : 1, sizeof *a->pend);
  a->memo = oa_xcalloc(a->nth ? a->nth : 1, sizeof *a->memo);
}

/* The thread's state from its last record to now. */
static void close_state(an *a, uint32_t th, uint64_t now)
{
  tstate *z = &a->tst[th];
  if (!z->started) {
    z->started = 1;
    z->last = a->ts[th].end = a->ts[th].start = a->tmin;
  }
  if (now < z->last)
    now = z->last;
  uint64_t last = z->last;
  uint32_t at = z->prev_edge ? z->prev_edge : z->prev_loc;
  open_wait *w = z->nsw && z->nsw <= 16 ? &z->sw[z->nsw - 1] : NULL;
  if (z->in_frag)
    add_seg(a, last, now, th, z->prev_loc, SEG_WORK, OA_TW_CODE, z->frag_task);
  else if (z->lock) {
    add_outside(a, last, now, th, z->lock_loc, SEG_LOCK, OA_TW_LOCK, z->prev_loc, &z->pending);
    z->lock_pending = 1;
  }
  else if (w && w->last_barrier && w->g && region_at(a, w->g)->t_end
           && region_at(a, w->g)->t_end < now) {
    uint64_t end = region_at(a, w->g)->t_end > last ? region_at(a, w->g)->t_end : last;
    add_outside(a, last, end, th, w->loc, SEG_WAIT, w->what, z->prev_loc, &z->pending);
    add_outside(a, end, now, th, 0, SEG_WAIT, OA_TW_IDLE, z->prev_loc, &z->pending);
  } else if (z->nsw)
    add_outside(a, last, now, th, w ? w->loc : at, SEG_WAIT, w ? w->what : OA_TW_BARRIER,
                z->prev_loc, &z->pending);
  else if (!z->impl)
    add_outside(a, last, now, th, 0, SEG_WAIT, OA_TW_IDLE, z->prev_loc, &z->pending);
  else
    add_outside(a, last, now, th, z->prev_loc, SEG_OVER, OA_TW_CODE, z->prev_loc, &z->pending);
  if (z->in_frag && z->bar_g) {
    barrier_inst *b = barrier_at(region_at(a, z->bar_g), z->bar_k);
    if (now > b->last_work)
      b->last_work = now;  /* a task run inside a barrier */
  }
  z->last = now;
}

/* At t, task k ended, or went on on another thread, while a thread was
 * still in a fragment of it that no FRAG_END closed (an untied task's part
 * ends without one): that thread runs no more of it, and its time from t
 * on is not the task's (nor, once the slot is reused, another task's). */
static void frag_stop(an *a, int64_t k, uint64_t t)
{
  task *x = &a->tasks[k];
  uint32_t th = x->frag_on - 1;
  x->frag_on = 0;
  if (th >= a->nth)
    return;
  tstate *z = &a->tst[th];
  if (z->in_frag && z->frag_task == k) {
    close_state(a, th, t);
    z->frag_task = -1;
  }
}

/* A fragment of thread th is over (OA_REC_W, right after its end): its
 * segments, and the lock segments before it, take its location. */
static void fragment_named(an *a, uint32_t th, uint32_t loc, uint32_t edge_end)
{
  tstate *z = &a->tst[th];
  thread_segs *S = &a->ts[th];
  for (size_t i = z->frag_first; i < S->n; i++)
    if (S->v[i].cat == SEG_WORK)
      S->v[i].loc = loc;
  /* the code the lock guards: the critical's body, or what follows
   * omp_set_lock (blamed for the waiting); the wait itself is named by
   * what waited, when the recording says (else by that code too) */
  for (size_t i = z->lock_first; i < z->frag_first && i < S->n; i++)
    if (S->v[i].cat == SEG_LOCK) {
      S->v[i].code = loc;
      if (!S->v[i].loc)
        S->v[i].loc = loc;
    }
  z->lock_first = S->n;
  z->lock_pending = 0;
  z->prev_loc = loc;
  z->prev_edge = edge_end;
}

/* Thread th's fragment is over for good (the next one begins, or the run
 * ends): what the sweep took of its work, kept aside (a's pend) while a W
 * record could still name it, goes to the row its last W named (its
 * segments' own location when none came). */
static void fragment_done(an *a, uint32_t th)
{
  oa_time_row *q = &a->pend[th];
  if (q->work || q->blamed || q->preempted) {
    row_add(row_of(a, a->tst[th].prev_loc, OA_TW_CODE), q);
    memset(q, 0, sizeof *q);
  }
}

/* Thread th was runnable but off its core for ticks, between its look
 * before (z->carved) and now: the latest of its segments since take that
 * time as preempted (where in the stretch is not known; its end is taken). */
static void carve(an *a, uint32_t th, uint64_t ticks)
{
  tstate *z = &a->tst[th];
  thread_segs *T = &a->ts[th];
  size_t i = T->n;
  while (ticks && i > 0) {
    seg *x = &T->v[i - 1];
    uint64_t start = i > 1 ? T->v[i - 2].t1 : T->start;
    uint64_t lo = start > z->carved ? start : z->carved;
    if (lo < a->swept)
      lo = a->swept;  /* what the sweep took is done with */
    if (x->t1 <= lo)
      break;
    i--;
    if (x->off)
      continue;
    uint64_t take = x->t1 - lo < ticks ? x->t1 - lo : ticks;
    ticks -= take;
    if (take == x->t1 - start) {
      x->off = 1;
      continue;
    }
    /* the segment's end is preempted: a segment of its own after it (at
     * i + 1; the indexes kept past it move up) */
    seg cut = *x;
    cut.off = 1;
    x->t1 -= take;
    PUSH(T->v, T->n, T->cap, cut);
    memmove(&T->v[i + 2], &T->v[i + 1], (T->n - 2 - i) * sizeof *T->v);
    T->v[i + 1] = cut;
    z->frag_first += z->frag_first > i ? 1 : 0;
    z->lock_first += z->lock_first > i ? 1 : 0;
  }
  if (ticks && z->carved < a->swept)
    a->cut_short = 1;  /* what it would have taken from was swept: oa_time_finish */
}

/* Seconds in ticks (0 without a clock; a damaged recording's beyond the
 * counter's range: its end). */
static uint64_t ticks_of(const an *a, double seconds)
{
  double t = a->s_per_tick > 0 ? seconds / a->s_per_tick + 0.5 : 0;
  return t < 0x1p63 ? (uint64_t)t : (uint64_t)1 << 63;
}

static uint64_t ticks_of_ns(const an *a, uint64_t ns)
{
  return ticks_of(a, (double)ns * 1e-9);
}

/* An OA_RAW_PREEMPT of thread th. */
static void preempted(an *a, uint32_t th, uint64_t now, uint64_t ns)
{
  tstate *z = &a->tst[th];
  if (!a->timed) {  /* the initial thread's first look comes before the clock */
    z->early_preempt += ns;
    return;
  }
  close_state(a, th, now);
  carve(a, th, ticks_of_ns(a, ns + z->early_preempt));
  z->early_preempt = 0;
  z->carved = now;
}

/* The serial code before the tool started (libomp starts it at the first
 * construct), on the initial thread: from the library's load to the tool's
 * start main's (its preempted part apart), then the start-up of the tool
 * and of libomp to the clock's record: overhead. */
static void prestart(an *a, uint32_t th, uint64_t loaded, uint64_t started, uint64_t now)
{
  tstate *z = &a->tst[th];
  if (z->started || !loaded || loaded >= now)
    return;
  if (loaded < a->tmin)
    a->tmin = loaded;
  if (!started || started < loaded || started > now)
    started = now;
  z->started = 1;
  z->last = a->ts[th].end = a->ts[th].start = a->tmin;
  add_seg(a, a->tmin, started, th, 0, SEG_WORK, OA_TW_CODE, -1);
  add_seg(a, started, now, th, 0, SEG_OVER, OA_TW_CODE, -1);
  a->before_tool = started - a->tmin;
  a->tool_ticks += now - started;
  z->last = now;
  carve(a, th, ticks_of_ns(a, z->early_preempt));
  z->early_preempt = 0;
  z->carved = now;
}

/* A time record of thread th at time t: the thread's state up to it, and
 * ompadv's callback ticks it reports (tool; 0: none). */
static tstate *enter(an *a, uint32_t th, uint64_t t, uint64_t tool)
{
  tstate *z = &a->tst[th];
  close_state(a, th, t);
  if (tool > z->tool_seen) {
    z->pending += tool - z->tool_seen;
    z->tool_seen = tool;
  }
  return z;
}

/* The taskwait at place at of thread th's waits has its condition met at t. */
static void taskwait_met(an *a, uint32_t th, int at, uint64_t t)
{
  open_wait *w = &a->tst[th].sw[at];
  if (!w->started) {
    w->met = t > w->t0 ? t : w->t0;  /* (a child's end read after the wait began) */
    ready_from(a, w->met);
    w->started = 1;
  }
}

/* Thread th's task created last has all its dependences now. */
static void unready_settle(an *a, uint32_t th)
{
  tstate *z = &a->tst[th];
  ready_settle(a, z->unready - 1);
  z->unready = 0;
}

/* Task k has begun: its dependences are all known. */
static void begun_settled(an *a, int64_t k)
{
  task *t = &a->tasks[k];
  tstate *c = t->creator ? &a->tst[t->creator - 1] : NULL;
  if (c && c->unready == k + 1)
    c->unready = 0;
  ready_settle(a, k);
}

/* Thread th (state z) leaves the fragment it was in, if any. */
static void frag_left(an *a, tstate *z, uint32_t th)
{
  if (z->in_frag && z->frag_task >= 0 && a->tasks[z->frag_task].frag_on == th + 1)
    a->tasks[z->frag_task].frag_on = 0;
}

static int rd_frag_begin(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  if (thread >= a->nth)
    return 0;
  const struct oa_raw_frag_begin *f = &x->raw_frag_begin;
  tstate *z = enter(a, (uint32_t)thread, f->time, f->tool);
  fragment_done(a, (uint32_t)thread);
  frag_left(a, z, (uint32_t)thread);
  z->in_frag = 1;
  z->frag_task = task_index(a, f->task);
  if (z->frag_task >= 0) {
    task *t = &a->tasks[z->frag_task];
    if (t->frag_on && t->frag_on != thread + 1)
      frag_stop(a, z->frag_task, z->last);  /* (an untied task goes on here) */
    t->frag_on = (uint32_t)thread + 1;
  }
  z->frag_first = a->ts[thread].n;
  if (z->pending_create >= 0) {
    a->tasks[z->pending_create].create_cost = z->last - z->last_frag_end;
    z->pending_create = -1;
  }
  a->fragments++;
  return 0;
}

static int rd_frag_end(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  if (thread >= a->nth)
    return 0;
  tstate *z = enter(a, (uint32_t)thread, x->raw_frag_end.time, x->raw_frag_end.tool);
  frag_left(a, z, (uint32_t)thread);
  z->in_frag = 0;
  z->last_frag_end = z->last;
  return 0;
}

static int rd_task_create(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  const struct oa_raw_task_create *c = &x->raw_task_create;
  int64_t k = task_add(a, c->task);
  if (k < 0 || a->tasks[k].is_explicit || c->parent == c->task)
    return 0;  /* (created again, or its own parent: a damaged recording) */
  int64_t p = task_add(a, c->parent);
  task *t = &a->tasks[k];
  t->is_explicit = 1;
  t->t_create = t->t_ready = c->time;
  t->pnode = c->pnode;
  t->parent = p;
  /* the top-level region instance it is created in */
  region *g = a->last_top >= 0 ? &a->regions[a->last_top] : NULL;
  if (g && c->time >= g->t_begin && (!g->t_end || c->time <= g->t_end)) {
    t->region = (int32_t)a->last_top;
    g->tasks++;
    if (!g->has_first) {
      g->has_first = 1;
      g->first_pnode = t->pnode;
    }
  }
  t->seq = a->nexplicit++;
  t->creator = thread < a->nth ? (uint32_t)thread + 1 : 0;
  if (p >= 0) {
    a->tasks[p].live_children++;
    a->tasks[p].refs++;
    if (a->tg_open) {  /* (a list made before is stale: its tasks may be freed) */
      if (a->tasks[p].list_epoch != a->tg_epoch) {
        a->tasks[p].list_epoch = a->tg_epoch;
        a->tasks[p].first_child = a->tasks[p].last_child = -1;
      }
      if (a->tasks[p].last_child >= 0)
        a->tasks[a->tasks[p].last_child].next_sibling = k;
      else
        a->tasks[p].first_child = k;
      a->tasks[p].last_child = k;
    }
  }
  /* its P-node's location, taken now (NEW came before, from the same
   * thread); a task no dependence can name stays out of pnode_task */
  oa_idmap_slot *l = t->pnode ? oa_idmap_find(&a->pmap, t->pnode) : NULL;
  int named = !l || !(l->flags & OA_NEW_FREE_ORDER);
  if (l) {
    t->loc = l->count;
    t->loc_known = 1;
    oa_idmap_remove(&a->pmap, l);
  }
  if (t->pnode && named)
    oa_idmap_add(&a->pnode_task, t->pnode)->count = (uint32_t)k + 1;
  if (thread < a->nth) {
    tstate *z = enter(a, (uint32_t)thread, c->time, 0);
    z->pending_create = k;
    if (z->unready)  /* the task it created before has all its dependences */
      unready_settle(a, (uint32_t)thread);
    if (named)  /* it may have dependences: its EDGE records come later */
      z->unready = k + 1;
  }
  if (thread >= a->nth || !named)  /* no dependence can name it */
    ready_settle(a, k);
  return 0;
}

static int rd_mutex(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  if (thread >= a->nth)
    return 0;
  const struct oa_raw_mutex *m = &x->raw_mutex;
  tstate *z = enter(a, (uint32_t)thread, m->time, 0);
  if (m->sub == OA_MUTEX_ACQUIRE) {
    z->lock = 1;
    z->lock_first = a->ts[thread].n;
    z->lock_loc = (uint32_t)m->loc;
  } else if (m->sub == OA_MUTEX_ACQUIRED) {
    z->lock = 0;
  }
  return 0;
}

static int rd_impl_begin(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  const struct oa_raw_impl_begin *b = &x->raw_impl_begin;
  task_add(a, b->task);
  if (thread >= a->nth)
    return 0;
  uint32_t index = (uint32_t)b->index;
  tstate *z = enter(a, (uint32_t)thread, b->time, 0);
  uint64_t now = z->last;
  if (z->impl < 16)
    z->index[z->impl] = index;
  z->impl++;
  region *g = region_of(a, b->region, 0);
  if (g && index > 0)
    g->forked++;
  if (g && index > 0 && g->t_begin && now > g->t_begin) {
    ready_from(a, g->t_begin);  /* forked, not yet running here (sweep_ahead waits) */
    ready_to(a, now);
  }
  return 0;
}

static int rd_impl_end(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  /* no record names an implicit task after its end: its ids go from the
   * maps (a program of many small parallel loops has millions) */
  uint64_t id = x->raw_impl_end.task;
  oa_idmap_slot *s = id ? oa_idmap_find(&a->tmap, id) : NULL;
  if (s) {  /* its slot goes once the sweep is past it and its children are freed */
    int32_t k = (int32_t)s->count - 1;
    a->tasks[k].ended = 1, a->tasks[k].t_end = x->raw_impl_end.time;
    struct retiring r = { k, a->tasks[k].t_end };
    PUSH(a->retire, a->nretire, a->cap_retire, r);
    oa_idmap_remove(&a->tmap, s);
  }
  if (id && (s = oa_idmap_find(&a->bcount, id)))
    oa_idmap_remove(&a->bcount, s);
  if (thread >= a->nth)
    return 0;
  tstate *z = enter(a, (uint32_t)thread, x->raw_impl_end.time, 0);
  if (z->impl)
    z->impl--;
  return 0;
}

static int rd_bar_begin(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  if (thread >= a->nth)
    return 0;
  const struct oa_raw_barrier *b = &x->raw_bar_begin;
  uint32_t kind = (uint32_t)b->kind;
  tstate *z = enter(a, (uint32_t)thread, b->time, 0);
  uint64_t now = z->last;
  region *g = region_of(a, b->region, 0);
  oa_idmap_slot *c = b->task ? oa_idmap_find(&a->bcount, b->task) : NULL;
  if (!c && b->task)
    c = oa_idmap_add(&a->bcount, b->task);
  z->bar_g = g ? (uint32_t)(g - a->regions) + 1 : 0;
  z->bar_k = c ? c->count++ : 0;
  z->bar_loc = (uint32_t)b->loc;
  z->bar_what = kind == ompt_sync_region_barrier_implicit_workshare ? OA_TW_BAR_WS
                : kind == ompt_sync_region_barrier_implicit_parallel
                    || kind == ompt_sync_region_barrier_teams ? OA_TW_BAR_PAR
                : OA_TW_BARRIER;
  if (g) {
    barrier_inst *bi = barrier_at(g, z->bar_k);
    bi->arrivals++;
    if (now > bi->last_arrival)
      bi->last_arrival = now;
  }
  return 0;
}

static int rd_bar_end(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  if (thread >= a->nth)
    return 0;
  tstate *z = enter(a, (uint32_t)thread, x->raw_bar_end.time, 0);
  z->bar_g = 0, z->bar_loc = 0, z->bar_what = 0;
  return 0;
}

static int rd_tg_begin(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  if (thread >= a->nth)
    return 0;
  tstate *z = enter(a, (uint32_t)thread, x->raw_tg_begin.time, 0);
  if (z->ntg < 16)
    z->tg_begin[z->ntg] = z->last, z->tg_loc[z->ntg] = (uint32_t)x->raw_tg_begin.loc;
  z->ntg++;
  if (!a->tg_open++)
    a->tg_epoch++;
  return 0;
}

static int rd_tw_begin(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  if (thread >= a->nth)
    return 0;
  enter(a, (uint32_t)thread, x->raw_tw_begin.time, 0)->tw_loc = (uint32_t)x->raw_tw_begin.loc;
  return 0;
}

static uint64_t wait_met(an *a, const open_wait *w);

static int rd_swait(void *ctx, const oa_record *x, size_t thread)
{
  an *a = ctx;
  if (thread >= a->nth)
    return 0;
  uint32_t th = (uint32_t)thread;
  const struct oa_raw_swait *s = &x->raw_swait;
  uint32_t kind = (uint32_t)s->kind;
  tstate *z = enter(a, th, s->time, s->tool);
  uint64_t now = z->last;
  if (s->sub) {
    if (z->nsw < 16) {
      uint8_t what = kind == ompt_sync_region_taskwait    ? OA_TW_TASKWAIT
                     : kind == ompt_sync_region_taskgroup ? OA_TW_TASKGROUP
                     : z->bar_what                        ? z->bar_what
                                                          : OA_TW_BARRIER;
      /* the construct that waits: as the recording names it, else where
       * the fragment before the wait ended (or the directive it ran in) */
      uint32_t loc = what == OA_TW_TASKWAIT ? z->tw_loc
                     : what == OA_TW_TASKGROUP
                         ? (z->ntg > 0 && z->ntg <= 16 ? z->tg_loc[z->ntg - 1] : 0)
                         : z->bar_loc;
      if (!loc)
        loc = z->prev_edge ? z->prev_edge : z->prev_loc;
      open_wait *w = &z->sw[z->nsw];
      *w = (open_wait){ .what = what, .loc = loc, .t0 = now, .g = z->bar_g, .k = z->bar_k,
                        .task = task_index(a, s->task) };
      w->last_barrier = kind == ompt_sync_region_barrier_implicit_parallel && z->impl > 0
                        && z->impl <= 16 && z->index[z->impl - 1] > 0;
      w->g0 = what == OA_TW_TASKGROUP && z->ntg > 0 && z->ntg <= 16 ? z->tg_begin[z->ntg - 1] : 0;
      if (what == OA_TW_TASKGROUP && z->ntg > 0)
        z->ntg--;
      /* a taskwait's condition: its children created so far have ended */
      if (what == OA_TW_TASKWAIT && w->task >= 0) {
        task *t = &a->tasks[w->task];
        if (!t->live_children) {
          taskwait_met(a, th, z->nsw, t->child_end);  /* (read before the wait's start) */
        } else {
          t->tw_thread = th + 1;
          t->tw_at = (uint8_t)z->nsw;
        }
      }
    }
    z->nsw++;
  } else if (z->nsw > 0) {
    z->nsw--;
    open_wait *w = &z->sw[z->nsw];
    if (z->nsw < 16 && !w->last_barrier) {
      /* ready from when its condition was met to now */
      if (w->what == OA_TW_TASKWAIT) {
        if (w->started)  /* (a condition met after now, as read: none) */
          ready_to(a, now > w->met ? now : w->met);
        if (w->task >= 0 && a->tasks[w->task].tw_thread == th + 1)
          a->tasks[w->task].tw_thread = 0;
      } else {
        uint64_t met = wait_met(a, w);
        if (met && met < now) {
          ready_from(a, met > w->t0 ? met : w->t0);
          ready_to(a, now);
        }
      }
    }
    if (kind == ompt_sync_region_taskgroup && a->tg_open)
      a->tg_open--;
  }
  return 0;
}

static const oa_rec_visitor reader = {
  .each = rd_each,
  .on = {
    [OA_REC_W] = rd_w, [OA_REC_NEW] = rd_new, [OA_RAW_EDGE] = rd_edge,
    [OA_RAW_PAR_BEGIN] = rd_par, [OA_RAW_PAR_END] = rd_par,
    [OA_RAW_TASK_CREATE] = rd_task_create, [OA_RAW_TASK_BEGIN] = rd_task_scope,
    [OA_RAW_TASK_END] = rd_task_scope, [OA_RAW_FRAG_BEGIN] = rd_frag_begin,
    [OA_RAW_FRAG_END] = rd_frag_end, [OA_RAW_SWAIT] = rd_swait, [OA_RAW_MUTEX] = rd_mutex,
    [OA_RAW_IMPL_BEGIN] = rd_impl_begin, [OA_RAW_IMPL_END] = rd_impl_end,
    [OA_RAW_BAR_BEGIN] = rd_bar_begin, [OA_RAW_BAR_END] = rd_bar_end,
    [OA_RAW_TG_BEGIN] = rd_tg_begin, [OA_RAW_TW_BEGIN] = rd_tw_begin,
    [OA_RAW_PREEMPT] = rd_preempt,
  },
};

struct oa_time_reader {
  an a;
  oa_rec_visitor v;
};

oa_time_reader *oa_time_start(oa_recording *r, size_t max_points)
{
  oa_time_reader *tr = oa_xcalloc(1, sizeof *tr);
  an *a = &tr->a;
  a->rec = r;
  a->nth = oa_rec_threads(r);
  threads_init(a);
  a->tmin = UINT64_MAX;
  a->last_top = -1;
  a->free_link = -1;
  a->np = max_points ? max_points : 1;
  a->tmax_pre = oa_rec_raw_time_max(r);
  a->exit_looks = r->header.version >= 5;
  /* OMPADV_TIME_SWEEP=N: sweep every N records (ompadv(1); 0: once, at the
   * end, as the whole run at once: for tests) */
  const char *every = getenv("OMPADV_TIME_SWEEP");
  a->sweep_every = every && *every ? strtoull(every, NULL, 10) : 4096;
  tr->v = reader;
  tr->v.ctx = a;
  return tr;
}

oa_rec_visitor *oa_time_visitor(oa_time_reader *tr)
{
  return &tr->v;
}

void oa_time_segments(oa_time_reader *tr, oa_time_seg_fn fn, void *ctx)
{
  tr->a.seg_fn = fn;
  tr->a.seg_ctx = ctx;
}

/* When a barrier's or taskgroup's wait, at its end, had its condition
 * met; 0: not known. */
static uint64_t wait_met(an *a, const open_wait *w)
{
  switch (w->what) {
  case OA_TW_BARRIER: {
    const region *g = region_at(a, w->g);
    if (!g || w->k >= g->nbar)
      return 0;
    const barrier_inst *b = &g->bar[w->k];
    if (g->team && b->arrivals < g->team)
      return 0;  /* a thread's arrival is missing (the run was cut short) */
    return b->last_arrival > b->last_work ? b->last_arrival : b->last_work;
  }
  case OA_TW_TASKGROUP: return taskgroup_met(a, w->task, w->g0, w->t0);
  default: return 0;
  }
}

/* The row of a location (as the recording names it: rows_merge takes them
 * to the location that stands for it once the reading is over). */
static oa_time_row *row_of(an *a, uint32_t loc, int what)
{
  uint64_t key = ((uint64_t)loc << 4 | (uint64_t)what) + 1;
  oa_idmap_slot *s = oa_idmap_find(&a->rowmap, key);
  if (s)
    return &a->rows[s->count];
  oa_time_row r = { .loc = loc, .what = (uint8_t)what };
  PUSH(a->rows, a->nrows, a->cap_rows, r);
  oa_idmap_add(&a->rowmap, key)->count = (uint32_t)(a->nrows - 1);
  return &a->rows[a->nrows - 1];
}

/* row_of for the sweep: each thread's last row remembered (a segment
 * spans many of the sweep's slices). */
static oa_time_row *row_cached(an *a, size_t th, uint32_t loc, int what)
{
  struct row_memo *m = &a->memo[th];
  uint64_t key = ((uint64_t)loc << 4 | (uint64_t)what) + 1;
  if (m->key != key) {
    m->key = key;
    m->row = (size_t)(row_of(a, loc, what) - a->rows);
  }
  return &a->rows[m->row];
}

static void row_add(oa_time_row *r, const oa_time_row *x)
{
  r->work += x->work, r->overhead += x->overhead, r->delay += x->delay;
  r->no_work += x->no_work, r->lock_wait += x->lock_wait, r->preempted += x->preempted;
  r->blamed += x->blamed, r->blamed_lock += x->blamed_lock;
}

/* The rows by the location that stands for theirs (opts->same). */
static void rows_merge(an *a)
{
  oa_time_row *old = a->rows;
  size_t n = a->nrows;
  a->rows = NULL, a->nrows = a->cap_rows = 0;
  oa_idmap_free(&a->rowmap);
  memset(&a->rowmap, 0, sizeof a->rowmap);
  for (size_t i = 0; i < n; i++) {
    uint32_t loc = a->opts->same ? a->opts->same(a->opts->ctx, old[i].loc) : old[i].loc;
    row_add(row_of(a, loc, old[i].what), &old[i]);
  }
  free(old);
}

/* Sort n keys ascending: a radix sort, 8 passes of a byte (a pass where
 * every key has the same byte is skipped).  Millions of tasks make lists
 * of millions of times; qsort's comparisons through a function pointer
 * were a seventh of the analysis. */
static void sort_u64(uint64_t *v, size_t n)
{
  uint64_t *a = v, *b = oa_xmalloc((n ? n : 1) * sizeof *b);
  for (unsigned shift = 0; shift < 64; shift += 8) {
    size_t count[257] = { 0 };
    for (size_t i = 0; i < n; i++)
      count[(a[i] >> shift & 0xff) + 1]++;
    if (!n || count[(a[0] >> shift & 0xff) + 1] == n)
      continue;
    for (int k = 0; k < 256; k++)
      count[k + 1] += count[k];
    for (size_t i = 0; i < n; i++)
      b[count[a[i] >> shift & 0xff]++] = a[i];
    uint64_t *t = a;
    a = b, b = t;
  }
  if (a != v) {
    memcpy(v, a, n * sizeof *v);
    b = a;
  }
  free(b);
}

/* Sort v ascending, as a numeric comparison would (equal values are equal
 * bits but for -0 and 0, whose order changes no sum): sort_u64 on the
 * doubles' bits made monotonic (a negative's bits all flipped, another's
 * sign bit set). */
static void sort_doubles(double *v, size_t n)
{
  uint64_t *k = oa_xmalloc((n ? n : 1) * sizeof *k);
  for (size_t i = 0; i < n; i++) {
    uint64_t u;
    memcpy(&u, &v[i], sizeof u);
    k[i] = u >> 63 ? ~u : u | UINT64_C(1) << 63;
  }
  sort_u64(k, n);
  for (size_t i = 0; i < n; i++) {
    uint64_t u = k[i] >> 63 ? k[i] & ~(UINT64_C(1) << 63) : ~k[i];
    memcpy(&v[i], &u, sizeof u);
  }
  free(k);
}

static oa_time_dist dist_of(double *v, size_t n)
{
  oa_time_dist d = { 0 };
  if (!n)
    return d;
  sort_doubles(v, n);
  d.median = v[n / 2];
  d.p90 = v[(size_t)((double)(n - 1) * 0.9)];
  d.max = v[n - 1];
  for (size_t i = 0; i < n; i++)
    d.total += v[i];
  return d;
}

/* The distribution of a directive's figure k (dir.v, dir.sk). */
static oa_time_dist dist_in(dir *d, int k)
{
  if (!d->sk)
    return dist_of(d->v[k], d->n);
  const sketch *s = &d->sk[k];
  oa_time_dist x = { .max = s->max, .total = s->total };
  if (s->n) {
    x.median = sketch_at(s, s->n / 2);
    x.p90 = sketch_at(s, (uint64_t)((double)(s->n - 1) * 0.9));
  }
  return x;
}

static void finding(oa_time_result *out, size_t *cap, const char *property, uint32_t loc,
                    int what, double seconds, double total, const char *hint, const char *fmt,
                    ...) __attribute__((format(printf, 9, 10)));
static void finding(oa_time_result *out, size_t *cap, const char *property, uint32_t loc,
                    int what, double seconds, double total, const char *hint, const char *fmt,
                    ...)
{
  if (seconds <= 0 || total <= 0)
    return;
  oa_time_finding f = { .property = property, .loc = loc, .what = (uint8_t)what,
                        .seconds = seconds, .of = total, .count = 1, .hint = hint };
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f.detail, sizeof f.detail, fmt, ap);
  va_end(ap);
  /* instances of one property at one place with one hint (a region run in
   * a loop) are one finding: their cost summed, over their phases' time */
  for (size_t i = 0; i < out->nfindings; i++) {
    oa_time_finding *x = &out->findings[i];
    if (x->loc != loc || x->what != what || strcmp(x->property, property) != 0
        || x->hint != hint)
      continue;
    if (seconds > x->seconds / x->count)
      memcpy(x->detail, f.detail, sizeof f.detail);  /* the largest instance's evidence */
    x->seconds += seconds, x->of += total, x->count++;
    return;
  }
  PUSH(out->findings, out->nfindings, *cap, f);
}

/* Each finding's severity; those under OA_TIME_FINDING_MIN left out, the
 * merged ones say how many they hold. */
/* The row with the most of a field (a double of oa_time_row at offset
 * off): its amount, location and kind of wait (0 and code when none). */
static double row_most(const an *a, size_t off, uint32_t *loc, int *what)
{
  double most = 0;
  *loc = 0;
  *what = OA_TW_CODE;
  for (size_t i = 0; i < a->nrows; i++) {
    double v = *(const double *)((const char *)&a->rows[i] + off);
    if (v > most) {
      most = v;
      *loc = a->rows[i].loc;
      *what = a->rows[i].what;
    }
  }
  return most;
}

static void findings_done(oa_time_result *out)
{
  size_t n = 0;
  for (size_t i = 0; i < out->nfindings; i++) {
    oa_time_finding *x = &out->findings[i];
    x->severity = x->of > 0 ? x->seconds / x->of : 0;
    if (x->severity < OA_TIME_FINDING_MIN)
      continue;
    if (x->count > 1) {
      size_t len = strlen(x->detail);
      snprintf(x->detail + len, sizeof x->detail - len, " (the largest of %u times; %.3f s "
               "in all)", x->count, x->seconds);
    }
    out->findings[n++] = *x;
  }
  out->nfindings = n;
}

/* What to try at a barrier where threads waited: a loop's iterations can
 * be scheduled otherwise; other work (a single, tasks, a region's code)
 * must be split or moved. */
static const char *barrier_hint(an *a, const oa_time_row *x)
{
  const oa_rec_loc *l = x->what == OA_TW_BAR_WS ? oa_rec_loc_at(a->rec, x->loc) : NULL;
  if (l && (l->kind == OA_C_LOOP || l->kind == OA_C_SECTIONS))
    return "balance the iterations (schedule(dynamic) or guided), or nowait where nothing "
           "after the loop needs it";
  if (x->what == OA_TW_BAR_PAR)
    return "balance the work of the region's threads (or of the tasks they run): split the "
           "longest part, or start it first";
  return "balance the work before it (split the longest part or task, or start it first), "
         "or nowait where nothing after it needs it";
}

static int by_severity(const void *x, const void *y)
{
  const oa_time_finding *a = x, *b = y;
  return (a->severity < b->severity) - (a->severity > b->severity);
}

static int by_row_time(const void *x, const void *y)
{
  const oa_time_row *a = x, *b = y;
  double ta = a->work + a->overhead + a->delay + a->no_work + a->lock_wait + a->preempted
              + a->blamed;
  double tb = b->work + b->overhead + b->delay + b->no_work + b->lock_wait + b->preempted
              + b->blamed;
  return (ta < tb) - (ta > tb);
}

static int by_count(const void *x, const void *y)
{
  const oa_time_tasks *a = x, *b = y;
  return (a->count < b->count) - (a->count > b->count);
}

/* The explicit tasks per directive, and their findings. */
static int by_first(const void *x, const void *y, void *ctx)
{
  const dir *d = ctx;
  uint64_t a = d[*(const size_t *)x].first, b = d[*(const size_t *)y].first;
  return (a > b) - (a < b);
}

static void task_table(an *a, oa_time_result *out, size_t *fcap, double total)
{
  /* the directives as folded, to the location that stands for theirs, in
   * the order of their first task's creation */
  oa_idmap bydir = { 0 };
  size_t cap = 0;
  size_t *order = oa_xmalloc((a->ndirs ? a->ndirs : 1) * sizeof *order);
  size_t *canon = oa_xmalloc((a->ndirs ? a->ndirs : 1) * sizeof *canon);
  for (size_t i = 0; i < a->ndirs; i++)
    order[i] = i;
  qsort_r(order, a->ndirs, sizeof *order, by_first, a->dirs);
  for (size_t o = 0; o < a->ndirs; o++) {
    size_t i = order[o];
    uint32_t loc = a->opts->same ? a->opts->same(a->opts->ctx, a->dirs[i].loc) : a->dirs[i].loc;
    oa_idmap_slot *s = oa_idmap_find(&bydir, (uint64_t)loc + 1);
    if (!s) {
      s = oa_idmap_add(&bydir, (uint64_t)loc + 1);
      s->count = (uint32_t)out->ntasks;
      oa_time_tasks z = { .loc = loc };
      PUSH(out->tasks, out->ntasks, cap, z);
    }
    canon[i] = s->count;
    out->tasks[s->count].count += dir_count(&a->dirs[i]);
  }
  /* each directive's figures one by one, or past DIST_EXACT in a sketch */
  size_t nd = out->ntasks;
  dir *all = oa_xcalloc(nd ? nd : 1, sizeof *all);
  for (size_t d = 0; d < nd; d++)
    if (out->tasks[d].count > DIST_EXACT)
      all[d].sk = oa_xcalloc(4, sizeof *all[d].sk);
  for (size_t o = 0; o < a->ndirs; o++) {
    dir *x = &a->dirs[order[o]], *y = &all[canon[order[o]]];
    for (int k = 0; k < 4; k++) {
      if (!y->sk) {
        y->v[k] = oa_xrealloc(y->v[k], (y->n + x->n) * sizeof(double));
        memcpy(y->v[k] + y->n, x->v[k], x->n * sizeof(double));
      } else if (!x->sk) {
        for (size_t j = 0; j < x->n; j++)
          sketch_add(&y->sk[k], x->v[k][j]);
      } else {
        sketch *ys = &y->sk[k], *xs = &x->sk[k];
        ys->n += xs->n, ys->zero += xs->zero, ys->total += xs->total;
        ys->max = xs->max > ys->max ? xs->max : ys->max;
        for (size_t j = 0; j < SKETCH_N; j++)
          ys->b[j] += xs->b[j];
      }
      free(x->v[k]);
      x->v[k] = NULL;
    }
    y->n += x->n;
  }
  double sp = a->s_per_tick;
  /* each directive's phase (Periscope's unit): the threads' time in the
   * top-level parallel regions its tasks were created in, each once; all
   * of the run for tasks created outside them */
  double *phase = oa_xcalloc(nd ? nd : 1, sizeof *phase);
  oa_idmap seen = { 0 };
  for (oa_idmap_slot *p = oa_idmap_next(&a->phase_seen, NULL); p;
       p = oa_idmap_next(&a->phase_seen, p)) {
    uint64_t key = p->key - 1;
    oa_idmap_slot *r = oa_idmap_find(&a->dirmap, (key >> 32) + 1);
    int64_t gi = (int64_t)(key & 0xffffffffu) - 1;
    size_t d = canon[r->count - 1];
    uint64_t dkey = ((uint64_t)d << 32 | (uint64_t)(gi + 1)) + 1;
    if (!oa_idmap_find(&seen, dkey)) {
      oa_idmap_add(&seen, dkey);
      const region *g = gi >= 0 ? &a->regions[gi] : NULL;
      phase[d] += g ? (double)(g->t_end - g->t_begin) * sp * (double)a->nth : total;
    }
  }
  free(order);
  free(canon);
  for (size_t d = 0; d < nd; d++) {
    oa_time_tasks *x = &out->tasks[d];
    size_t n = x->count;
    x->create = dist_in(&all[d], 0);
    x->wait = dist_in(&all[d], 1);
    x->exec = dist_in(&all[d], 2);
    x->suspended = dist_in(&all[d], 3);
    /* Periscope's task properties (seed 003), severity: the thread time
     * they cost over their phase's */
    double create = x->create.total, of = phase[d] < total ? phase[d] : total;
    if (x->exec.median < 1e-6)
      finding(out, fcap, "empty_tasks", x->loc, OA_TW_CODE, create, of,
              "do this work inline, or merge it into fewer, larger tasks",
              "%llu tasks run %.2f us each (median) and take %.2f us to create",
              (unsigned long long)n, x->exec.median * 1e6, x->create.median * 1e6);
    else if (x->exec.median < 10 * x->create.median)
      finding(out, fcap, "fine_granularity", x->loc, OA_TW_CODE, create, of,
              "make tasks larger: a cut-off (if or final clause), or more work per task",
              "%llu tasks run %.2f us each (median), under 10x their creation cost %.2f us",
              (unsigned long long)n, x->exec.median * 1e6, x->create.median * 1e6);
    else
      finding(out, fcap, "task_creation_overhead", x->loc, OA_TW_CODE, create, of,
              "create fewer tasks (taskloop grainsize, a cut-off), or create them in parallel",
              "creating %llu tasks took %.3f s of thread time", (unsigned long long)n, create);
    for (int k = 0; k < 4; k++)
      free(all[d].v[k]);
    free(all[d].sk);
  }
  free(all);
  free(phase);
  oa_idmap_free(&seen);
  oa_idmap_free(&bydir);
  if (out->ntasks)  /* (qsort wants an array, even of none) */
    qsort(out->tasks, out->ntasks, sizeof *out->tasks, by_count);

  /* per top-level region instance that created tasks: too few of them, or
   * threads idle while they ran */
  for (size_t i = 0; i < a->nregions; i++) {
    region *g = &a->regions[i];
    if (!g->top || !g->tasks || g->idle <= 0)
      continue;
    uint32_t loc = a->opts->same ? a->opts->same(a->opts->ctx, g->first_loc) : g->first_loc;
    double of = (double)(g->t_end - g->t_begin) * a->s_per_tick * (double)a->nth;
    of = of > 0 && of < total ? of : total;
    uint64_t lo = g->per_thread ? UINT64_MAX : 0, hi = 0;
    for (uint32_t th = 0; g->per_thread && th < g->team && th < a->nth; th++) {
      lo = g->per_thread[th] < lo ? g->per_thread[th] : lo;
      hi = g->per_thread[th] > hi ? g->per_thread[th] : hi;
    }
    if (g->tasks < g->team)
      finding(out, fcap, "fewer_tasks_than_threads", loc, OA_TW_CODE, g->idle, of,
              "create at least as many tasks as threads (split the work finer)",
              "%llu tasks for %u threads; threads had no work for %.3f s in this region",
              (unsigned long long)g->tasks, g->team, g->idle);
    else if (hi > 2 * lo + 1)
      finding(out, fcap, "uneven_task_distribution", loc, OA_TW_CODE, g->idle, of,
              "let every thread create tasks, or create them earlier so idle threads can take them",
              "threads ran between %llu and %llu of its %llu tasks, and had no work for %.3f s",
              (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)g->tasks,
              g->idle);
    else
      finding(out, fcap, "task_region_imbalance", loc, OA_TW_CODE, g->idle, of,
              "split the longest tasks, or create the long ones first",
              "threads had no work for %.3f s while this region's %llu tasks ran", g->idle,
              (unsigned long long)g->tasks);
  }
}

/* The timeline's slices: equal parts of the run, to its end read ahead. */
static void timeline_init(an *a)
{
  uint64_t end = a->tmax_pre > a->tmin ? a->tmax_pre : a->tmax;
  double wall_ticks = end > a->tmin ? (double)(end - a->tmin) : 0;
  a->slice = wall_ticks > 0 ? wall_ticks / (double)a->np : 1;
  a->timeline = oa_xcalloc(a->np, sizeof *a->timeline);
}

/* Thread th's segments [from, to) to the segment hook. */
static void segs_give(an *a, uint32_t th, size_t from, size_t to)
{
  static const uint8_t cats[] = { [SEG_WORK] = OA_TS_WORK, [SEG_OVER] = OA_TS_OVERHEAD,
                                  [SEG_WAIT] = OA_TS_WAIT, [SEG_LOCK] = OA_TS_LOCK };
  const thread_segs *T = &a->ts[th];
  for (size_t i = from; i < to && i < T->n; i++) {
    const seg *x = &T->v[i];
    uint64_t t0 = i ? T->v[i - 1].t1 : T->start;
    oa_time_seg s = { .thread = th, .t0 = (double)(t0 - a->tmin) * a->s_per_tick,
                      .t1 = (double)(x->t1 - a->tmin) * a->s_per_tick, .loc = x->loc,
                      .cat = cats[x->cat], .what = x->what, .off = x->off,
                      .task = x->cat == SEG_WORK ? x->xtask : 0 };
    a->seg_fn(a->seg_ctx, &s);
  }
}

/* The threads' timelines walked together from where the sweep got to
 * until, with the count of fragments ready but not running (the ready
 * intervals begun and not ended), in the slices where nothing changes;
 * then the segments passed are dropped. */
static void sweep_to(an *a, uint64_t until)
{
  if (!a->slice)
    timeline_init(a);
  if (!a->swept)
    a->swept = a->tmin;
  double sp = a->s_per_tick;
  int64_t *cur = oa_xmalloc((a->nth ? a->nth : 1) * sizeof *cur);
  for (uint64_t now = a->swept; now < until;) {
    while (theap_top(&a->starts) <= now)
      a->ready++, theap_pop(&a->starts);
    while (theap_top(&a->ends) <= now)
      a->ready--, theap_pop(&a->ends);
    int64_t ready = a->ready;
    uint64_t t1 = until;
    for (size_t th = 0; th < a->nth; th++) {
      const thread_segs *T = &a->ts[th];
      size_t *i = &a->idx[th];
      while (*i < T->n && T->v[*i].t1 <= now)
        (*i)++;
      cur[th] = *i < T->n ? (int64_t)*i : -1;
      if (cur[th] >= 0 && T->v[cur[th]].t1 < t1)
        t1 = T->v[cur[th]].t1;
    }
    if (theap_top(&a->starts) < t1)
      t1 = theap_top(&a->starts);
    if (theap_top(&a->ends) < t1)
      t1 = theap_top(&a->ends);
    double dt = (double)(t1 - now) * sp;
    int running = 0, nwait = 0, nlock = 0, held = 0;
    for (size_t th = 0; th < a->nth; th++) {
      if (cur[th] < 0)
        continue;
      const seg *s = &a->ts[th].v[cur[th]];
      if (s->cat == SEG_WORK)
        held++;  /* code in progress, on its core or not: blamed for the waiting */
      if (s->off && s->cat != SEG_WAIT && s->cat != SEG_LOCK)
        continue;
      if (s->cat == SEG_WORK)
        running++;
      else if (s->cat == SEG_WAIT)
        nwait++;
      else if (s->cat == SEG_LOCK)
        nlock++;
    }
    double avail = ready > 0 ? (double)ready : 0;
    double share = nwait ? (avail < nwait ? avail : nwait) / nwait : 0;
    while (a->gi < a->ntops && a->regions[a->tops[a->gi]].t_end
           && a->regions[a->tops[a->gi]].t_end <= now)
      a->gi++;
    region *g = a->gi < a->ntops && a->regions[a->tops[a->gi]].t_begin <= now
                    ? &a->regions[a->tops[a->gi]] : NULL;
    for (size_t th = 0; th < a->nth; th++) {
      if (cur[th] < 0)
        continue;
      const seg *s = &a->ts[th].v[cur[th]];
      /* the running fragment's work, which a W record may still name
         (each renames all of it: fragment_named), aside */
      oa_time_row *r = s->cat == SEG_WORK && (size_t)cur[th] >= a->tst[th].frag_first
                           ? &a->pend[th] : row_cached(a, th, s->loc, s->what);
      if (s->cat == SEG_WORK && nwait)
        r->blamed += dt * nwait / held;  /* held > 0: this one holds code */
      /* off its core: its work or overhead is preempted time, and so is a
       * wait's share of ready work (it would have run it: not the runtime's
       * delay); waiting with nothing ready, or for a lock, it lost nothing */
      if (s->off && s->cat == SEG_WAIT) {
        r->preempted += dt * share;
        r->no_work += dt * (1 - share);
        if (g)
          g->idle += dt * (1 - share);
        continue;
      }
      if (s->off && s->cat != SEG_LOCK) {
        r->preempted += dt;
        continue;
      }
      switch (s->cat) {
      case SEG_WORK:
        r->work += dt;
        if (s->task >= 0)
          a->exec[s->task] += t1 - now;
        break;
      case SEG_OVER: r->overhead += dt; break;
      case SEG_LOCK:
        r->lock_wait += dt;
        r = row_of(a, s->code ? s->code : s->loc, OA_TW_CODE);
        r->blamed += dt;
        r->blamed_lock += dt;
        break;
      case SEG_WAIT:
        r->delay += dt * share;
        r->no_work += dt * (1 - share);
        if (g)
          g->idle += dt * (1 - share);
        break;
      }
    }
    /* the timeline, time-weighted per slice */
    double slice = a->slice, x0 = (double)(now - a->tmin), x1 = (double)(t1 - a->tmin);
    size_t np = a->np;
    while (x0 < x1) {
      double q = x0 / slice;
      size_t k = q < (double)np ? (size_t)q : np;  /* (past the end: the last, below) */
      if (k >= np)
        k = np - 1;
      double end = (double)(k + 1) * slice;
      /* x0 / slice rounds down at a slice's very start: that slice is the
       * next one (stopping there dropped the rest of the interval) */
      if (end <= x0 && k + 1 < np)
        end = (double)(++k + 1) * slice;
      if (k == np - 1)
        end = x1;  /* the last slice takes what rounding leaves */
      double part = (x1 < end ? x1 : end) - x0, w = part / slice;
      if (part <= 0)
        break;
      a->timeline[k].running += running * w;
      a->timeline[k].ready += (running + avail) * w;
      a->timeline[k].lock_wait += nlock * w;
      x0 += part;
    }
    now = t1;
  }
  free(cur);
  if (until > a->swept)
    a->swept = until;
  /* the segments passed, out (by half the table at least: each is moved
   * at most a few times) */
  for (size_t th = 0; th < a->nth; th++) {
    thread_segs *T = &a->ts[th];
    tstate *z = &a->tst[th];
    size_t k = a->idx[th];
    if (a->seg_fn && z->frag_first < k)
      k = z->frag_first;  /* the running fragment's, which a W record may still name */
    if (k < 256 || 2 * k < T->n)
      continue;
    if (a->seg_fn)
      segs_give(a, th, 0, k);
    T->start = T->v[k - 1].t1;
    memmove(T->v, T->v + k, (T->n - k) * sizeof *T->v);
    T->n -= k;
    a->idx[th] -= k;
    z->frag_first = z->frag_first > k ? z->frag_first - k : 0;
    z->lock_first = z->lock_first > k ? z->lock_first - k : 0;
    if (T->cap > 4096 && T->n < T->cap / 4) {
      T->cap /= 2;
      T->v = oa_xrealloc(T->v, T->cap * sizeof *T->v);
    }
  }
}

/* A task's ready interval once its dependences are known: from now (its
 * creation, or its last dependence's end) when none is pending. */
static void ready_settle(an *a, int64_t k)
{
  task *t = &a->tasks[k];
  if (t->ready != READY_UNKNOWN)
    return;
  if (t->npreds) {
    t->ready = READY_BLOCKED;
  } else {
    ready_from(a, t->t_ready);
    t->ready = READY_OPEN;
  }
}

/* An explicit task's figures, final once the sweep is past its end, to
 * its directive's (the task table: median, p90 of each). */
static void task_fold(an *a, int64_t k)
{
  task *t = &a->tasks[k];
  if (!t->is_explicit)
    return;
  if (!t->loc_known) {  /* its NEW came after its creation */
    oa_idmap_slot *l = oa_idmap_find(&a->pmap, t->pnode);
    t->loc = l ? l->count : 0;
    if (l)
      oa_idmap_remove(&a->pmap, l);
  }
  region *g = t->region >= 0 ? &a->regions[t->region] : NULL;
  if (g && !g->first_known && g->first_pnode == t->pnode) {
    g->first_loc = t->loc;
    g->first_known = 1;
  }
  oa_idmap_slot *s = oa_idmap_find(&a->dirmap, (uint64_t)t->loc + 1);
  if (!s) {
    dir d = { .loc = t->loc };
    PUSH(a->dirs, a->ndirs, a->cap_dirs, d);
    s = oa_idmap_add(&a->dirmap, (uint64_t)t->loc + 1);
    s->count = (uint32_t)a->ndirs;
  }
  dir *d = &a->dirs[s->count - 1];
  if (!dir_count(d) || t->seq < d->first)
    d->first = t->seq;
  double sp = a->s_per_tick;
  uint64_t begin = t->begun ? t->t_begin : t->t_end;
  uint64_t life = t->t_end > begin ? t->t_end - begin : 0;
  double x[4] = { (double)t->create_cost * sp,
                  begin > t->t_ready ? (double)(begin - t->t_ready) * sp : 0,
                  (double)a->exec[k] * sp,
                  life > a->exec[k] ? (double)(life - a->exec[k]) * sp : 0 };
  dir_add(d, x);
  uint64_t key = ((uint64_t)t->loc << 32 | (uint32_t)(t->region + 1)) + 1;
  if (!oa_idmap_find(&a->phase_seen, key))
    oa_idmap_add(&a->phase_seen, key);
}

/* Task k is done with: folded, its slot free; and its parent with it when
 * that one waited only for its children. */
static void task_free(an *a, int64_t k)
{
  for (;;) {
    task *t = &a->tasks[k];
    task_fold(a, k);
    if (t->creator) {  /* no record of its creator names it any more */
      tstate *z = &a->tst[t->creator - 1];
      if (z->pending_create == k)
        z->pending_create = -1;
      if (z->unready == k + 1)
        z->unready = 0;
    }
    oa_idmap_slot *s = t->pnode ? oa_idmap_find(&a->pnode_task, t->pnode) : NULL;
    if (s && s->count == (uint32_t)k + 1)
      oa_idmap_remove(&a->pnode_task, s);
    int64_t p = t->parent;
    t->freed = 1;
    PUSH(a->free_slots, a->nfree, a->cap_free, (int32_t)k);
    if (p < 0 || --a->tasks[p].refs > 0 || !a->tasks[p].retire_wait)
      return;
    k = p;
  }
}

/* The tasks ended that the sweep has passed, freed (none while a taskgroup
 * is open: its wait may still look at them). */
static void retire_swept(an *a)
{
  while (a->retire_head < a->nretire && !a->tg_open) {
    int32_t k = a->retire[a->retire_head].k;
    if (a->retire[a->retire_head].t_end > a->swept)
      break;
    a->retire_head++;
    task *t = &a->tasks[k];
    if (t->refs)
      t->retire_wait = 1;
    else
      task_free(a, k);
  }
  if (a->retire_head > 4096 && 2 * a->retire_head > a->nretire) {
    a->nretire -= a->retire_head;
    memmove(a->retire, a->retire + a->retire_head, a->nretire * sizeof *a->retire);
    a->retire_head = 0;
  }
}

/* A region that ended, created no task (those the findings read at the
 * end), and that the sweep and every thread are past, is given up: its
 * slot goes to the next region (a program of many small parallel loops
 * has millions).  Regions end in about the order they are given up in; one
 * not ready yet (a worker still in its last barrier) waits at the head. */
static void retire_regions(an *a)
{
  while (a->ended_head < a->nended) {
    uint32_t gi = a->ended[a->ended_head];
    region *g = &a->regions[gi];
    if (!g->tasks) {
      if (g->t_end > a->swept || (int64_t)gi == a->last_top || (g->top && g->top_pos >= a->gi))
        break;
      for (uint32_t th = 0; th < a->nth; th++) {
        const tstate *z = &a->tst[th];
        if (z->bar_g == gi + 1)
          return;
        for (int i = 0; i < z->nsw && i < 16; i++)
          if (z->sw[i].g == gi + 1)
            return;
      }
      oa_idmap_slot *m = oa_idmap_find(&a->rmap, g->id);
      if (m && m->count == gi + 1)
        oa_idmap_remove(&a->rmap, m);
      region_free(g);
      memset(g, 0, sizeof *g);
      PUSH(a->free_regions, a->nfree_regions, a->cap_free_regions, gi);
    }
    a->ended_head++;
  }
  if (a->ended_head == a->nended)
    a->ended_head = a->nended = 0;
}

/* Where a thread's segments i and on begin. */
static uint64_t seg_start(const thread_segs *T, size_t i)
{
  return i >= T->n ? T->end : i ? T->v[i - 1].t1 : T->start;
}

/* How far back a thread's record may still change its past: its time off
 * its core (OA_RAW_PREEMPT) is taken from its latest segments, back to its
 * previous such record.  Before format 5 it often began before the
 * thread's previous record (the tool looked only as a callback began, so a
 * break inside the callback, before its records, came with the next one):
 * the sweep keeps LOOKBACK_SECONDS of each thread's past then.  From format
 * 5 on the tool looks as each callback ends too, so a record of time off
 * the core covers only time after the thread's previous record: the sweep
 * keeps CARVE_SLACK_SECONDS (the kernel's clock and the TSC's rate as
 * measured differ a little).  Either way it takes a thread that wrote
 * nothing for LOOKBACK_SECONDS as it stands, and keeps LOOKBACK_SECONDS
 * of its past (a thread spinning in the runtime's wait, yielding its core,
 * may have been runnable all that time); a thread that then turns out to
 * have been off its core longer than that makes the analysis read the run
 * again whole (cut_short). */
#define LOOKBACK_SECONDS 0.1
#define CARVE_SLACK_SECONDS 0.001

/* Sweep as far as the records read so far allow: to the earliest point a
 * record still to come may change.  That is, for each thread, its last
 * record (what it does since is known at its next; a thread quiet for
 * LOOKBACK_SECONDS is taken as it stands), less what its next time off the
 * core may take back, or its lock segments that wait for a name, or the
 * creation of a task whose dependences may still come; a barrier's wait
 * whose condition may be met any time now (a task run in it ends), or a
 * taskgroup's (from its start); a region whose threads have not all begun
 * (their ready interval starts at its fork). */
static void sweep_ahead(an *a)
{
  uint64_t back = ticks_of(a, LOOKBACK_SECONDS);
  uint64_t reach = a->exit_looks ? ticks_of(a, CARVE_SLACK_SECONDS) : back;  /* (not quiet) */
  uint64_t until = a->tmax, stood = a->tmax > back ? a->tmax - back : 0;
  for (uint32_t th = 0; th < a->nth; th++) {
    tstate *z = &a->tst[th];
    thread_segs *T = &a->ts[th];
    /* a thread taken as it stands (below) may have been runnable all along:
     * its next record's time off the core keeps LOOKBACK_SECONDS */
    int quiet = !z->started || z->last < stood;
    if (z->lock || z->lock_pending) {
      uint64_t at = z->lock_pending ? seg_start(T, z->lock_first) : z->last;
      until = at < until ? at : until;
    } else {
      if ((!z->started || z->last < stood) && stood > a->swept) {
        if (z->unready)
          unready_settle(a, th);
        close_state(a, th, stood);
      }
      until = z->last < until ? z->last : until;
    }
    if (z->unready)  /* a task whose ready interval may begin at its creation */
      until = a->tasks[z->unready - 1].t_ready < until ? a->tasks[z->unready - 1].t_ready : until;
    /* what its next OA_RAW_PREEMPT may take back */
    uint64_t r = quiet ? back : reach;
    uint64_t lim = z->last - (z->last > r ? r : z->last);
    uint64_t carve_to = z->carved > lim ? z->carved : lim;
    carve_to = carve_to < z->last ? carve_to : z->last;
    until = carve_to < until ? carve_to : until;
    for (int i = 0; i < z->nsw && i < 16; i++) {
      const open_wait *w = &z->sw[i];
      uint64_t at = UINT64_MAX;
      if (w->what == OA_TW_TASKGROUP) {
        at = w->t0;
      } else if (w->what == OA_TW_BARRIER && !w->last_barrier && w->g) {
        region *g = region_at(a, w->g);
        const barrier_inst *b = w->k < g->nbar ? &g->bar[w->k] : NULL;
        if (!g->team || (b && b->arrivals >= g->team)) {
          at = b && b->last_arrival > w->t0 ? b->last_arrival : w->t0;
          at = b && b->last_work > at ? b->last_work : at;
        }
      }
      until = at < until ? at : until;
    }
  }
  for (size_t i = 0; i < a->nopen; i++) {
    const region *g = &a->regions[a->open_regions[i]];
    if (g->forked + 1 < g->team && g->t_begin < until)
      until = g->t_begin;
  }
  if (until > a->swept)
    sweep_to(a, until);
  retire_swept(a);
  retire_regions(a);
}

/* Everything the analysis holds (not its result). */
static void an_free(an *a)
{
  free(a->tst);
  free(a->idx);
  free(a->pend);
  free(a->memo);
  free(a->starts.v);
  free(a->ends.v);
  free(a->links);
  free(a->tops);
  free(a->open_regions);
  free(a->timeline);
  for (size_t i = 0; i < a->nregions; i++)
    region_free(&a->regions[i]);
  free(a->regions);
  free(a->ended);
  free(a->free_regions);
  free(a->tasks);
  free(a->exec);
  free(a->retire);
  free(a->free_slots);
  for (size_t i = 0; i < a->ndirs; i++) {
    for (int k = 0; k < 4; k++)
      free(a->dirs[i].v[k]);
    free(a->dirs[i].sk);
  }
  free(a->dirs);
  oa_idmap_free(&a->dirmap);
  oa_idmap_free(&a->phase_seen);
  for (size_t i = 0; i < a->nth; i++)
    free(a->ts ? a->ts[i].v : NULL);
  free(a->ts);
  free(a->rows);
  oa_idmap_free(&a->pmap);
  oa_idmap_free(&a->tmap);
  oa_idmap_free(&a->pnode_task);
  oa_idmap_free(&a->rmap);
  oa_idmap_free(&a->bcount);
  oa_idmap_free(&a->rowmap);
}

int oa_time_analyse(oa_recording *r, const oa_time_opts *opts, oa_time_result *out, char *err,
                    size_t errlen)
{
  oa_time_reader *tr = oa_time_start(r, opts->max_points);
  oa_time_segments(tr, opts->seg, opts->seg_ctx);
  int rc = oa_rec_visit(r, oa_time_visitor(tr), err, errlen);
  return oa_time_finish(tr, rc, opts, out, err, errlen);
}

int oa_time_finish(oa_time_reader *tr, int visit_rc, const oa_time_opts *opts,
                   oa_time_result *out, char *err, size_t errlen)
{
  (void)err, (void)errlen;  /* the read's reason is there already */
  memset(out, 0, sizeof *out);
  an a = tr->a;
  free(tr);
  a.opts = opts;
  int rc = visit_rc != 0 ? -1 : 0;
  if (rc == 0 && (!a.timed || a.s_per_tick <= 0 || a.tmin >= a.tmax))
    rc = 1;
  if (rc == 0) {
    /* to the end of the run: the tasks never begun are ready to it */
    for (size_t i = 0; i < a.ntasks; i++)
      if (a.tasks[i].is_explicit && !a.tasks[i].freed) {
        ready_settle(&a, (int64_t)i);
        if (a.tasks[i].ready == READY_OPEN)
          ready_to(&a, a.tmax);
      }
    for (uint32_t th = 0; th < a.nth; th++) {
      a.tst[th].unready = 0;
      close_state(&a, th, a.tmax);
    }
    for (size_t i = 0; i < a.nregions; i++)
      if (a.regions[i].t_begin && !a.regions[i].t_end)
        a.regions[i].t_end = a.tmax;
    sweep_to(&a, a.tmax);
    if (a.cut_short && a.sweep_every) {
      /* a thread was off its core longer in one stretch than the sweep
       * keeps (a machine far busier than it has cores): the whole run
       * again, kept in memory, for the figures a sweep at the end gives */
      oa_recording *r = a.rec;
      size_t np = a.np;
      oa_time_seg_fn fn = a.seg_fn;
      void *fctx = a.seg_ctx;
      an_free(&a);
      if (fn)
        fn(fctx, NULL);  /* they all come again */
      oa_time_reader *again = oa_time_start(r, np);
      oa_time_segments(again, fn, fctx);
      again->a.sweep_every = 0;
      return oa_time_finish(again, oa_rec_visit(r, oa_time_visitor(again), err, errlen), opts,
                            out, err, errlen);
    }
    for (uint32_t th = 0; th < a.nth; th++) {
      fragment_done(&a, th);
      if (a.seg_fn)
        segs_give(&a, th, 0, a.ts[th].n);
    }
    rows_merge(&a);
    if (!a.slice)
      timeline_init(&a);
    out->timeline = a.timeline;
    out->ntimeline = a.np;
    a.timeline = NULL;
    for (size_t k = 0; k < a.np; k++)
      out->timeline[k].t = (double)k * a.slice * a.s_per_tick;
    out->wall = (double)(a.tmax - a.tmin) * a.s_per_tick;
    out->tool = (double)a.tool_ticks * a.s_per_tick;
    out->threads = (uint32_t)a.nth;
    for (size_t i = 0; i < a.nrows; i++) {
      oa_time_row *x = &a.rows[i];
      out->work += x->work, out->overhead += x->overhead, out->delay += x->delay;
      out->no_work += x->no_work, out->lock_wait += x->lock_wait;
      out->preempted += x->preempted;
    }
    out->before_tool = (double)a.before_tool * a.s_per_tick;
    double total = out->wall * out->threads;
    size_t fcap = 0;
    for (size_t i = 0; i < a.nrows; i++) {
      oa_time_row *x = &a.rows[i];
      if (x->what == OA_TW_LOCK)
        finding(out, &fcap, "lock_contention", x->loc, x->what, x->lock_wait, total,
                "shorten what the lock guards, or use atomics, reductions or per-thread data",
                "threads waited %.3f s to acquire it", x->lock_wait);
      else if (x->what == OA_TW_BARRIER || x->what == OA_TW_BAR_WS || x->what == OA_TW_BAR_PAR)
        finding(out, &fcap, "barrier_imbalance", x->loc, x->what, x->delay + x->no_work, total,
                barrier_hint(&a, x), "threads waited %.3f s here (%.3f s with no work ready)",
                x->delay + x->no_work, x->no_work);
      else if (x->what == OA_TW_CODE && x->loc == 0)
        finding(out, &fcap, "serial_code", x->loc, x->what, x->blamed - x->blamed_lock, total,
                "parallelize this code, or overlap it with tasks",
                "other threads had nothing to do for %.3f s while it ran",
                x->blamed - x->blamed_lock);
      else if (x->what == OA_TW_CODE)
        finding(out, &fcap, "starves_other_threads", x->loc, x->what,
                x->blamed - x->blamed_lock, total,
                "split this code so more threads can share it, or give the others work meanwhile",
                "other threads waited %.3f s while it ran", x->blamed - x->blamed_lock);
    }
    if (out->delay > 0) {
      uint32_t loc;
      int what;
      double most = row_most(&a, offsetof(oa_time_row, delay), &loc, &what);
      finding(out, &fcap, "scheduling_delay", loc, what, out->delay, total,
              "ready work waited for a thread: with short tasks or chunks, that is the cost of "
              "handing each one out (make them larger); else check OMP_WAIT_POLICY, "
              "KMP_BLOCKTIME, and that threads do not outnumber cores",
              "threads waited %.3f s while work was ready (most here: %.3f s)", out->delay,
              most);
    }
    if (out->preempted > 0) {
      uint32_t loc;
      int what;
      double most = row_most(&a, offsetof(oa_time_row, preempted), &loc, &what);
      finding(out, &fcap, "preempted", loc, what, out->preempted, total,
              "the machine was busy: run on an idle one, or with no more threads than free "
              "cores; neither the program nor the runtime lost this time",
              "threads were runnable but off their cores for %.3f s (most here: %.3f s)",
              out->preempted, most);
    }
    for (size_t i = 0; i < a.ntasks; i++)  /* the tasks still kept */
      if (!a.tasks[i].freed) {
        if (!a.tasks[i].ended)
          a.tasks[i].t_end = a.tmax;
        task_fold(&a, (int64_t)i);
      }
    task_table(&a, out, &fcap, total);
    out->explicit_tasks = a.nexplicit;
    out->fragments = a.fragments;
    findings_done(out);
    if (out->nfindings)
      qsort(out->findings, out->nfindings, sizeof *out->findings, by_severity);
    if (a.nrows)
      qsort(a.rows, a.nrows, sizeof *a.rows, by_row_time);
    out->rows = a.rows;
    out->nrows = a.nrows;
    a.rows = NULL;
  }
  an_free(&a);
  if (rc != 0)
    oa_time_result_free(out);
  return rc;
}

void oa_time_result_free(oa_time_result *out)
{
  free(out->rows);
  free(out->tasks);
  free(out->findings);
  free(out->timeline);
  memset(out, 0, sizeof *out);
}
