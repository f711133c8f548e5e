/* Unit test of corelib/symbolize.c with this program as its own subject: it hands
 * its loaded objects to the symbolizer and resolves return addresses taken at
 * known lines of this file, in libc, and where nothing is mapped. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "symbolize.h"

#include <link.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

static int check(int failures, int cond, const char *fmt, ...)
  __attribute__((format(printf, 3, 4)));

static int check(int failures, int cond, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs(cond ? "ok: " : "FAIL: ", stdout);
  vprintf(fmt, ap);
  putchar('\n');
  va_end(ap);
  return failures + !cond;
}

static const char *base_name(const char *path)
{
  const char *slash = path ? strrchr(path, '/') : NULL;
  return slash ? slash + 1 : path;
}

static int str_eq(const char *a, const char *b)
{
  return a && b && strcmp(a, b) == 0;
}

/* Kept out of line so that its return address lies in the caller, inside the
 * call instruction's line; the asm keeps the call from being folded away. */
__attribute__((noinline)) static uint64_t return_address(void)
{
  uint64_t ra = (uint64_t)(uintptr_t)__builtin_return_address(0);
  __asm__ volatile("" ::: "memory");
  return ra;
}

/* Each site returns the line of its call; the store after the call rules out
 * a tail call, which would leave no return address in the site. */
__attribute__((noinline)) static int site_alpha(uint64_t *ra)
{
  *ra = return_address(); return __LINE__;
}

/* Code ahead of the call, so that its line is not the function's first. */
__attribute__((noinline)) static int site_beta(uint64_t *ra)
{
  volatile int pad = 0;
  pad++;
  *ra = return_address(); return __LINE__;
}

/* A qsort_r comparator: its return address lies in libc. */
static int note_caller(const void *a, const void *b, void *arg)
{
  *(uint64_t *)arg = (uint64_t)(uintptr_t)__builtin_return_address(0);
  return *(const int *)a - *(const int *)b;
}

static const char *exe_path(char *buf, size_t size)
{
  ssize_t n = readlink("/proc/self/exe", buf, size - 1);
  if (n <= 0)
    return NULL;
  buf[n] = 0;
  return buf;
}

/* What the injected tool records per object: the path, dlpi_addr and the
 * span of the PT_LOAD segments. */
static int add_object(struct dl_phdr_info *info, size_t size, void *arg)
{
  (void)size;
  uint64_t lo = UINT64_MAX, hi = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD)
      continue;
    if (info->dlpi_addr + ph->p_vaddr < lo)
      lo = info->dlpi_addr + ph->p_vaddr;
    if (info->dlpi_addr + ph->p_vaddr + ph->p_memsz > hi)
      hi = info->dlpi_addr + ph->p_vaddr + ph->p_memsz;
  }
  char exe[4096];
  const char *path = info->dlpi_name;
  if (!path || !*path)   /* the main program */
    path = exe_path(exe, sizeof exe);
  if (path && hi > lo)
    oa_sym_add_module(arg, path, info->dlpi_addr, lo, hi);
  return 0;
}

static int check_site(int f, oa_symbolizer *s, const char *func, uint64_t ra, int line)
{
  char exe[4096];
  oa_srcloc loc;
  int known = oa_sym_lookup(s, ra, &loc);
  f = check(f, known == 1, "%s: lookup returns 1 (got %d)", func, known);
  f = check(f, str_eq(base_name(loc.file), base_name(__FILE__)), "%s: file is %s (got %s)",
            func, base_name(__FILE__), loc.file ? loc.file : "(null)");
  f = check(f, loc.file && loc.file[0] == '/', "%s: file path is absolute", func);
  f = check(f, loc.line == line, "%s: line %d (got %d)", func, line, loc.line);
  f = check(f, loc.col > 0, "%s: column > 0 (got %d)", func, loc.col);
  f = check(f, str_eq(loc.func, func), "%s: function name (got %s)", func,
            loc.func ? loc.func : "(null)");
  f = check(f, str_eq(loc.module, exe_path(exe, sizeof exe)), "%s: module is this program (got %s)",
            func, loc.module ? loc.module : "(null)");
  return f;
}

static int check_cached(int f, oa_symbolizer *s, uint64_t ra)
{
  oa_srcloc a, b;
  int ka = oa_sym_lookup(s, ra, &a), kb = oa_sym_lookup(s, ra, &b);
  f = check(f, ka == kb && a.file == b.file && a.func == b.func && a.module == b.module &&
               a.line == b.line && a.col == b.col,
            "repeated lookup returns the same strings and position");
  return f;
}

