/* The race runtime's side of the program's OpenMP runtime: the hooks
 * (race.h) the tool calls as it builds the OSPG from libomp's events.
 * Starting the runtime (the reservations race.c's detectors work in),
 * epochs (a top-level parallel region: the histories go back), the tasks'
 * stack frames and the task blocks libomp reuses (forgotten, 4.4.1),
 * mutual exclusion (locksets, and the order of a lock's regions in precise
 * mode), auto mode's verdict (Alg. 17), and the summary at the end. */

#include "race-int.h"

#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#include <x86intrin.h>

static void oa_race_finalize(void);

/* --- hooks (race.h) ---------------------------------------------------------------- */

static uint32_t why, why_set;   /* auto mode: OA_RACE_WHY_*; why_set: the first */
static uint64_t why_where;

static void rule_out_fast(unsigned reason, uint64_t where)
{
  if (!__atomic_fetch_or(&why, reason, __ATOMIC_RELAXED)
      && !__atomic_exchange_n(&why_set, 1, __ATOMIC_RELAXED)) {
    why_where = where;
    if (oa_conf.race_detector == OA_DET_AUTO) {
      /* The verdict is in: fast detection would not be exact from here
       * on, so the run ends (the driver runs the program again under the
       * precise detector) rather than run the whole program (one that
       * never ends, a server, a producer and consumer, would hold ompadv
       * in it).  The header says so first: it needs no room in the file. */
      oa_file_header *h = oa_the_run.header;
      if (h) {
        h->race_ruled_out_code = where;
        __atomic_store_n(&h->race_ruled_out, reason, __ATOMIC_RELEASE);
      }
      oa_race_finalize();
      oa_out_write_modules();
      oa_out_finalize();
      _exit(0);
    }
  }
}

int oa_race_detecting(void)
{
  return oa_rs.detecting;
}

/* A forked child shares the shadow blocks (shared mappings) with its
 * parent: it must not touch them. */
static void stop_in_child(void)
{
  oa_rs.detecting = 0;
}

static uint64_t as_limit(void)
{
  struct rlimit rl;
  return getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY ? (uint64_t)rl.rlim_cur
                                                                       : 0;
}

/* No more shadow: detection stops for every thread (the program runs on),
 * what was found stays reported, and the driver says why from the header. */
static void shadow_exhausted(uint64_t mapped_bytes)
{
  if (!__atomic_exchange_n(&oa_rs.detecting, 0, __ATOMIC_ACQ_REL))
    return;
  oa_file_header *h = oa_the_run.header;
  if (h) {
    h->shadow_stopped_at = mapped_bytes;
    h->shadow_limit = as_limit();
    __atomic_store_n(&h->shadow_stopped, 1, __ATOMIC_RELEASE);
  }
}

static int find_exe(struct dl_phdr_info *info, size_t size, void *data)
{
  uintptr_t lo = UINTPTR_MAX;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_LOAD && info->dlpi_addr + info->dlpi_phdr[i].p_vaddr < lo)
      lo = info->dlpi_addr + info->dlpi_phdr[i].p_vaddr;
  *(uintptr_t *)data = lo;
  return 1;  /* the first object is the program */
}

/* Of two fragments, did a begin after e?  By their clocks (ospg.h:
 * oa_ospg_host.began_after), by creation order when neither has run. */
static int began_after(const oa_node *a, const oa_node *e)
{
  uint64_t et0 = oa_race_frag_of(e)->t0, at0 = oa_race_frag_of(a)->t0;
  return et0 || at0 ? et0 < at0 : e->id < a->id;
}

