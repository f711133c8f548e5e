/* Source locations for return addresses, through libdw's dwfl in offline mode.
 * An object is handed to libdw only when the first address falls into it; its
 * line table is found through .debug_aranges, or through our own index of CU
 * address ranges when there are none (clang emits no aranges by default). */
#include "symbolize.h"
#include "util.h"

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <stdlib.h>
#include <string.h>

/* One address range of a compile unit, in the module's DWARF address space. */
typedef struct cu_range {
  Dwarf_Addr lo, hi;
  Dwarf_Addr maxhi;   /* largest hi of this entry and all before it */
  size_t cu;          /* index into module.cus */
} cu_range;

enum mod_state { MOD_NEW, MOD_REPORTED, MOD_NO_ELF };

typedef struct module {
  char *path;
  uint64_t base, lo, hi;
  enum mod_state state;
  Dwfl_Module *dwmod;
  /* The CU index, built on the first address .debug_aranges cannot place. */
  int indexed;
  Dwarf_Addr bias;    /* DWARF address = runtime address - bias */
  Dwarf_Die *cus;
  size_t ncus;
  cu_range *ranges;
  size_t nranges;
} module;

/* Open addressing, linear probing; ra 0 is never cached so it marks a free slot. */
typedef struct cache_slot {
  uint64_t ra;
  oa_srcloc loc;
} cache_slot;

struct oa_symbolizer {
  Dwfl *dwfl;
  module *mods;
  size_t nmods, capmods;
  int mods_sorted;
  cache_slot *cache;
  size_t ncache, capcache;    /* capcache is a power of two */
  char **strs;                /* interned strings, same scheme, NULL = free */
  size_t nstrs, capstrs;
};

/* The debuginfo search path libdw uses when given NULL: next to the file, its
 * .debug directory and /usr/lib/debug, by build id or by debuglink. */
static const Dwfl_Callbacks offline_callbacks = {
  .find_elf = dwfl_build_id_find_elf,
  .find_debuginfo = dwfl_standard_find_debuginfo,
  .section_address = dwfl_offline_section_address,
};

/* ---- small hash tables ---------------------------------------------------- */

static size_t hash_addr(uint64_t a)
{
  /* Return addresses share their high bits; the multiply spreads the low ones. */
  return (size_t)((a * UINT64_C(0x9e3779b97f4a7c15)) >> 17);
}

static size_t hash_str(const char *s)
{
  uint64_t h = UINT64_C(0xcbf29ce484222325);   /* FNV-1a */
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
  return (size_t)h;
}

static cache_slot *cache_slot_for(cache_slot *tab, size_t cap, uint64_t ra)
{
  size_t i = hash_addr(ra) & (cap - 1);
  while (tab[i].ra && tab[i].ra != ra)
    i = (i + 1) & (cap - 1);
  return &tab[i];
}

static void cache_grow(oa_symbolizer *s)
{
  size_t cap = s->capcache ? s->capcache * 2 : 1024;
  cache_slot *tab = oa_xcalloc(cap, sizeof *tab);
  for (size_t i = 0; i < s->capcache; i++)
    if (s->cache[i].ra)
      *cache_slot_for(tab, cap, s->cache[i].ra) = s->cache[i];
  free(s->cache);
  s->cache = tab;
  s->capcache = cap;
}

static const oa_srcloc *cache_get(const oa_symbolizer *s, uint64_t ra)
{
  if (!s->capcache)
    return NULL;
  cache_slot *slot = cache_slot_for(s->cache, s->capcache, ra);
  return slot->ra ? &slot->loc : NULL;
}

static void cache_put(oa_symbolizer *s, uint64_t ra, const oa_srcloc *loc)
{
  if (2 * (s->ncache + 1) > s->capcache)
    cache_grow(s);
  cache_slot *slot = cache_slot_for(s->cache, s->capcache, ra);
  if (!slot->ra)
    s->ncache++;
  slot->ra = ra;
  slot->loc = *loc;
}

static char **str_slot_for(char **tab, size_t cap, const char *str)
{
  size_t i = hash_str(str) & (cap - 1);
  while (tab[i] && strcmp(tab[i], str))
    i = (i + 1) & (cap - 1);
  return &tab[i];
}