static int check_libc(int f, oa_symbolizer *s)
{
  int v[] = { 3, 1, 2 };
  uint64_t ra = 0;
  qsort_r(v, 3, sizeof v[0], note_caller, &ra);
  oa_srcloc loc;
  int known = oa_sym_lookup(s, ra, &loc);
  f = check(f, known == 1, "libc: lookup returns 1 (got %d)", known);
  f = check(f, loc.module && strstr(loc.module, "libc"), "libc: module %s",
            loc.module ? loc.module : "(null)");
  printf("   (libc frame: %s at %s:%d)\n", loc.func ? loc.func : "?",
         loc.file ? loc.file : "?", loc.line);
  return f;
}

static int is_unknown(const oa_srcloc *l)
{
  return !l->file && !l->line && !l->col && !l->func && !l->module;
}

/* Failures that must not crash: nothing mapped, an object that cannot be
 * opened (the vDSO has no file), and one added after lookups started. */
static int check_unknown(int f, oa_symbolizer *s)
{
  oa_srcloc loc;
  int known = oa_sym_lookup(s, 0, &loc);
  f = check(f, known == 0 && is_unknown(&loc), "address 0: returns 0, nothing set");

  long page = sysconf(_SC_PAGESIZE);
  char *hole = mmap(NULL, (size_t)page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (hole == MAP_FAILED)
    return check(f, 0, "mmap");
  uint64_t ra = (uint64_t)(uintptr_t)hole + 16;
  known = oa_sym_lookup(s, ra, &loc);
  f = check(f, known == 0 && is_unknown(&loc), "unmapped address: returns 0, nothing set");

  const char *missing = "/nonexistent/libmissing.so";
  oa_sym_add_module(s, missing, (uint64_t)(uintptr_t)hole, (uint64_t)(uintptr_t)hole,
                    (uint64_t)(uintptr_t)hole + (uint64_t)page);
  known = oa_sym_lookup(s, ra, &loc);
  f = check(f, known == 1 && str_eq(loc.module, missing) && !loc.file && !loc.func && !loc.line,
            "missing file: returns 1 with only the module set (got %d, %s)", known,
            loc.module ? loc.module : "(null)");
  munmap(hole, (size_t)page);

  uint64_t vdso = getauxval(AT_SYSINFO_EHDR);
  if (vdso) {
    known = oa_sym_lookup(s, vdso + 0x100, &loc);
    f = check(f, known == 1 && loc.module && strstr(loc.module, "vdso"),
              "vDSO: returns 1 with its module (got %d, %s)", known,
              loc.module ? loc.module : "(null)");
  }
  return f;
}

/* Every address of this program's text must resolve without crashing. */
static int check_sweep(int f, oa_symbolizer *s, uint64_t ra_in_text)
{
  oa_srcloc loc;
  int bad = 0, with_line = 0, n = 0;
  for (uint64_t a = ra_in_text - 4096; a < ra_in_text + 4096; a += 3, n++) {
    if (!oa_sym_lookup(s, a, &loc))
      bad++;
    with_line += loc.line > 0;
  }
  return check(f, bad == 0 && with_line > 0, "sweep of %d addresses: %d unknown, %d with a line",
               n, bad, with_line);
}

int main(void)
{
  int f = 0;
  oa_symbolizer *s = oa_sym_new();
  dl_iterate_phdr(add_object, s);

  uint64_t ra_alpha, ra_beta;
  int line_alpha = site_alpha(&ra_alpha);
  int line_beta = site_beta(&ra_beta);
  uint64_t ra_main = return_address(); int line_main = __LINE__;

  f = check_site(f, s, "site_alpha", ra_alpha, line_alpha);
  f = check_site(f, s, "site_beta", ra_beta, line_beta);
  f = check_site(f, s, "main", ra_main, line_main);
  f = check_cached(f, s, ra_alpha);
  f = check_libc(f, s);
  f = check_unknown(f, s);
  f = check_sweep(f, s, ra_main);
  f = check_cached(f, s, ra_beta);

  oa_sym_free(s);
  printf("%s\n", f ? "FAIL" : "ok: all checks passed");
  return f ? 1 : 0;
}