static int oa_race_start(void)
{
  dl_iterate_phdr(find_exe, &oa_rs.exe_lo);
  oa_heap_reserve();  /* before the program may cap its address space */
  oa_graph_host.node_extra = sizeof(oa_race_frag);  /* before the first node */
  oa_task_extra = sizeof(oa_race_task);             /* ... and the first task */
  oa_graph_host.began_after = began_after;
  {
    void *p = mmap(NULL, ARENA_BYTES, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    void *sp = mmap(NULL, SPLITS_MAX * sizeof *oa_rs.splits, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    oa_rs.locksets = calloc(MAX_LOCKSETS, sizeof *oa_rs.locksets);
    oa_rs.fast = oa_conf.race_detector == OA_DET_FAST || oa_conf.race_detector == OA_DET_AUTO;
    if (p == MAP_FAILED || sp == MAP_FAILED || !oa_rs.locksets || oa_shadow_init(oa_conf.race_grain, oa_rs.fast) != 0) {
      static int said;  /* libomp may ask twice: the preloaded library, then the named one */
      uint64_t lim = as_limit(), need = ARENA_BYTES + SPLITS_MAX * sizeof *oa_rs.splits
                                        + oa_shadow_reserved();
      if (!said++ && lim)
        fprintf(stderr, "ompadv: race: cannot reserve the %llu MB of address space race "
                "detection starts with: the program runs with an address-space limit of %llu MB "
                "(ulimit -v, RLIMIT_AS); raise it (ulimit -v unlimited) or remove the program's "
                "own setrlimit\n", (unsigned long long)(need >> 20),
                (unsigned long long)(lim >> 20));
      else if (said == 1)
        fprintf(stderr, "ompadv: race: cannot reserve the %llu MB of address space race "
                "detection starts with (vm.overcommit_memory=2?)\n",
                (unsigned long long)(need >> 20));
      return 0;
    }
    if (oa_conf.race_stacks) {
      size_t bytes = (size_t)CTX_TABLE * 2 * (sizeof *oa_rs.ctx_pc + sizeof *oa_rs.ctx_up);
      char *m = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (m != MAP_FAILED) {
        oa_rs.ctx_pc = (uint64_t *)m;
        oa_rs.cs_pc = oa_rs.ctx_pc + CTX_TABLE;
        oa_rs.ctx_up = (uint32_t *)(oa_rs.cs_pc + CTX_TABLE);
        oa_rs.cs_ctx = oa_rs.ctx_up + CTX_TABLE;
        oa_rs.ctx_on = 1;
      } else {
        fprintf(stderr, "ompadv: race: --earlier-stacks: cannot reserve %zu MB for the calling "
                        "contexts; the earlier accesses' stacks are not kept\n", bytes >> 20);
      }
    }
    oa_shadow_exhausted = shadow_exhausted;
    oa_rs.arena = (uintptr_t)p;
    oa_rs.splits = sp;
    oa_graph_host.slab_alloc = arena_slab;
    oa_graph_host.retain = 1;
    oa_graph_host.shape_only = 1;  /* no profile: the shape answers every query */
    __atomic_store_n(&oa_graph_host.epoch, oa_rs.epoch, __ATOMIC_RELEASE);
    pthread_atfork(NULL, NULL, stop_in_child);
    if (oa_conf.race_detector == OA_DET_PRECISE)
      oa_shadow_release = release_lists;
    oa_rs.detecting = 1;
  }
  return 1;
}

/* Called by the initial thread at the start and the end of each top-level
 * parallel region, when no other thread runs the program's code. */
static void oa_race_epoch(void)
{
  if (!oa_rs.detecting)
    return;
  pthread_mutex_lock(&oa_rs.blocks_lock);
  hist_block *b = oa_rs.blocks_used;
  while (b) {
    hist_block *next = b->next;
    b->next = oa_rs.blocks_free;
    oa_rs.blocks_free = b;
    b = next;
  }
  oa_rs.blocks_used = NULL;
  pthread_mutex_unlock(&oa_rs.blocks_lock);
  __atomic_store_n(&oa_rs.splits_used, 0, __ATOMIC_RELAXED);
  __atomic_store_n(&oa_rs.epoch, oa_rs.epoch + 1, __ATOMIC_RELEASE);
  __atomic_store_n(&oa_graph_host.epoch, oa_rs.epoch, __ATOMIC_RELEASE);
}

/* A task's frames lie below the runtime's call into it; the callback runs
 * a little deeper than that call, so the top is taken with some margin.
 * The lowest frame (__tsan_func_entry) or stack address it accessed (its
 * alloca blocks) bounds them below. */
#define FRAME_MARGIN 512

/* The frames of the tasks nested on this thread: OA_RACE_MAXFRAMES
 * reserved, the pages touched as deep as tasks nest (NULL: none). */
static struct oa_race_frame *frames_reserve(void)
{
  void *p = mmap(NULL, (size_t)OA_RACE_MAXFRAMES * sizeof(struct oa_race_frame),
                 PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

/* The initial thread's stack as pthread_getattr_np gives it (the mapping
 * that holds it, grown down as far as RLIMIT_STACK or the mapping below),
 * without its fopen of /proc/self/maps, whose buffers would come from the
 * program's heap (tool/heap.c says why the tool keeps out of it).  0: not
 * found. */
extern void *__libc_stack_end;

static int initial_stack(uintptr_t *lo, uintptr_t *hi)
{
  uintptr_t here = (uintptr_t)__libc_stack_end, prev_end = 0;
  int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return 0;
  char buf[4096];
  size_t have = 0;
  int found = 0, skip = 0;  /* skip: the rest of a line longer than buf */
  for (;;) {
    ssize_t n = read(fd, buf + have, sizeof buf - 1 - have);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    have += (size_t)n;
    buf[have] = 0;
    char *line = buf, *nl;
    if (skip) {
      if (!(nl = strchr(line, '\n'))) {
        have = 0;
        continue;
      }
      line = nl + 1;
      skip = 0;
    }
    while (!found && (nl = strchr(line, '\n'))) {
      unsigned long a, b;
      if (sscanf(line, "%lx-%lx", &a, &b) == 2) {
        if (here >= a && here < b) {
          /* as glibc's pthread_getattr_np: from the page above the one
           * where the stack began, RLIMIT_STACK less what the mapping
           * holds above that page, at most down to the mapping below */
          struct rlimit rl;
          uintptr_t size = UINTPTR_MAX;
          *hi = (here & ~(uintptr_t)4095) + 4096;
          if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
              && rl.rlim_cur > b - *hi)
            size = (rl.rlim_cur - (b - *hi)) & ~(uintptr_t)4095;
          *lo = size < *hi - prev_end ? *hi - size : prev_end;
          found = 1;
        }
        prev_end = b;
      }
      line = nl + 1;
    }
    if (found)
      break;
    have = (size_t)(buf + have - line);  /* a partial line to complete */
    memmove(buf, line, have);
    if (have == sizeof buf - 1) {  /* (a path of PATH_MAX): its start was read */
      have = 0;
      skip = 1;
    }
  }
  close(fd);
  return found;
}

static uintptr_t oa_race_task_begin(oa_thread *t, int implicit, const void *task)
{
  oa_race_thread *r = t->race;
  if (!r->frames && !r->no_frames && !(r->frames = frames_reserve()))
    r->no_frames = 1;  /* then no task's frames are forgotten (as when too deep) */
  uintptr_t top = (uintptr_t)__builtin_frame_address(0) + FRAME_MARGIN;
  if (implicit && oa_rs.detecting)
    learn_tls(r);  /* for reports that name another thread's copy */
  uintptr_t stack_hi = 0;
  if (!r->stack_lo || implicit == 2) {
    pthread_attr_t attr;
    void *lo;
    size_t size;
    uintptr_t ilo, ihi;
    if (getpid() == (pid_t)syscall(SYS_gettid)) {
      if (initial_stack(&ilo, &ihi)) {
        r->stack_lo = ilo;
        stack_hi = r->stack_hi = ihi;
      }
    } else if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      if (pthread_attr_getstack(&attr, &lo, &size) == 0) {
        r->stack_lo = (uintptr_t)lo;
        stack_hi = (uintptr_t)lo + size;
        r->stack_hi = stack_hi;
      }
      pthread_attr_destroy(&attr);
    }
  }
  /* The frames below the task's top are dead: calls that returned before
   * the runtime started it; its own frames will take their place.  An
   * undeferred task, or one the runtime runs at once inside the call that
   * creates it, runs from its creator's own frame: the creator's frame when
   * it called the runtime bounds them (r->call_sp, set by interpose.c and
   * tsan.c), where the margin would reach into the creator's own frame
   * (its shared locals, which the task, or a task that ran during the
   * wait for the undeferred task's dependences, wrote). */
  uintptr_t dead = r->call_sp ? r->call_sp : top;
  if (r->call_sp)
    top = r->call_sp;  /* exactly: an if(0) task's frames lie just below it */
  r->call_sp = 0;
  if (oa_rs.detecting && r->sp_min && r->sp_min >= r->stack_lo && r->sp_min < dead)
    oa_shadow_clear(r->sp_min, dead);
  if (r->frames && r->nframes < OA_RACE_MAXFRAMES) {
    r->frames[r->nframes].top = dead;  /* its frames end there */
    r->frames[r->nframes].sp_min = r->sp_min;
    r->frames[r->nframes].task = task;
  }
  r->nframes++;
  r->sp_min = top;
  /* the initial task starts lazily, inside the program's first OpenMP call:
   * all of main's stack is its own */
  return implicit == 2 && stack_hi ? stack_hi : top;
}

/* Is task the one whose frames lie just below the innermost task's? */
static int oa_race_task_below(oa_thread *t, const void *task)
{
  oa_race_thread *r = t->race;
  return r->frames && r->nframes >= 2 && r->nframes <= OA_RACE_MAXFRAMES
         && r->frames[r->nframes - 2].task == task;
}

/* Its locals are gone: a later task may get the same addresses, and must
 * not be taken for a racing sibling. */
static void oa_race_task_end(oa_thread *t)
{
  oa_race_thread *r = t->race;
  if (!r->nframes)
    return;
  r->nframes--;
  if (!r->frames || r->nframes >= OA_RACE_MAXFRAMES)
    return;
  uintptr_t top = r->frames[r->nframes].top;
  if (oa_rs.detecting && r->sp_min && r->sp_min >= r->stack_lo && r->sp_min < top)
    oa_shadow_clear(r->sp_min, top);
  r->sp_min = r->frames[r->nframes].sp_min;
}

/* libomp allocates a task's private data and shareds right behind the task
 * structure that holds its OMPT data, and reuses them for later tasks: the
 * block of a new task starts with no history.  The distance between the
 * two is learnt from the first task created through __kmpc_omp_task_alloc
 * (tsan.c), and serves for tasks libomp allocates itself (taskloop). */
static intptr_t block_offset;
static int block_offset_known;

void oa_race_task_block(oa_thread *t, void *block, size_t size)
{
  t->race->task_block = block;
  t->race->task_size = size;
  if (oa_rs.detecting)  /* before the creator writes the task's firstprivate values */
    oa_shadow_clear((uintptr_t)block, (uintptr_t)block + size);
}

int oa_race_block_offset_unknown(void)
{
  return !__atomic_load_n(&block_offset_known, __ATOMIC_ACQUIRE);
}

static uint32_t root_tasks_epoch;  /* the epoch in which the initial task made a task
                                    * (or ran chunks) */

static int oa_race_checks(oa_thread *t)
{
  if (!oa_rs.detecting)
    return 0;
  return !t->cur || t->cur->kind != OA_TASK_INITIAL
         || __atomic_load_n(&root_tasks_epoch, __ATOMIC_RELAXED) == oa_rs.epoch;
}

static void oa_race_root_pieces(oa_thread *t)
{
  if (t->cur && t->cur->kind == OA_TASK_INITIAL)
    __atomic_store_n(&root_tasks_epoch, oa_rs.epoch, __ATOMIC_RELAXED);
}

static void oa_race_task_created(oa_thread *t, void *task_data)
{
  oa_race_root_pieces(t);
  oa_race_thread *r = t->race;
  char *block = r->task_block;
  if (block) {  /* cleared when allocated */
    intptr_t off = block - (char *)task_data;
    if (!block_offset_known && off > -4096 && off < 4096) {
      block_offset = off;
      __atomic_store_n(&block_offset_known, 1, __ATOMIC_RELEASE);
    }
    r->task_block = NULL;
  } else if (block_offset_known && r->task_size && oa_rs.detecting) {
    block = (char *)task_data + block_offset;  /* a taskloop's copy */
    oa_shadow_clear((uintptr_t)block, (uintptr_t)block + r->task_size);
  }
}

/* The last region of each lock: its first and last fragments, and the
 * thread holding the lock now (id + 1; 0: released). */
#define HANDOVERS 1024
static struct {
  uint64_t id;
  const oa_node *in, *out;
  uint32_t epoch, holder;
} handovers[HANDOVERS];
static pthread_mutex_t handover_lock = PTHREAD_MUTEX_INITIALIZER;

/* libomp reports a release after the lock is free: the next holder's
 * acquisition can be handled first.  It waits for the release to be
 * recorded, a few microseconds, never long (a holder that never reports its
 * release, one killed meanwhile: the order is not taken). */
#define HANDOVER_WAIT 4000

static void handover(oa_thread *t, oa_task *task, oa_node *inside, int acquired, uint64_t id,
                     const oa_node *first)
{
  if (oa_conf.race_detector != OA_DET_PRECISE || !inside)
    return;
  uint32_t h = (uint32_t)((id * UINT64_C(0x9e3779b97f4a7c15)) >> 54);
  const oa_node *in = NULL, *out = NULL;
  pthread_mutex_lock(&handover_lock);
  if (acquired) {
    for (int spin = 0; spin < HANDOVER_WAIT && handovers[h].id == id
                       && handovers[h].epoch == oa_rs.epoch && handovers[h].holder
                       && handovers[h].holder != t->id + 1; spin++) {
      pthread_mutex_unlock(&handover_lock);
      if (spin > 64)
        sched_yield();
      else
        _mm_pause();
      pthread_mutex_lock(&handover_lock);
    }
    if (handovers[h].id == id && handovers[h].epoch == oa_rs.epoch && !handovers[h].holder) {
      in = handovers[h].in;
      out = handovers[h].out;
    }
    if (handovers[h].id != id || handovers[h].epoch != oa_rs.epoch) {
      handovers[h].id = id;
      handovers[h].in = handovers[h].out = NULL;
      handovers[h].epoch = oa_rs.epoch;
    }
    handovers[h].holder = t->id + 1;
  } else if (first) {
    handovers[h].id = id;
    handovers[h].in = first;
    handovers[h].out = inside;
    handovers[h].epoch = oa_rs.epoch;
    handovers[h].holder = 0;
  } else if (handovers[h].id == id && handovers[h].holder == t->id + 1) {
    handovers[h].holder = 0;
  }
  pthread_mutex_unlock(&handover_lock);
  /* the other region began before this one in every schedule (by the graph
   * or by orders forced before): it also ended before */
  if (in && out && oa_race_frag_of(in)->thread != oa_race_frag_of(inside)->thread
      && before_or_at(in, inside, 3))
    add_spred(t, task, inside, out);
}

static void oa_race_mutex(oa_thread *t, oa_task *task, oa_node *inside, int acquired, unsigned kind,
                   uint64_t wait_id, const void *ra)
{
  oa_race_thread *r = t->race;
  if (acquired)
    rule_out_fast(OA_RACE_WHY_MUTEX, (uint64_t)(uintptr_t)ra);
  if (kind == ompt_mutex_ordered && r->ws_on)
    oa_race_ws_ordered(t);
  /* critical names and locks are told apart by their wait ids; the kind
   * keeps an ordered region apart from a lock at the same address.  They
   * exclude only the threads of one contention group (OpenMP 5.2 15.2,
   * 18.9: their binding thread set): each team of a league has its own. */
  uint64_t group = task ? task->cgroup * UINT64_C(0x9e3779b97f4a7c15) : 0;
  uint64_t id = wait_id ^ ((uint64_t)kind << 56) ^ group;
  int sync = oa_rs.detecting && kind != ompt_mutex_ordered;  /* ordered regions: their chain */
  r->sync_held += kind == ompt_mutex_ordered ? 0 : acquired ? 1 : r->sync_held ? -1u : 0;
  if (acquired && r->nlocks < OA_RACE_MAXLOCKS) {
    r->lock_in[r->nlocks] = inside;
    r->locks[r->nlocks++] = id;
    if (sync)
      handover(t, task, inside, 1, id, NULL);
  } else if (!acquired) {
    /* the writes its reads observed precede what this task runs next */
    for (uint32_t i = 0; i < r->nrf; i++)
      add_spred(t, task, inside, r->rf[i].writer);
    r->nrf = 0;
    for (uint32_t i = r->nlocks; i-- > 0;)
      if (r->locks[i] == id) {
        if (sync)
          handover(t, task, inside, 0, id, r->lock_in[i]);
        r->locks[i] = r->locks[--r->nlocks];
        r->lock_in[i] = r->lock_in[r->nlocks];
        break;
      }
  }
  if (oa_rs.detecting)
    r->lockset = intern_lockset(r->locks, r->nlocks);
}

void oa_race_check_atomic_read(oa_thread *t, uintptr_t pc)
{
  if (t && t->cur && t->cur->kind != OA_TASK_INITIAL)
    rule_out_fast(OA_RACE_WHY_FLAG, pc);
}

/* --- doacross loops (ordered depend(sink/source), doc/SEMANTICS.md rule 7) ---
 * Iteration x's code after `depend(sink: v)` follows iteration v's code up
 * to its `depend(source)`, in every schedule.  The fragment that ended at
 * v's source is kept by (epoch, loop instance, v); a sink makes it a forced
 * predecessor of the fragment after the wait (the precise detector's
 * orders, race-order.c).  libomp reports a source before it lets the
 * waiting iterations go, and a sink once its wait is over, so the source's
 * fragment is in the table when its sink asks.  An entry another one took
 * over leaves that order unknown: a report may be false then, never
 * missed.  A sink on the thread's own earlier iteration needs no entry:
 * its chunk's code is in series already. */
#define DOACROSS_TABLE (1u << 16)
#define DOACROSS_DIMS 4
static struct doacross_entry {
  uint64_t loop;
  uint64_t vec[DOACROSS_DIMS];
  uint32_t epoch, n;
  const oa_node *src;
} *doacross_table;
static pthread_mutex_t doacross_lock = PTHREAD_MUTEX_INITIALIZER;

static struct doacross_entry *doacross_slot(uint64_t loop, const uint64_t *vec, int n)
{
  uint64_t h = loop * UINT64_C(0x9e3779b97f4a7c15);
  for (int i = 0; i < n; i++)
    h = (h ^ vec[i]) * UINT64_C(0xff51afd7ed558ccd);
  return &doacross_table[(h >> 40) & (DOACROSS_TABLE - 1)];
}

static void oa_race_doacross(oa_thread *t, oa_task *task, oa_node *ended, oa_node *w, int source,
                             const uint64_t *vec, int n)
{
  if (!(__atomic_load_n(&why, __ATOMIC_RELAXED) & OA_RACE_WHY_DOACROSS)) {
    uint8_t flags = 0;
    rule_out_fast(OA_RACE_WHY_DOACROSS, oa_where(NULL, &flags));
  }
  if (!oa_rs.detecting || oa_rs.fast || !task->region || n > DOACROSS_DIMS)
    return;  /* (more dimensions than kept: those loops' orders stay unknown) */
  if (!doacross_table) {
    pthread_mutex_lock(&doacross_lock);
    if (!doacross_table)
      doacross_table = arena_alloc(DOACROSS_TABLE * sizeof *doacross_table);
    pthread_mutex_unlock(&doacross_lock);
  }
  uint64_t loop = task->region->id << 20 | task->ws_slot;
  struct doacross_entry *e = doacross_slot(loop, vec, n);
  pthread_mutex_lock(&doacross_lock);
  if (source && ended) {
    e->loop = loop;
    e->epoch = oa_rs.epoch;
    e->n = (uint32_t)n;
    memcpy(e->vec, vec, (size_t)n * sizeof *vec);
    e->src = ended;
  }
  const oa_node *src = !source && e->epoch == oa_rs.epoch && e->loop == loop && e->n == (uint32_t)n
                               && memcmp(e->vec, vec, (size_t)n * sizeof *vec) == 0
                           ? e->src : NULL;
  pthread_mutex_unlock(&doacross_lock);
  if (src && oa_race_frag_of(src)->thread != t->id)
    add_spred(t, task, w, src);
}

static void oa_race_task_left_children(oa_thread *t, uint64_t where)
{
  rule_out_fast(OA_RACE_WHY_TASKWAIT, where);
}

static void oa_race_finalize(void)
{
  oa_thread *t = oa_me();
  uint64_t checked = 0;
  for (oa_thread *u = __atomic_load_n(&oa_the_run.threads, __ATOMIC_ACQUIRE); u;
       u = u->next_thread)
    checked += u->race->checked;
  if (oa_conf.race_detector == OA_DET_AUTO) {
    oa_record *r = oa_begin_record(t, OA_RACE_CHECK, 0);
    if (r) {
      r->race_check.fast_ok = why == 0;
      r->race_check.why = why;
      r->race_check.why_code = why_where;
      oa_commit(t);
    }
  }
  oa_record *r = oa_begin_record(t, OA_RACE_SUMMARY, 1u << oa_shadow_grain_shift);
  if (!r)
    return;
  r->race_summary.detector = (uint64_t)(oa_rs.fast ? OA_DET_FAST : oa_conf.race_detector);
  r->race_summary.checked = checked;
  r->race_summary.races = oa_rs.races_found;
  r->race_summary.dropped = oa_rs.pairs_dropped;
  r->race_summary.peak_shadow = oa_shadow_mapped() + oa_rs.hist_bytes + oa_rs.arena_used;
  oa_commit(t);
}

const oa_race_hooks oa_race_runtime = {
  .start = oa_race_start,
  .epoch = oa_race_epoch,
  .task_begin = oa_race_task_begin,
  .task_end = oa_race_task_end,
  .task_below = oa_race_task_below,
  .task_created = oa_race_task_created,
  .root_pieces = oa_race_root_pieces,
  .mutex = oa_race_mutex,
  .task_left_children = oa_race_task_left_children,
  .doacross = oa_race_doacross,
  .ws_begin = oa_race_ws_begin,
  .finalize = oa_race_finalize,
  .checks = oa_race_checks,
};