static void strs_grow(oa_symbolizer *s)
{
  size_t cap = s->capstrs ? s->capstrs * 2 : 256;
  char **tab = oa_xcalloc(cap, sizeof *tab);
  for (size_t i = 0; i < s->capstrs; i++)
    if (s->strs[i])
      *str_slot_for(tab, cap, s->strs[i]) = s->strs[i];
  free(s->strs);
  s->strs = tab;
  s->capstrs = cap;
}

/* libdw's strings die with the Dwfl and many addresses share a file or a
 * function, so each distinct string is copied once. */
static const char *intern(oa_symbolizer *s, const char *str)
{
  if (!str)
    return NULL;
  if (2 * (s->nstrs + 1) > s->capstrs)
    strs_grow(s);
  char **slot = str_slot_for(s->strs, s->capstrs, str);
  if (!*slot) {
    *slot = oa_xstrdup(str);
    s->nstrs++;
  }
  return *slot;
}

/* ---- modules ----------------------------------------------------------------- */

oa_symbolizer *oa_sym_new(void)
{
  oa_symbolizer *s = oa_xcalloc(1, sizeof *s);
  s->dwfl = dwfl_begin(&offline_callbacks);
  if (!s->dwfl)
    oa_die(OA_EXIT_FAIL, "libdw: %s", dwfl_errmsg(-1));
  s->mods_sorted = 1;
  return s;
}

void oa_sym_add_module(oa_symbolizer *s, const char *path, uint64_t base,
                       uint64_t lo, uint64_t hi)
{
  if (!path || hi <= lo)
    return;
  if (s->nmods == s->capmods) {
    s->capmods = s->capmods ? 2 * s->capmods : 16;
    s->mods = oa_xrealloc(s->mods, s->capmods * sizeof *s->mods);
  }
  s->mods[s->nmods++] = (module){ .path = oa_xstrdup(path), .base = base, .lo = lo, .hi = hi };
  s->mods_sorted = 0;
}

