/* libomp's schedule(static) splits (schedule.h). */
#include "schedule.h"

#include "contract.h"

void oa_scale_block(unsigned kind, uint64_t trip, uint32_t team, uint32_t t, uint64_t *first,
                    uint64_t *count)
{
  *first = *count = 0;
  if (!team || t >= team)
    return;
  if (kind == OA_SLOT_STATIC_GREEDY) {
    uint64_t big = trip / team + (trip % team != 0);
    uint64_t f = big * t;
    *first = f < trip ? f : trip;
    *count = f < trip ? (trip - f < big ? trip - f : big) : 0;
    return;
  }
  /* libomp's balanced split: trip / team each, the first trip % team threads
   * one more (with fewer iterations than threads, one each to the first) */
  uint64_t small = trip / team, extras = trip % team;
  *first = t * small + (t < extras ? t : extras);
  *count = small + (t < extras);
}

uint32_t oa_static_owner(unsigned kind, uint64_t trip, uint64_t chunk, uint32_t team, uint64_t k)
{
  if (team <= 1)
    return 0;
  if (kind == OA_SLOT_STATIC_CHUNKED)
    return (uint32_t)((k / (chunk ? chunk : 1)) % team);
  if (kind == OA_SLOT_STATIC_GREEDY) {
    uint64_t big = trip / team + (trip % team != 0);
    return (uint32_t)(big ? k / big : k);
  }
  /* balanced: the first extras blocks have small + 1 iterations */
  uint64_t small = trip / team, extras = trip % team, wide = extras * (small + 1);
  if (k < wide)
    return (uint32_t)(k / (small + 1));
  return (uint32_t)(small ? extras + (k - wide) / small : team - 1);
}

size_t oa_static_apart(unsigned kind, uint64_t trip, uint64_t chunk, uint64_t a, uint64_t b,
                       uint32_t max, uint32_t (*ranges)[2], size_t cap)
{
  size_t n = 0;
  int open = 0;
  for (uint64_t team = 2; team <= max; team++) {
    if (oa_static_owner(kind, trip, chunk, (uint32_t)team, a)
        == oa_static_owner(kind, trip, chunk, (uint32_t)team, b)) {
      open = 0;
      continue;
    }
    if (!open) {
      if (n < cap)
        ranges[n][0] = (uint32_t)team;
      n++;
      open = 1;
    }
    if (n <= cap)
      ranges[n - 1][1] = (uint32_t)team;
  }
  return n;
}
