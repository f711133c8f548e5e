/* Source locations for return addresses, through libdw's dwfl in offline mode.
 * Objects are opened on the first address that falls in them; their lines are
 * found through .debug_aranges, or else our own CU index (clang emits none). */
#include "symbolize.h"
#include "result.h"
#include "util.h"

#include <dlfcn.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <stdlib.h>
#include <string.h>

/* An address interval [lo, hi) and what it belongs to, kept in an array
 * sorted by lo so that the innermost interval holding an address is found by
 * binary search.  Serves both CU ranges and symbols. */
typedef struct span {
  Dwarf_Addr lo, hi;
  Dwarf_Addr maxhi;   /* largest hi of this entry and all before it */
  size_t idx;         /* into the owner's payload array */
  int rank;           /* among equal lo, the higher rank wins, then the lower idx */
} span;

typedef struct span_index {
  span *v;
  size_t n, cap;
} span_index;

enum mod_state { MOD_NEW, MOD_REPORTED, MOD_NO_ELF };

typedef struct module {
  char *path;
  uint64_t base, lo, hi;
  enum mod_state state;
  Dwfl_Module *dwmod;
  /* CU ranges, built on the first address .debug_aranges cannot place. */
  int cus_indexed;
  Dwarf_Addr dwbias;  /* DWARF address = runtime address - dwbias */
  Dwarf_Die *cus;
  size_t ncus;
  span_index cu_spans;
  /* Symbols, built on the first lookup in the module. */
  int syms_indexed;
  const char **sym_names;   /* libdw's strings, valid until dwfl_end */
  span_index sym_spans;     /* symbols with a size, runtime addresses */
  span_index label_spans;   /* sizeless symbols (assembly labels), hi = lo */
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
  span_index mod_spans;       /* over mods, rebuilt after additions */
  int mod_spans_stale;
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

/* ---- sorted spans ------------------------------------------------------------ */

static void span_push(span_index *x, Dwarf_Addr lo, Dwarf_Addr hi, size_t idx, int rank)
{
  if (x->n == x->cap) {
    x->cap = x->cap ? 2 * x->cap : 64;
    x->v = oa_xrealloc(x->v, x->cap * sizeof *x->v);
  }
  x->v[x->n++] = (span){ .lo = lo, .hi = hi, .idx = idx, .rank = rank };
}

static int cmp_span(const void *a, const void *b)
{
  const span *x = a, *y = b;
  if (x->lo != y->lo)
    return x->lo < y->lo ? -1 : 1;
  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  /* Searches walk backwards: the first of equal entries must sort last. */
  return (x->idx < y->idx) - (x->idx > y->idx);
}

static void span_sort(span_index *x)
{
  qsort(x->v, x->n, sizeof *x->v, cmp_span);
  /* Spans may nest or overlap (aliases, a CU range covering another's gap);
   * the running maximum bounds how far back a search must look. */
  Dwarf_Addr maxhi = 0;
  for (size_t i = 0; i < x->n; i++) {
    if (x->v[i].hi > maxhi)
      maxhi = x->v[i].hi;
    x->v[i].maxhi = maxhi;
  }
}

/* The number of spans starting at or below a. */
static size_t span_count_upto(const span_index *x, Dwarf_Addr a)
{
  size_t lo = 0, hi = x->n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (x->v[mid].lo <= a)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

/* The span holding a that starts closest to it. */
static const span *span_find(const span_index *x, Dwarf_Addr a)
{
  for (size_t i = span_count_upto(x, a); i-- > 0 && x->v[i].maxhi > a;)
    if (a < x->v[i].hi)
      return &x->v[i];
  return NULL;
}

static void span_free(span_index *x)
{
  free(x->v);
}

/* ---- modules ----------------------------------------------------------------- */

oa_symbolizer *oa_sym_new(void)
{
  oa_symbolizer *s = oa_xcalloc(1, sizeof *s);
  s->dwfl = dwfl_begin(&offline_callbacks);
  if (!s->dwfl)
    oa_die(OA_EXIT_FAIL, "libdw: %s", dwfl_errmsg(-1));
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
  s->mod_spans_stale = 1;
}

/* Objects mapped at the same time never overlap, but a run that unloads
 * libraries may report two at one address; the closest start wins then. */
static module *module_for(oa_symbolizer *s, uint64_t addr)
{
  if (s->mod_spans_stale) {
    s->mod_spans.n = 0;
    for (size_t i = 0; i < s->nmods; i++)
      span_push(&s->mod_spans, s->mods[i].lo, s->mods[i].hi, i, 0);
    span_sort(&s->mod_spans);
    s->mod_spans_stale = 0;
  }
  const span *m = span_find(&s->mod_spans, addr);
  return m ? &s->mods[m->idx] : NULL;
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

static void add_cu(module *m, Dwarf_Die *cu, size_t *capcus)
{
  if (m->ncus == *capcus) {
    *capcus = *capcus ? 2 * *capcus : 64;
    m->cus = oa_xrealloc(m->cus, *capcus * sizeof *m->cus);
  }
  m->cus[m->ncus++] = *cu;
  Dwarf_Addr base, start, end;
  ptrdiff_t off = 0;
  while ((off = dwarf_ranges(cu, off, &base, &start, &end)) > 0)
    if (end > start)
      span_push(&m->cu_spans, start, end, m->ncus - 1, 0);
}

static void index_cus(module *m)
{
  size_t capcus = 0;
  Dwarf_Addr bias = 0;
  Dwarf_Die *cu = NULL;
  m->cus_indexed = 1;
  while ((cu = dwfl_module_nextcu(m->dwmod, cu, &bias))) {
    m->dwbias = bias;   /* the same for every CU of a module */
    add_cu(m, cu, &capcus);
  }
  span_sort(&m->cu_spans);
}

/* ---- the symbol index ---------------------------------------------------------- */

/* libdw's own preference when symbols share an address. */
static int binding_rank(const GElf_Sym *sym)
{
  switch (GELF_ST_BIND(sym->st_info)) {
  case STB_GLOBAL: return 3;
  case STB_GNU_UNIQUE: return 2;
  case STB_WEAK: return 1;
  default: return 0;
  }
}

/* The symbols dwfl_module_addrname would consider. */
static int is_candidate_symbol(const GElf_Sym *sym, GElf_Word shndx, const char *name)
{
  int type = GELF_ST_TYPE(sym->st_info);
  return name && *name && shndx != SHN_UNDEF && shndx != (GElf_Word)-1 &&
         type != STT_SECTION && type != STT_FILE && type != STT_TLS;
}

/* dwfl_module_addrname scans the whole symbol table on every call (about
 * 0.2 ms per lookup with 12000 symbols), so sort the table once instead. */
static void index_symbols(module *m)
{
  int n = dwfl_module_getsymtab(m->dwmod);
  m->syms_indexed = 1;
  if (n <= 0)
    return;
  m->sym_names = oa_xcalloc((size_t)n, sizeof *m->sym_names);
  for (int i = 1; i < n; i++) {   /* entry 0 is the null symbol */
    GElf_Sym sym;
    GElf_Addr addr;
    GElf_Word shndx;
    const char *name = dwfl_module_getsym_info(m->dwmod, i, &sym, &addr, &shndx, NULL, NULL);
    if (!is_candidate_symbol(&sym, shndx, name))
      continue;
    m->sym_names[i] = name;
    if (sym.st_size)
      span_push(&m->sym_spans, addr, addr + sym.st_size, (size_t)i, binding_rank(&sym));
    else
      span_push(&m->label_spans, addr, addr, (size_t)i, binding_rank(&sym));
  }
  span_sort(&m->sym_spans);
  span_sort(&m->label_spans);
}

static int same_section(Dwfl_Module *dm, Dwarf_Addr a, Dwarf_Addr b)
{
  Dwarf_Addr bias;
  Elf_Scn *sa = dwfl_module_address_section(dm, &a, &bias);
  return sa && sa == dwfl_module_address_section(dm, &b, &bias);
}

/* A sizeless label only names code that no sized symbol covers, from the
 * label up to the end of its section, as libdw has it. */
static const span *label_for(module *m, Dwarf_Addr addr)
{
  size_t nl = span_count_upto(&m->label_spans, addr);
  if (nl == 0)
    return NULL;
  const span *label = &m->label_spans.v[nl - 1];
  size_t ns = span_count_upto(&m->sym_spans, addr);
  if (ns > 0 && m->sym_spans.v[ns - 1].maxhi > label->lo)
    return NULL;
  return same_section(m->dwmod, label->lo, addr) ? label : NULL;
}

/* The symbol (or label) holding addr; *lo: its start. */
static const char *symbol_for(module *m, Dwarf_Addr addr, uint64_t *lo)
{
  if (!m->syms_indexed)
    index_symbols(m);
  const span *sym = span_find(&m->sym_spans, addr);
  if (!sym)
    sym = label_for(m, addr);
  if (!sym)
    return NULL;
  *lo = sym->lo;
  return m->sym_names[sym->idx];
}

/* ---- lookups ---------------------------------------------------------------- */

/* libdw joins a file name with its directory, but leaves a directory that is
 * relative to the compilation directory (gcc's DWARF 5) relative. */
static const char *source_path(oa_symbolizer *s, const char *file, const char *comp_dir)
{
  if (file[0] == '/' || !comp_dir || !*comp_dir)
    return intern(s, file);
  char *full = oa_xasprintf("%s/%s", comp_dir, file);
  const char *path = intern(s, full);
  free(full);
  return path;
}

/* The fast path: libdw finds the CU itself, through .debug_aranges. */
static int line_by_aranges(oa_symbolizer *s, Dwfl_Module *dm, uint64_t addr, oa_srcloc *out)
{
  Dwfl_Line *line = dwfl_module_getsrc(dm, addr);
  int lineno = 0, col = 0;
  const char *file = line ? dwfl_lineinfo(line, NULL, &lineno, &col, NULL, NULL) : NULL;
  if (!file)
    return 0;
  out->file = source_path(s, file, dwfl_line_comp_dir(line));
  out->line = lineno;
  out->col = col;
  return 1;
}

static const char *comp_dir_of(Dwarf_Die *cu)
{
  Dwarf_Attribute attr;
  return dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &attr));
}

/* libdw 0.188 finds no CU without .debug_aranges, so search our own index. */
static int line_by_cu_index(oa_symbolizer *s, module *m, uint64_t addr, oa_srcloc *out)
{
  if (!m->cus_indexed)
    index_cus(m);
  Dwarf_Addr daddr = addr - m->dwbias;
  const span *cu = span_find(&m->cu_spans, daddr);
  Dwarf_Line *line = cu ? dwarf_getsrc_die(&m->cus[cu->idx], daddr) : NULL;
  const char *file = line ? dwarf_linesrc(line, NULL, NULL) : NULL;
  if (!file)
    return 0;
  int lineno = 0, col = 0;
  dwarf_lineno(line, &lineno);
  dwarf_linecol(line, &col);
  out->file = source_path(s, file, comp_dir_of(&m->cus[cu->idx]));
  out->line = lineno;
  out->col = col;
  return 1;
}

/* libstdc++'s demangler (the Itanium C++ ABI): C++ names as users write
 * them, clone suffixes (".omp_outlined") included.  Loaded at the first
 * mangled name only: linking libstdc++ into ompadv cost every run a
 * megabyte of memory for its relocations, more than many a C program
 * measured takes (BENCHMARKS.md, issue 35).  Without it, names stay
 * mangled. */
typedef char *(*demangle_fn)(const char *name, char *buf, size_t *len, int *status);

static demangle_fn demangler(void)
{
  static int tried;
  static demangle_fn fn;
  if (!tried) {
    tried = 1;
    void *h = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
    if (h)
      *(void **)&fn = dlsym(h, "__cxa_demangle");
  }
  return fn;
}

/* The name as users write it: C++ names demangled, others as they are. */
static const char *intern_demangled(oa_symbolizer *s, const char *raw)
{
  int status = -1;
  demangle_fn demangle = raw && raw[0] == '_' && raw[1] == 'Z' ? demangler() : NULL;
  char *nice = demangle ? demangle(raw, NULL, NULL, &status) : NULL;
  const char *name = intern(s, nice && status == 0 ? nice : raw);
  free(nice);
  return name;
}

static void resolve(oa_symbolizer *s, module *m, uint64_t addr, oa_srcloc *out)
{
  out->module = m->path;
  out->module_off = addr + 1 - m->base;
  Dwfl_Module *dm = dwfl_module_of(s, m);
  if (!dm)
    return;
  uint64_t lo = 0;
  out->func = intern_demangled(s, symbol_for(m, addr, &lo));
  out->func_off = out->func ? addr + 1 - lo : 0;
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

char *oa_sym_stable_name(const oa_srcloc *loc, uint64_t ra)
{
  if (loc->func)
    return oa_xasprintf("%s+0x%llx", loc->func, (unsigned long long)loc->func_off);
  if (loc->module) {
    const char *slash = strrchr(loc->module, '/');
    return oa_xasprintf("%s+0x%llx", slash ? slash + 1 : loc->module,
                        (unsigned long long)loc->module_off);
  }
  return oa_xasprintf("0x%llx", (unsigned long long)ra);
}

/* Data addresses are not return addresses: no "- 1", and no sizeless
 * labels, which name code. */
int oa_sym_data(oa_symbolizer *s, uint64_t addr, const char **name, uint64_t *offset)
{
  *name = NULL;
  *offset = 0;
  module *m = addr ? module_for(s, addr) : NULL;
  if (!m || !dwfl_module_of(s, m))
    return 0;
  if (!m->syms_indexed)
    index_symbols(m);
  const span *sym = span_find(&m->sym_spans, addr);
  if (!sym)
    return 0;
  *name = intern_demangled(s, m->sym_names[sym->idx]);
  *offset = addr - sym->lo;
  return 1;
}

static void module_free(module *m)
{
  free(m->path);
  free(m->cus);
  span_free(&m->cu_spans);
  free(m->sym_names);
  span_free(&m->sym_spans);
  span_free(&m->label_spans);
}

void oa_sym_free(oa_symbolizer *s)
{
  if (!s)
    return;
  dwfl_end(s->dwfl);
  for (size_t i = 0; i < s->nmods; i++)
    module_free(&s->mods[i]);
  free(s->mods);
  span_free(&s->mod_spans);
  free(s->cache);
  for (size_t i = 0; i < s->capstrs; i++)
    free(s->strs[i]);
  free(s->strs);
  free(s);
}

oa_symbolizer *oa_sym_for_result(const oa_result *r)
{
  oa_symbolizer *s = oa_sym_new();
  for (size_t i = 0; i < r->nmodules; i++)
    oa_sym_add_module(s, r->modules[i]->path, r->modules[i]->base, r->modules[i]->lo,
                      r->modules[i]->hi);
  return s;
}
