/* Where in the program an event happened.  codeptr_ra is used as is unless it
 * is missing or points into libomp (tail calls at -O1 and above); then the
 * stack is walked to the first frame that belongs to the program. */
#include "tool.h"

#include <dlfcn.h>
#include <link.h>
#include <string.h>
#define UNW_LOCAL_ONLY
#include <libunwind.h>

static oa_range range_of(const void *addr)
{
  oa_range r = { 0, 0 };
  Dl_info info;
  struct link_map *lm = NULL;
  if (!dladdr1(addr, &info, (void **)&lm, RTLD_DL_LINKMAP) || !lm)
    return r;
  /* dl_iterate_phdr would give exact segments; the whole mapping from the
   * base to the end of the object's last segment is what dladdr knows. */
  const ElfW(Ehdr) *eh = info.dli_fbase;
  const ElfW(Phdr) *ph = (const ElfW(Phdr) *)((const char *)eh + eh->e_phoff);
  uintptr_t lo = UINTPTR_MAX, hi = 0;
  for (int i = 0; i < eh->e_phnum; i++) {
    if (ph[i].p_type != PT_LOAD)
      continue;
    uintptr_t s = lm->l_addr + ph[i].p_vaddr;
    if (s < lo)
      lo = s;
    if (s + ph[i].p_memsz > hi)
      hi = s + ph[i].p_memsz;
  }
  r.lo = lo;
  r.hi = hi;
  return r;
}

static int is_runtime_name(const char *path)
{
  static const char *const names[] = { "/libc.so", "/ld-linux", "/libunwind", "/libgcc_s",
                                       "/libpthread", "/libdl.so", "/libomp", "/libgomp",
                                       "/libclang_rt.", "/libarcher" };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strstr(path, names[i]))
      return 1;
  return 0;
}

static void add_runtime(oa_range r)
{
  oa_target_run *run = &oa_the_run;
  if (r.hi > r.lo && run->nruntime < OA_MAX_RUNTIME_RANGES)
    run->runtime[run->nruntime++] = r;
}

static int collect_runtime(struct dl_phdr_info *info, size_t size, void *arg)
{
  if (!info->dlpi_name || !is_runtime_name(info->dlpi_name))
    return 0;
  for (int i = 0; i < info->dlpi_phnum; i++)
    if (info->dlpi_phdr[i].p_type == PT_LOAD) {
      oa_range r = { info->dlpi_addr + info->dlpi_phdr[i].p_vaddr,
                     info->dlpi_addr + info->dlpi_phdr[i].p_vaddr + info->dlpi_phdr[i].p_memsz };
      add_runtime(r);
    }
  return 0;
}

void oa_where_init(ompt_function_lookup_t lookup)
{
  /* The lookup function lives in the runtime, whatever its file is called. */
  oa_the_run.libomp = range_of((const void *)lookup);
  add_runtime(oa_the_run.libomp);
  oa_the_run.self = range_of((const void *)oa_where_init);
  add_runtime(oa_the_run.self);
  dl_iterate_phdr(collect_runtime, NULL);
}

static inline int in_range(oa_range r, uintptr_t a)
{
  return a >= r.lo && a < r.hi;
}

static int in_runtime(uintptr_t a)
{
  for (int i = 0; i < oa_the_run.nruntime; i++)
    if (in_range(oa_the_run.runtime[i], a))
      return 1;
  return 0;
}

static uint64_t user_frame(uintptr_t ra, uint8_t *flags)
{
  void *frames[48];
  int n = unw_backtrace(frames, 48);
  for (int i = 0; i < n; i++) {
    uintptr_t f = (uintptr_t)frames[i];
    if (!in_runtime(f)) {
      *flags |= OA_WHERE_WALKED;
      return f;
    }
  }
  return ra;
}

uint64_t oa_where_caller(const void *code)
{
  uintptr_t ra = (uintptr_t)code;
  if (ra && in_range(oa_the_run.self, ra)) {  /* libomp was called from interpose.c */
    oa_thread *t = oa_self;
    ra = t && t->caller_ra ? (uintptr_t)t->caller_ra : 0;
  }
  return ra;
}

uint64_t oa_where(const void *codeptr_ra, uint8_t *flags)
{
  uintptr_t ra = oa_where_caller(codeptr_ra);
  uint64_t where = ra && !in_range(oa_the_run.libomp, ra) ? ra : user_frame(ra, flags);
  oa_out_saw_address(where);
  return where;
}
