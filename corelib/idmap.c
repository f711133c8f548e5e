/* The id map of idmap.h: linear probing.  A removed key's slot is filled
 * again by the keys after it in its run that may move back (backward-shift
 * deletion), so the table holds no markers: a lookup's probes depend only on
 * the live keys, and the table grows only when half of it is live. */
#include "idmap.h"

#include <stdlib.h>

#include "util.h"

static uint64_t hash64(uint64_t x)
{
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return x;
}

static int taken(const oa_idmap_slot *s)
{
  return s->key != 0;
}

oa_idmap_slot *oa_idmap_find(const oa_idmap *m, uint64_t key)
{
  if (!m->cap || !key)
    return NULL;
  size_t h = hash64(key) & (m->cap - 1);
  for (size_t probe = 0; probe < m->cap; probe++, h = (h + 1) & (m->cap - 1)) {
    if (m->t[h].key == key)
      return &m->t[h];
    if (m->t[h].key == 0)
      return NULL;
  }
  return NULL;
}

static oa_idmap_slot *place(oa_idmap_slot *t, size_t cap, uint64_t key)
{
  size_t h = hash64(key) & (cap - 1);
  while (taken(&t[h]))
    h = (h + 1) & (cap - 1);
  return &t[h];
}

oa_idmap_slot *oa_idmap_add(oa_idmap *m, uint64_t key)
{
  if ((m->used + 1) * 2 > m->cap) {  /* rebuild: a quarter full at most after */
    size_t cap = m->cap ? m->cap : 256;
    while ((m->live + 1) * 4 > cap)
      cap *= 2;
    oa_idmap_slot *t = oa_xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < m->cap; i++)
      if (taken(&m->t[i]))
        *place(t, cap, m->t[i].key) = m->t[i];
    free(m->t);
    m->t = t;
    m->cap = cap;
    m->used = m->live;
  }
  oa_idmap_slot *s = place(m->t, m->cap, key);
  if (s->key == 0)
    m->used++;
  *s = (oa_idmap_slot){ .key = key };
  m->live++;
  return s;
}

void oa_idmap_remove(oa_idmap *m, oa_idmap_slot *s)
{
  size_t mask = m->cap - 1, hole = (size_t)(s - m->t);
  for (size_t j = (hole + 1) & mask; m->t[j].key; j = (j + 1) & mask) {
    /* the key at j may fill the hole if its home slot is not in (hole, j] */
    size_t home = hash64(m->t[j].key) & mask;
    if (((j - home) & mask) >= ((j - hole) & mask)) {
      m->t[hole] = m->t[j];
      hole = j;
    }
  }
  m->t[hole] = (oa_idmap_slot){ 0 };
  m->live--;
  m->used--;
}

void oa_idmap_free(oa_idmap *m)
{
  free(m->t);
  *m = (oa_idmap){ 0 };
}

oa_idmap_slot *oa_idmap_next(const oa_idmap *m, oa_idmap_slot *s)
{
  for (size_t i = s ? (size_t)(s - m->t) + 1 : 0; i < m->cap; i++)
    if (taken(&m->t[i]))
      return &m->t[i];
  return NULL;
}
