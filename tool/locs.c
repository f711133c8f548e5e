/* The location registry: each directive's code address and kind gets a
 * small id the first time any thread meets it (lock-free: a table of
 * entries claimed by compare-and-swap, the id published once set), and a
 * LOC record names it in a recording. */
#include "prof.h"

#define OA_LOC_TABLE (2 * OA_PROF_LOC_MAX)

typedef struct oa_loc_entry {
  uint64_t key;                   /* atomic: where << 4 | kind, 0 = empty */
  uint32_t id;                    /* atomic: 0 until published */
} oa_loc_entry;

typedef struct oa_loc_info {
  uint64_t where;
  uint16_t kind, flags;
} oa_loc_info;

static struct {
  oa_loc_entry table[OA_LOC_TABLE];
  oa_loc_info info[OA_PROF_LOC_MAX];
  uint32_t next_id;               /* atomic; id 0 is main */
} L;

uint32_t oa_prof_loc(unsigned kind, const void *codeptr_ra)
{
  return oa_prof_loc_flagged(kind, codeptr_ra, 0);
}

/* flags (enum oa_event_flags) are kept with the location when it is first
 * registered */
uint32_t oa_prof_loc_flagged(unsigned kind, const void *codeptr_ra, uint8_t flags)
{
  uint8_t wflags = flags;
  uint64_t where = oa_where(codeptr_ra, &wflags);
  uint64_t key = (where << 4 | kind) | ((uint64_t)1 << 63);
  uint32_t h = (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 48) & (OA_LOC_TABLE - 1);
  for (uint32_t probe = 0; probe < OA_LOC_TABLE; probe++, h = (h + 1) & (OA_LOC_TABLE - 1)) {
    oa_loc_entry *e = &L.table[h];
    uint64_t k = __atomic_load_n(&e->key, __ATOMIC_ACQUIRE);
    if (k == 0) {
      uint64_t expected = 0;
      if (__atomic_compare_exchange_n(&e->key, &expected, key, 0, __ATOMIC_ACQ_REL,
                                      __ATOMIC_ACQUIRE)) {
        uint32_t id = __atomic_add_fetch(&L.next_id, 1, __ATOMIC_RELAXED);
        /* a directive: the run has something to show (contract.h) */
        if (kind != OA_C_EDGE && oa_the_run.header)
          __atomic_store_n(&oa_the_run.header->constructs, 1, __ATOMIC_RELAXED);
        if (id >= OA_PROF_LOC_MAX) {
          oa_prof_flag(OA_PROF_LOC_OVERFLOW);
          id = 0;
        } else {
          L.info[id] = (oa_loc_info){ where, (uint16_t)kind, wflags };
          oa_record *rec = oa_rec_begin(oa_me(), OA_REC_LOC, 0);
          if (rec) {
            rec->rec_loc.loc = id;
            rec->rec_loc.code = where;
            rec->rec_loc.kind = (uint16_t)kind;
            rec->rec_loc.loc_flags = wflags;
            oa_commit(oa_me());
          }
        }
        __atomic_store_n(&e->id, id ? id : UINT32_MAX, __ATOMIC_RELEASE);
        return id;
      }
      k = expected;
    }
    if (k == key) {
      uint32_t id;
      while ((id = __atomic_load_n(&e->id, __ATOMIC_ACQUIRE)) == 0)
        __builtin_ia32_pause();
      return id == UINT32_MAX ? 0 : id;
    }
  }
  oa_prof_flag(OA_PROF_LOC_OVERFLOW);
  return 0;
}

uint64_t oa_prof_loc_where(uint32_t loc)
{
  return loc && loc < OA_PROF_LOC_MAX ? L.info[loc].where : 0;
}

unsigned oa_prof_loc_kind(uint32_t loc)
{
  return loc && loc < OA_PROF_LOC_MAX ? L.info[loc].kind : OA_C_MAIN;
}

static void describe_loc(void *ctx, uint32_t loc, oa_loc_desc *d)
{
  (void)ctx;
  oa_loc_info none = { 0, OA_C_MAIN, 0 };
  const oa_loc_info *i = loc && loc < OA_PROF_LOC_MAX ? &L.info[loc] : &none;
  *d = (oa_loc_desc){ i->where, i->kind, i->flags };
}

const oa_locs oa_prof_locs = { describe_loc, NULL };

uint32_t oa_prof_nlocs(void)
{
  uint32_t n = __atomic_load_n(&L.next_id, __ATOMIC_RELAXED) + 1;
  return n > OA_PROF_LOC_MAX ? OA_PROF_LOC_MAX : n;
}

