/* Messages, checked allocation and the %p expansion of result file names. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int oa_verbose;
int oa_quiet;

static void vmsg(const char *prefix, const char *fmt, va_list ap)
{
  fprintf(stderr, "ompadv: %s", prefix);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
}

void oa_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vmsg("", fmt, ap);
  va_end(ap);
}

void oa_warn(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vmsg("warning: ", fmt, ap);
  va_end(ap);
}

void oa_note(const char *fmt, ...)
{
  va_list ap;
  if (oa_quiet)
    return;
  va_start(ap, fmt);
  vmsg("", fmt, ap);
  va_end(ap);
}

void oa_debug(const char *fmt, ...)
{
  va_list ap;
  if (!oa_verbose)
    return;
  va_start(ap, fmt);
  vmsg("", fmt, ap);
  va_end(ap);
}

void oa_die(int code, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vmsg("", fmt, ap);
  va_end(ap);
  exit(code);
}

static void die_out_of_memory(size_t bytes)
{
  oa_die(OA_EXIT_FAIL, "out of memory (%zu bytes)", bytes);
}

oa_oom_fn *oa_out_of_memory = die_out_of_memory;

static void *checked(void *p, size_t bytes)
{
  if (!p) {
    oa_out_of_memory(bytes);
    abort();  /* a hook that returned */
  }
  return p;
}

void *oa_xmalloc(size_t n)
{
  return checked(malloc(n ? n : 1), n);
}

void *oa_xaligned_alloc(size_t align, size_t n)
{
  void *p = NULL;
  return checked(posix_memalign(&p, align, n) == 0 ? p : NULL, n);
}

void *oa_xcalloc(size_t n, size_t size)
{
  return checked(calloc(n ? n : 1, size ? size : 1), n * size);
}

void *oa_xrealloc(void *p, size_t n)
{
  return checked(realloc(p, n ? n : 1), n);
}

unsigned oa_name_index(const char *const *names, unsigned first, unsigned last, const char *name)
{
  for (unsigned i = first; name && i <= last; i++)
    if (names[i] && strcmp(name, names[i]) == 0)
      return i;
  return 0;
}

char *oa_xstrdup(const char *s)
{
  return checked(strdup(s), strlen(s) + 1);
}

char *oa_xasprintf(const char *fmt, ...)
{
  va_list ap;
  char *s;
  va_start(ap, fmt);
  if (vasprintf(&s, fmt, ap) < 0)
    s = checked(NULL, strlen(fmt));
  va_end(ap);
  return s;
}

const char *oa_full_reason(int err)
{
  switch (err) {
  case ENOSPC: return "the file system filled";
  case EDQUOT: return "the disk quota ran out";
  case EFBIG: return "the file size limit was reached (ulimit -f)";
  case ENOMEM: return "the program ran out of address space (ulimit -v)";
  default: return "the file could not grow";
  }
}

char *oa_expand_field(const char *pattern, char conv, long value)
{
  char num[24], key[3] = { '%', conv, 0 };
  size_t plen = (size_t)snprintf(num, sizeof num, "%ld", value);
  size_t n = 0, cap = strlen(pattern) + 1;
  for (const char *s = pattern; (s = strstr(s, key)); s += 2)
    cap += plen;
  char *out = oa_xmalloc(cap);
  for (const char *s = pattern; *s;) {
    if (s[0] == '%' && s[1] == conv) {
      memcpy(out + n, num, plen);
      n += plen;
      s += 2;
    } else {
      out[n++] = *s++;
    }
  }
  out[n] = 0;
  return out;
}

char *oa_expand_pid(const char *pattern, long pid)
{
  return oa_expand_field(pattern, 'p', pid);
}

char *oa_path_clean(const char *path)
{
  size_t len = strlen(path);
  char *out = oa_xmalloc(len + 2);  /* "" becomes "." */
  size_t n = 0;
  int absolute = path[0] == '/';
  const char *s = path;
  while (*s) {
    while (*s == '/')
      s++;
    const char *e = strchr(s, '/');
    size_t w = e ? (size_t)(e - s) : strlen(s);
    if (w == 0)
      break;
    if (w == 1 && s[0] == '.') {
      /* drop "." */
    } else if (w == 2 && s[0] == '.' && s[1] == '.' && n > 0
               && !(n >= 2 && out[n - 1] == '.' && out[n - 2] == '.'
                    && (n == 2 || out[n - 3] == '/'))) {
      while (n > 0 && out[n - 1] != '/')
        n--;
      if (n > 0)
        n--;
    } else {
      if (n > 0 || absolute)
        out[n++] = '/';
      memcpy(out + n, s, w);
      n += w;
    }
    s += w;
  }
  if (n == 0 && absolute)
    out[n++] = '/';
  if (n == 0)
    out[n++] = '.';
  out[n] = 0;
  return out;
}

char *oa_path_display(const char *path)
{
  char cwd[4096];
  char *clean = oa_path_clean(path);
  if (getcwd(cwd, sizeof cwd)) {
    size_t n = strlen(cwd);
    if (n > 1 && strncmp(clean, cwd, n) == 0 && clean[n] == '/') {
      char *rel = oa_xstrdup(clean + n + 1);
      free(clean);
      return rel;
    }
  }
  return clean;
}

int oa_fd_high(int fd)
{
  if (fd < 0 || fd > 2)
    return fd;
  int high = fcntl(fd, F_DUPFD_CLOEXEC, 3);
  int err = errno;
  close(fd);
  errno = err;
  return high;
}

char *oa_shell_quote(const char *s)
{
  int plain = *s != 0;
  for (const char *c = s; *c && plain; c++)
    plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./,:+=@%", *c)
            != NULL;
  if (plain)
    return oa_xstrdup(s);
  size_t n = 3;
  for (const char *c = s; *c; c++)
    n += *c == '\'' ? 4 : 1;
  char *q = oa_xmalloc(n), *o = q;
  *o++ = '\'';
  for (const char *c = s; *c; c++) {
    if (*c == '\'') {
      memcpy(o, "'\\''", 4);
      o += 4;
    } else {
      *o++ = *c;
    }
  }
  *o++ = '\'';
  *o = 0;
  return q;
}