static int cmp_module(const void *a, const void *b)
{
  const module *x = a, *y = b;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

static module *module_for(oa_symbolizer *s, uint64_t addr)
{
  if (!s->mods_sorted) {
    qsort(s->mods, s->nmods, sizeof *s->mods, cmp_module);
    s->mods_sorted = 1;
  }
  /* Last module starting at or below addr: objects mapped at the same time
   * never overlap. */
  size_t lo = 0, hi = s->nmods;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (s->mods[mid].lo <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 0 || addr >= s->mods[lo - 1].hi)
    return NULL;
  return &s->mods[lo - 1];
}

/* Open the object only now: a run maps many libraries that no address hits. */
static Dwfl_Module *dwfl_module_of(oa_symbolizer *s, module *m)
{
  if (m->state == MOD_NEW) {
    dwfl_report_begin_add(s->dwfl);
    /* ET_EXEC files ignore the base, and their dlpi_addr is 0 anyway. */
    m->dwmod = dwfl_report_elf(s->dwfl, m->path, m->path, -1, m->base, false);
    if (!m->dwmod)
      oa_debug("no symbols for %s: %s", m->path, dwfl_errmsg(-1));
    if (dwfl_report_end(s->dwfl, NULL, NULL) != 0 && m->dwmod) {
      oa_debug("no symbols for %s: %s", m->path, dwfl_errmsg(-1));
      m->dwmod = NULL;
    }
    m->state = m->dwmod ? MOD_REPORTED : MOD_NO_ELF;
  }
  return m->dwmod;
}

/* ---- the CU index (modules without .debug_aranges) ------------------------- */

static int cmp_range(const void *a, const void *b)
{
  const cu_range *x = a, *y = b;
  return (x->lo > y->lo) - (x->lo < y->lo);
}

static void add_cu_ranges(module *m, Dwarf_Die *cu, size_t *cap)
{
  Dwarf_Addr base, start, end;
  ptrdiff_t off = 0;
  while ((off = dwarf_ranges(cu, off, &base, &start, &end)) > 0) {
    if (end <= start)
      continue;
    if (m->nranges == *cap) {
      *cap = *cap ? 2 * *cap : 64;
      m->ranges = oa_xrealloc(m->ranges, *cap * sizeof *m->ranges);
    }
    m->ranges[m->nranges++] = (cu_range){ .lo = start, .hi = end, .cu = m->ncus - 1 };
  }
}

static void build_cu_index(module *m)
{
  size_t capcus = 0, capranges = 0;
  Dwarf_Addr bias = 0;
  Dwarf_Die *cu = NULL;
  m->indexed = 1;
  while ((cu = dwfl_module_nextcu(m->dwmod, cu, &bias))) {
    if (m->ncus == capcus) {
      capcus = capcus ? 2 * capcus : 64;
      m->cus = oa_xrealloc(m->cus, capcus * sizeof *m->cus);
    }
    m->cus[m->ncus++] = *cu;
    m->bias = bias;   /* the same for every CU of a module */
    add_cu_ranges(m, cu, &capranges);
  }
  qsort(m->ranges, m->nranges, sizeof *m->ranges, cmp_range);
  /* Ranges may overlap (e.g. a CU's range covering a gap filled by another);
   * the running maximum bounds how far back a search must look. */
  Dwarf_Addr maxhi = 0;
  for (size_t i = 0; i < m->nranges; i++) {
    if (m->ranges[i].hi > maxhi)
      maxhi = m->ranges[i].hi;
    m->ranges[i].maxhi = maxhi;
  }
}

static Dwarf_Die *cu_for(module *m, Dwarf_Addr daddr)
{
  size_t lo = 0, hi = m->nranges;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (m->ranges[mid].lo <= daddr)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (size_t i = lo; i-- > 0 && m->ranges[i].maxhi > daddr;)
    if (daddr < m->ranges[i].hi)
      return &m->cus[m->ranges[i].cu];
  return NULL;
}

/* ---- lookups ---------------------------------------------------------------- */

/* The fast path: libdw finds the CU itself, through .debug_aranges. */
static int line_by_aranges(oa_symbolizer *s, Dwfl_Module *dm, uint64_t addr, oa_srcloc *out)
{
  Dwfl_Line *line = dwfl_module_getsrc(dm, addr);
  int lineno = 0, col = 0;
  const char *file = line ? dwfl_lineinfo(line, NULL, &lineno, &col, NULL, NULL) : NULL;
  if (!file)
    return 0;
  out->file = intern(s, file);
  out->line = lineno;
  out->col = col;
  return 1;
}

/* libdw 0.188 finds no CU without .debug_aranges, so search our own index. */
static int line_by_cu_index(oa_symbolizer *s, module *m, uint64_t addr, oa_srcloc *out)
{
  if (!m->indexed)
    build_cu_index(m);
  Dwarf_Addr daddr = addr - m->bias;
  Dwarf_Die *cu = cu_for(m, daddr);
  Dwarf_Line *line = cu ? dwarf_getsrc_die(cu, daddr) : NULL;
  const char *file = line ? dwarf_linesrc(line, NULL, NULL) : NULL;
  if (!file)
    return 0;
  int lineno = 0, col = 0;
  dwarf_lineno(line, &lineno);
  dwarf_linecol(line, &col);
  out->file = intern(s, file);
  out->line = lineno;
  out->col = col;
  return 1;
}

static void resolve(oa_symbolizer *s, module *m, uint64_t addr, oa_srcloc *out)
{
  out->module = m->path;
  Dwfl_Module *dm = dwfl_module_of(s, m);
  if (!dm)
    return;
  out->func = intern(s, dwfl_module_addrname(dm, addr));
  if (!line_by_aranges(s, dm, addr, out))
    line_by_cu_index(s, m, addr, out);
}

int oa_sym_lookup(oa_symbolizer *s, uint64_t ra, oa_srcloc *out)
{
  *out = (oa_srcloc){ 0 };
  if (ra == 0)
    return 0;
  const oa_srcloc *hit = cache_get(s, ra);
  if (hit) {
    *out = *hit;
    return 1;
  }
  /* The return address may be the first byte after the object's last call. */
  module *m = module_for(s, ra - 1);
  if (!m)
    return 0;   /* not cached: a module added later may still claim it */
  resolve(s, m, ra - 1, out);
  cache_put(s, ra, out);
  return 1;
}

void oa_sym_free(oa_symbolizer *s)
{
  if (!s)
    return;
  dwfl_end(s->dwfl);
  for (size_t i = 0; i < s->nmods; i++) {
    free(s->mods[i].path);
    free(s->mods[i].cus);
    free(s->mods[i].ranges);
  }
  free(s->mods);
  free(s->cache);
  for (size_t i = 0; i < s->capstrs; i++)
    free(s->strs[i]);
  free(s->strs);
  free(s);
}
