/* The race runtime's orders forced through locks and atomics (see below):
 * which fragment a read observed, polls, and the forced predecessors the
 * detectors (race-fast.c, race-precise.c) and race-omp.c's lock hooks
 * consult and add. */

#include "race-int.h"

#include <string.h>

/* --- orders the program forces through locks and atomics (precise mode) ----
 * The series-parallel graph knows no lock: two critical regions of one lock
 * run in either order.  Some orders are forced all the same, in every
 * schedule (doc/SEMANTICS.md rules 16-17):
 *   - a lock's region whose start the graph orders before another's start
 *     (a lock held across a barrier and taken after it) ends before the
 *     other begins: mutual exclusion leaves no other order;
 *   - a thread that polls a location under a lock or with atomics (the same
 *     read again and again: a hand-made barrier, a flag) until it reads
 *     another thread's write goes on only after that write;
 *   - a read that observes another fragment's write (rules 16b, 17): an
 *     atomic read, or a read in a critical region or under a lock that
 *     does not write the location before it releases the lock: in a
 *     schedule where the two swap, the reader reads something else and
 *     does something else.  A read-modify-write (sum += x in a critical
 *     region, an atomic update or capture) is no such read: it does the
 *     same whatever it read, so a "barrier" counter that nobody waits on
 *     still races.
 * Each makes the writer's fragment (it ends at the release) a forced
 * predecessor (spred) of what the reader's task runs next. */
typedef struct oa_spred {
  const oa_node *pred;
  const struct oa_spred *next;
} oa_spred;

/* e precedes p (or is p): by the graph, or through p's forced predecessors. */
int before_or_at(const oa_node *e, const oa_node *p, int depth)
{
  if (e == p)
    return 1;
  uint32_t d;
  if (oa_race_frag_of(e)->t0 <= oa_race_frag_of(p)->t0 && !oa_may_parallel_at(e, p, 1, &d))
    return 1;
  return depth > 0 && sync_before(e, p, depth - 1);
}

int sync_before(const oa_node *e, const oa_node *cur, int depth)
{
  for (const oa_spred *s = oa_race_frag_of(cur)->spreds; s; s = s->next)
    if (before_or_at(e, s->pred, depth))
      return 1;
  return 0;
}

void add_spred(oa_thread *t, oa_task *task, oa_node *w, const oa_node *pred)
{
  if (!task || !w || pred == w)
    return;
  for (const oa_spred *s = oa_race_task_of(task)->spreds; s; s = s->next)
    if (before_or_at(pred, s->pred, 2))
      return;  /* implied already */
  /* a new list (the old one is shared by earlier fragments): pred, and the
   * old ones it does not follow; bounded (the oldest go first) */
  oa_spred *head = arena_alloc(sizeof *head), *tail = head;
  head->pred = pred;
  head->next = NULL;
  int n = 1;
  for (const oa_spred *s = oa_race_task_of(task)->spreds; s && n < 8; s = s->next) {
    if (before_or_at(s->pred, pred, 2))
      continue;
    oa_spred *c = arena_alloc(sizeof *c);
    c->pred = s->pred;
    c->next = NULL;
    tail->next = c;
    tail = c;
    n++;
  }
  oa_race_task_of(task)->spreds = head;
  oa_race_frag_of(w)->spreds = head;
  memset(t->race->pcache, 0, sizeof t->race->pcache);  /* answers for w may change */
}

/* A read of a synchronized location (under a lock, or atomic) that this
 * thread made just before, at the same site, without writing the location
 * since: a poll (an accumulation, sum += ... in a critical region again and
 * again, is none: it orders nothing). */
void unpoll(oa_race_thread *r, uintptr_t addr)
{
  for (uint32_t i = 0; i < 4; i++)
    if (r->polls[i].addr == addr)
      r->polls[i].addr = 0;
}

/* Locations that a thread has polled (read again and again under a lock
 * or with atomics, waiting): flags.  A read of one that finds it raised at
 * once and lowers it (a test-and-reset) orders like one that waited. */
#define POLLED_TABLE 1024
static uintptr_t polled_addrs[POLLED_TABLE];

int polled_addr(uintptr_t addr, int add)
{
  uint32_t h = (uint32_t)((addr * UINT64_C(0x9e3779b97f4a7c15)) >> 54);
  for (uint32_t i = 0; i < 16; i++, h = (h + 1) & (POLLED_TABLE - 1)) {
    uintptr_t cur = __atomic_load_n(&polled_addrs[h], __ATOMIC_RELAXED);
    if (cur == addr)
      return 1;
    if (!cur) {
      if (!add)
        return 0;
      if (__atomic_compare_exchange_n(&polled_addrs[h], &cur, addr, 0, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED) || cur == addr)
        return 1;
    }
  }
  return 0;
}

/* A read under a lock saw w's write: the order waits for the release. */
static void rf_pending(oa_race_thread *r, const oa_access *a, const oa_node *w)
{
  for (uint32_t i = 0; i < r->nrf; i++)
    if (r->rf[i].addr == a->addr && r->rf[i].writer == w)
      return;
  if (r->nrf < 4) {
    r->rf[r->nrf].addr = a->addr;
    r->rf[r->nrf++].writer = w;
  }
}

/* The reader writes the location before the release: a read-modify-write,
 * unless the read is a wait loop's (a test-and-reset). */
void rf_written(oa_race_thread *r, uintptr_t addr)
{
  for (uint32_t i = r->nrf; i-- > 0;)
    if (r->rf[i].addr == addr && !polled_addr(addr, 0))
      r->rf[i] = r->rf[--r->nrf];
}

/* The reader's fragment after an observed write: order it now (an atomic
 * read, a poll), or when the lock is released (a read under a lock). */
void observed(oa_thread *t, const oa_access *a, const oa_node *cur, const oa_node *w)
{
  if (a->poll || a->site & SITE_SYNC)
    add_spred(t, t->cur, (oa_node *)cur, w);
  else
    rf_pending(t->race, a, w);
}

int polled(oa_race_thread *r, const oa_access *a)
{
  for (uint32_t i = 0; i < 4; i++)
    if (r->polls[i].site == a->site && r->polls[i].addr == a->addr)
      return 1;
  r->polls[r->npolls++ & 3].site = a->site;
  r->polls[(r->npolls - 1) & 3].addr = a->addr;
  return 0;
}
