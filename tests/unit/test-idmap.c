/* The id map (corelib/idmap.c) against a plain array: random adds, finds and
 * removes, many more than the table holds at once, so that removal's moving
 * of keys back is exercised at every place in a run and across the table's
 * end; then every key is looked up, present and absent. */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "idmap.h"

#define NKEYS 4096

static uint64_t rng = 88172645463325252ull;

static uint64_t next(void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static int in[NKEYS];          /* whether key i+1 (or its far twin) is in the map */

/* Keys 1..NKEYS, and for odd i a far key, so that home slots collide and wrap. */
static uint64_t key_of(size_t i)
{
  return i & 1 ? (uint64_t)(i + 1) << 40 : (uint64_t)(i + 1);
}

static void check_all(const oa_idmap *m, const char *when)
{
  size_t live = 0;
  for (size_t i = 0; i < NKEYS; i++) {
    oa_idmap_slot *s = oa_idmap_find(m, key_of(i));
    CHECK(!!s == in[i], "%s: key %zu %s", when, i, in[i] ? "lost" : "found after removal");
    if (s)
      CHECK(s->count == (uint32_t)i, "%s: key %zu holds %u", when, i, s->count);
    live += in[i];
  }
  size_t seen = 0;
  for (oa_idmap_slot *s = NULL; (s = oa_idmap_next(m, s));)
    seen++;
  CHECK(seen == live && m->live == live, "%s: %zu walked, %zu live, %zu expected", when, seen,
        m->live, live);
}

int main(void)
{
  oa_idmap m = { 0 };
  /* a bounded live set (a few hundred) through many operations, as the
   * replay's nodes are: the table stays small and sees every removal case */
  for (int round = 0; round < 200000; round++) {
    size_t i = (size_t)(next() % 600);
    if (in[i]) {
      oa_idmap_slot *s = oa_idmap_find(&m, key_of(i));
      CHECK(s, "round %d: key %zu lost", round, i);
      if (!s)
        break;
      oa_idmap_remove(&m, s);
      in[i] = 0;
    } else {
      oa_idmap_add(&m, key_of(i))->count = (uint32_t)i;
      in[i] = 1;
    }
    if (round % 20000 == 0)
      check_all(&m, "bounded");
  }
  check_all(&m, "bounded, end");
  CHECK(m.cap <= 4096, "the table grew to %zu for at most 600 keys", m.cap);
  /* then growth to every key, and removal of all */
  for (size_t i = 0; i < NKEYS; i++)
    if (!in[i]) {
      oa_idmap_add(&m, key_of(i))->count = (uint32_t)i;
      in[i] = 1;
    }
  check_all(&m, "full");
  for (size_t i = 0; i < NKEYS; i++) {
    size_t k = (i * 2654435761u) % NKEYS;
    oa_idmap_slot *s = oa_idmap_find(&m, key_of(k));
    CHECK(s, "emptying: key %zu lost", k);
    if (s)
      oa_idmap_remove(&m, s);
    in[k] = 0;
    if (i % 512 == 0)
      check_all(&m, "emptying");
  }
  check_all(&m, "empty");
  oa_idmap_free(&m);
  if (!failures)
    printf("ok\n");
  return failures != 0;
}
