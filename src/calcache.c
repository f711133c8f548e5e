/* The calibration cache (calcache.h).  One small file per key, named by the
 * key's hash, holding the key itself on its first line (a hash collision
 * reads as a miss) and the helper's line on its second.  Written to a
 * temporary name and renamed, so a reader never sees half a file. */
#include "calcache.h"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

#define MAX_AGE_S (24 * 3600)

extern char **environ;

/* OMPADV_CACHE_DIR, else $XDG_CACHE_HOME/ompadv, else ~/.cache/ompadv;
 * NULL when off or when there is no home. */
static char *cache_dir(void)
{
  const char *d = getenv("OMPADV_CACHE_DIR");
  if (d)
    return *d && strcmp(d, "off") != 0 ? oa_xstrdup(d) : NULL;
  const char *x = getenv("XDG_CACHE_HOME");
  if (x && x[0] == '/')
    return oa_xasprintf("%s/ompadv", x);
  const char *h = getenv("HOME");
  if (h && h[0] == '/')
    return oa_xasprintf("%s/.cache/ompadv", h);
  return NULL;
}

static uint64_t fnv1a(const char *s)
{
  uint64_t h = UINT64_C(0xcbf29ce484222325);
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
  return h;
}

static char *file_of(const char *dir, const char *key)
{
  return oa_xasprintf("%s/calibration-%016llx", dir, (unsigned long long)fnv1a(key));
}

static int by_str(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The variables that change what libomp does or which libomp loads. */
static int shapes_runtime(const char *v)
{
  return (strncmp(v, "OMP_", 4) == 0 && strncmp(v, "OMP_TOOL", 8) != 0)
         || strncmp(v, "KMP_", 4) == 0 || strncmp(v, "GOMP_", 5) == 0
         || strncmp(v, "LD_LIBRARY_PATH=", 16) == 0 || strncmp(v, "LD_PRELOAD=", 11) == 0;
}

/* Add to the key (a string of the heap). */
__attribute__((format(printf, 2, 3))) static void add(char **s, const char *fmt, ...)
{
  va_list ap;
  char *more = NULL;
  va_start(ap, fmt);
  int n = vasprintf(&more, fmt, ap);
  va_end(ap);
  if (n < 0)
    oa_die(1, "out of memory");
  char *joined = oa_xasprintf("%s%s", *s, more);
  free(more);
  free(*s);
  *s = joined;
}

/* A file's identity: it changes when the file is replaced or rewritten. */
static void add_file(char **s, const char *what, const char *path)
{
  struct stat st;
  if (stat(path, &st) != 0)
    memset(&st, 0, sizeof st);
  add(s, " %s=%llu:%llu:%lld.%09ld:%lld", what, (unsigned long long)st.st_dev,
      (unsigned long long)st.st_ino, (long long)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
      (long long)st.st_size);
}

char *oa_calcache_key(const char *helper, const char *what)
{
  char *k = oa_xasprintf("ompadv-calibration 1 %s %s", PACKAGE_VERSION, what);
  add_file(&k, "helper", helper);
  add_file(&k, "ld.so.cache", "/etc/ld.so.cache");  /* a library installed or updated */
  char boot[64] = "";
  FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
  if (f) {
    if (!fgets(boot, sizeof boot, f))
      boot[0] = 0;
    fclose(f);
    boot[strcspn(boot, "\n")] = 0;
  }
  cpu_set_t cpus;
  int usable = sched_getaffinity(0, sizeof cpus, &cpus) == 0 ? CPU_COUNT(&cpus) : 0;
  add(&k, " boot=%s cpus=%ld usable=%d", boot, sysconf(_SC_NPROCESSORS_ONLN), usable);
  size_t n = 0;
  for (char **e = environ; *e; e++)
    n += shapes_runtime(*e);
  char **vars = oa_xcalloc(n + 1, sizeof *vars);
  n = 0;
  for (char **e = environ; *e; e++)
    if (shapes_runtime(*e))
      vars[n++] = *e;
  qsort(vars, n, sizeof *vars, by_str);
  for (size_t i = 0; i < n; i++)
    add(&k, " %s", vars[i]);
  free(vars);
  /* one line: a variable's value may hold a newline */
  for (char *p = k; *p; p++)
    if (*p == '\n')
      *p = ' ';
  return k;
}

char *oa_calcache_get(const char *key)
{
  char *dir = cache_dir();
  if (!dir)
    return NULL;
  char *path = file_of(dir, key);
  free(dir);
  FILE *f = fopen(path, "r");
  free(path);
  if (!f)
    return NULL;
  struct stat st;
  time_t now = time(NULL);
  char *line = NULL, *value = NULL;
  size_t cap = 0;
  if (fstat(fileno(f), &st) == 0 && st.st_mtime <= now && now - st.st_mtime < MAX_AGE_S
      && getline(&line, &cap, f) > 0) {
    line[strcspn(line, "\n")] = 0;
    if (strcmp(line, key) == 0 && getline(&line, &cap, f) > 0 && strchr(line, '\n')) {
      line[strcspn(line, "\n")] = 0;
      value = oa_xstrdup(line);
      if (getline(&line, &cap, f) > 0 && strncmp(line, "busy", 4) == 0) {
        free(value);  /* measured on a busy machine: calibrate again */
        value = NULL;
      }
    }
  }
  free(line);
  fclose(f);
  return value;
}

/* mkdir -p, private to the user. */
static int make_dirs(char *dir)
{
  for (char *p = dir + 1; *p; p++) {
    if (*p != '/')
      continue;
    *p = 0;
    int ok = mkdir(dir, 0700) == 0 || errno == EEXIST;
    *p = '/';
    if (!ok)
      return -1;
  }
  return mkdir(dir, 0700) == 0 || errno == EEXIST ? 0 : -1;
}

void oa_calcache_put(const char *key, const char *value, int busy)
{
  char *dir = cache_dir();
  if (!dir)
    return;
  if (make_dirs(dir) == 0) {
    char *path = file_of(dir, key);
    char *tmp = oa_xasprintf("%s.%ld.tmp", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd >= 0) {
      char *text = oa_xasprintf("%s\n%s\n%s", key, value, busy ? "busy\n" : "");
      size_t len = strlen(text);
      int ok = write(fd, text, len) == (ssize_t)len;
      ok = close(fd) == 0 && ok;
      if (!ok || rename(tmp, path) != 0)
        unlink(tmp);  /* no cache: the next run calibrates again */
      free(text);
    }
    free(tmp);
    free(path);
  }
  free(dir);
}
