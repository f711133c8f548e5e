/* How libomp splits a schedule(static) loop among a team's threads
 * (kmp_sched.cpp; enum oa_slot_sched in contract.h names the splits): the
 * team-size model (scale.h) asks for each thread's block at another team
 * size; race mode's runtime asks whether two iterations one thread ran
 * would run on two threads at another team size, and its driver at which
 * (doc/SEMANTICS.md rule 21). */
#ifndef OMPADV_SCHEDULE_H
#define OMPADV_SCHEDULE_H

#include <stddef.h>
#include <stdint.h>

/* The blocks of an unchunked static loop (kind OA_SLOT_STATIC or
 * OA_SLOT_STATIC_GREEDY): the first iteration of thread t's block at team
 * size team, and its iteration count (a chunked one deals chunk-size
 * blocks round-robin). */
void oa_scale_block(unsigned kind, uint64_t trip, uint32_t team, uint32_t t, uint64_t *first,
                    uint64_t *count);

/* The thread (0 .. team-1) that runs iteration k (0-based) of a static
 * loop of trip iterations (kind: enum oa_slot_sched; chunk: the chunk size
 * of OA_SLOT_STATIC_CHUNKED). */
uint32_t oa_static_owner(unsigned kind, uint64_t trip, uint64_t chunk, uint32_t team, uint64_t k);

/* The team sizes from 2 to max at which iterations a and b of such a loop
 * run on two threads, as ranges [lo, hi] (ranges[i][0], ranges[i][1]),
 * ascending; returns how many ranges there are (only the first cap are
 * stored).  0: none. */
size_t oa_static_apart(unsigned kind, uint64_t trip, uint64_t chunk, uint64_t a, uint64_t b,
                       uint32_t max, uint32_t (*ranges)[2], size_t cap);

#endif
