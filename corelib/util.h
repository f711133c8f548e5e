/* Small helpers shared by the driver and the analyses: messages in the house
 * style ("ompadv: ..."), allocation that cannot return NULL, string buffers. */
#ifndef OMPADV_UTIL_H
#define OMPADV_UTIL_H

#include <stdarg.h>
#include <stddef.h>

/* An invariant of the model: checked in a build configured with
 * --enable-checks (the test suite's), compiled out otherwise; why says, in
 * words, what should hold (Archer's assert(cond && "why") style). */
#ifdef OA_CHECKS
#include <assert.h>
#define OA_ASSERT(cond, why) assert((cond) && (why))
#else
#define OA_ASSERT(cond, why) ((void)0)
#endif

/* A one-byte spin lock, for the model's short critical sections that every
 * thread of a team takes at each construct (a node's children, a region's
 * worksharing slots), where a futex's wake would be a system call. */
static inline void oa_spin_lock(unsigned char *l)
{
  while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(l, __ATOMIC_RELAXED))
      __builtin_ia32_pause();
}

static inline void oa_spin_unlock(unsigned char *l)
{
  __atomic_store_n(l, 0, __ATOMIC_RELEASE);
}

/* Exit codes of the driver (doc/DESIGN.md section 1). */
enum { OA_EXIT_FAIL = 1, OA_EXIT_USAGE = 2 };

extern int oa_verbose;   /* -v given */
extern int oa_quiet;     /* -q given */

void oa_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void oa_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void oa_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));   /* silenced by -q */
void oa_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));  /* only with -v */
_Noreturn void oa_die(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Allocation that cannot return NULL: when memory runs out, the oa_x*
 * functions call oa_out_of_memory (and abort if it returns).  The default,
 * for the driver, says so and exits 1; the tool, inside the target, sets
 * its own (tool/tool.c). */
typedef void oa_oom_fn(size_t bytes);
extern oa_oom_fn *oa_out_of_memory;
void *oa_xmalloc(size_t n);
void *oa_xcalloc(size_t n, size_t size);
/* n bytes aligned to align (a power of two, a multiple of sizeof(void *)) */
void *oa_xaligned_alloc(size_t align, size_t n);
void *oa_xrealloc(void *p, size_t n);
char *oa_xstrdup(const char *s);
/* The index i in first..last with names[i] equal to name; 0 when none (or
 * name NULL): how the enums with a name table parse a name. */
unsigned oa_name_index(const char *const *names, unsigned first, unsigned last, const char *name);
char *oa_xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Replace every "%C" (C: conv) in pattern by value; the caller frees the
 * result.  oa_expand_pid: "%p", the process id. */
char *oa_expand_field(const char *pattern, char conv, long value);
char *oa_expand_pid(const char *pattern, long pid);
/* Why a result file stopped growing, from the errno the tool kept
 * (contract.h: full_errno), as a clause: "the file system filled", ... */
const char *oa_full_reason(int err);

/* A descriptor that is none of the standard streams: fd itself when above
 * 2, else a close-on-exec copy above 2 (fd is closed); -1 stays -1, and so
 * does a failed copy (errno set).  A file of ompadv's that took the place
 * of a closed stdout or stderr would receive the program's own output. */
int oa_fd_high(int fd);
/* s as one word of a POSIX shell, quoted only when it needs to be: what a
 * note can tell the user to type.  The caller frees the result. */
char *oa_shell_quote(const char *s);

/* Lexically tidied path: no "." parts, "dir/.." pairs removed, no doubled
 * slashes.  The caller frees the result. */
char *oa_path_clean(const char *path);
/* The tidied path, relative to the current directory when it is below it.
 * The caller frees the result. */
char *oa_path_display(const char *path);

#endif
