/* A map from 64-bit ids to small records, by open addressing: the replay's
 * tables of live nodes, of parallel regions and of what-if edges.  Id 0 is
 * never a key (an empty slot). */
#ifndef OMPADV_IDMAP_H
#define OMPADV_IDMAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct oa_idmap_slot {
  uint64_t key;
  void *ptr;                   /* what the id names */
  uint32_t count;              /* the user's (the replay: holds on a node, a region index) */
  uint32_t flags;              /* the user's */
} oa_idmap_slot;

typedef struct oa_idmap {
  oa_idmap_slot *t;
  size_t cap;                  /* a power of two, or 0 */
  size_t used;                 /* slots taken (no removed markers: equals live) */
  size_t live;                 /* keys in the map */
} oa_idmap;

/* The slot of key, or NULL. */
oa_idmap_slot *oa_idmap_find(const oa_idmap *m, uint64_t key);
/* A new slot for key (not in the map), zeroed but for its key; the other
 * slots may move. */
oa_idmap_slot *oa_idmap_add(oa_idmap *m, uint64_t key);
/* Remove s's key; other slots of m may move (a slot pointer into m is
 * stale after a remove as after an add). */
void oa_idmap_remove(oa_idmap *m, oa_idmap_slot *s);
void oa_idmap_free(oa_idmap *m);
/* Each live slot in turn: for (s = NULL; (s = oa_idmap_next(m, s));) */
oa_idmap_slot *oa_idmap_next(const oa_idmap *m, oa_idmap_slot *s);

#endif
