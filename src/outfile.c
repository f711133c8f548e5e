/* What ompadv writes, written safely: the guard that keeps an output off
 * every input, files replaced whole through a temporary file beside them,
 * every write checked, and the standard streams held while closed
 * (outfile.h; the cases are listed in doc/FAULTS.md). */
#include "outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ompadv.h"
#include "util.h"

/* ---- inputs and outputs ---------------------------------------------------- */

typedef struct guarded {
  char *path, *what;
  int output;
  int exists;                /* dev/ino name the file; else dir/ino and name do */
  dev_t dev;
  ino_t ino;
  char *name;                /* a file to be: its last component */
} guarded;

static guarded *guards;
static size_t nguards;
static const char *guard_cmd = "ompadv";

void oa_guard_cmd(const char *cmd)
{
  guard_cmd = cmd;
}

/* Fill g's identity; 0 when it is nothing to hold (a device, a pipe, a
 * pattern, a file that cannot be). */
static int identify(guarded *g)
{
  struct stat st;
  if (strstr(g->path, "%p"))
    return 0;
  if (stat(g->path, &st) == 0) {
    if (!S_ISREG(st.st_mode))
      return 0;
    g->exists = 1;
    g->dev = st.st_dev;
    g->ino = st.st_ino;
    return 1;
  }
  if (errno != ENOENT)
    return 0;
  /* not there yet: its directory and its name (a dangling symbolic link
   * creates its target, which is not followed here) */
  char *d = oa_xstrdup(g->path), *b = oa_xstrdup(g->path);
  int ok = stat(dirname(d), &st) == 0;
  if (ok) {
    g->dev = st.st_dev;
    g->ino = st.st_ino;
    g->name = oa_xstrdup(basename(b));
  }
  free(d);
  free(b);
  return ok;
}

static int same(const guarded *a, const guarded *b)
{
  if (a->exists != b->exists || a->dev != b->dev || a->ino != b->ino)
    return 0;
  return a->exists || strcmp(a->name, b->name) == 0;
}

static void guard(const char *path, const char *what, int output)
{
  if (!path || !*path)
    return;
  guarded g = { .path = oa_expand_rank(path), .what = oa_xstrdup(what), .output = output };
  if (!identify(&g)) {
    free(g.path);
    free(g.what);
    return;
  }
  for (size_t i = 0; i < nguards; i++) {
    const guarded *o = &guards[i];
    if (!(output || o->output) || !same(&g, o))
      continue;
    if (output && o->output && strcmp(g.what, o->what) == 0)
      continue;  /* the same output named again (a second --output) */
    const guarded *w = output ? &g : o, *other = output ? o : &g;
    oa_die(OA_EXIT_USAGE, "%s: %s %s is also %s %s: give %s a file of its own, so that "
           "nothing ompadv writes replaces what it reads", guard_cmd, w->what, w->path,
           other->what, other->path, w->what);
  }
  guards = oa_xrealloc(guards, (nguards + 1) * sizeof *guards);
  guards[nguards++] = g;
}

void oa_guard_input(const char *path, const char *what)
{
  guard(path, what, 0);
}

void oa_guard_output(const char *path, const char *what)
{
  guard(path, what, 1);
}

void oa_guard_result(const char *path)
{
  for (size_t i = 0; path && i < nguards; i++)
    if (guards[i].output && strcmp(guards[i].path, path) == 0)
      return;  /* named on the command line: held already */
  guard(path, "the recording", 1);
}

/* ---- temporary files ------------------------------------------------------- */

static char **pending;
static size_t npending;

static void remove_pending_at_exit(void)
{
  for (size_t i = 0; i < npending; i++)
    unlink(pending[i]);
}

/* Ended by a signal (Ctrl-C, kill, timeout) before or after a run: said,
 * the files go, then the signal takes its course.  While a program runs
 * the launcher forwards these signals to it instead. */
static void remove_pending_on_signal(int sig)
{
  char msg[64] = "ompadv: stopped by signal ";
  size_t n = strlen(msg);
  if (sig >= 10)
    msg[n++] = (char)('0' + sig / 10);
  msg[n++] = (char)('0' + sig % 10);
  msg[n++] = '\n';
  ssize_t w = write(STDERR_FILENO, msg, n);
  (void)w;
  remove_pending_at_exit();
  signal(sig, SIG_DFL);
  raise(sig);
}

void oa_signals_catch(void)
{
  static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
    struct sigaction old;
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
      signal(sigs[i], remove_pending_on_signal);
  }
}

/* The list changes with those signals held, so that the handler never
 * reads it half-changed. */
static void hold_signals(sigset_t *old)
{
  sigset_t all;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, old);
}

void oa_pending_add(const char *path)
{
  sigset_t old;
  if (!pending)
    atexit(remove_pending_at_exit);
  char *copy = oa_xstrdup(path);
  char **grown = oa_xmalloc((npending + 1) * sizeof *grown);
  memcpy(grown, pending, npending * sizeof *grown);
  grown[npending] = copy;
  hold_signals(&old);
  char **was = pending;
  pending = grown;
  npending++;
  sigprocmask(SIG_SETMASK, &old, NULL);
  free(was);
}

int oa_pending_forget(const char *path)
{
  for (size_t i = 0; i < npending; i++)
    if (strcmp(pending[i], path) == 0) {
      sigset_t old;
      char *gone = pending[i];
      hold_signals(&old);
      pending[i] = pending[--npending];
      sigprocmask(SIG_SETMASK, &old, NULL);
      free(gone);
      return 1;
    }
  return 0;
}

/* ---- files written whole ----------------------------------------------------- */

struct oa_outfile {
  char *path, *cmd, *what;
  char *target;              /* the file replaced: path, or a link's target */
  char *tmp;                 /* written here, renamed to target; NULL: a device */
  FILE *f;
  int fd;
  int err;                   /* the first write's failure (errno), or 0 */
};

/* The stream's writes, each checked: the first failure is kept, for the
 * message (stdio keeps only that one happened). */
static ssize_t cookie_write(void *c, const char *buf, size_t n)
{
  oa_outfile *o = c;
  size_t done = 0;
  while (done < n) {
    ssize_t w = write(o->fd, buf + done, n - done);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      if (!o->err)
        o->err = w < 0 ? errno : ENOSPC;
      return -1;
    }
    done += (size_t)w;
  }
  return (ssize_t)n;
}

static int cookie_close(void *c)
{
  oa_outfile *o = c;
  int rc = close(o->fd);
  if (rc != 0 && !o->err)
    o->err = errno;  /* NFS may say only now that the data did not go */
  return rc;
}

/* ftell for the page's budget: the bytes written so far */
static int cookie_seek(void *c, off64_t *at, int whence)
{
  oa_outfile *o = c;
  off_t r = lseek(o->fd, *at, whence);
  if (r < 0)
    return -1;
  *at = r;
  return 0;
}

static int report_error(const oa_outfile *o, int err)
{
  oa_error("%s: cannot write %s %s: %s; %s", o->cmd, o->what, o->path, strerror(err),
           err == ENOSPC || err == EDQUOT ? "free some space there or give another file"
                                          : "give another file");
  return OA_EXIT_FAIL;
}

/* A temporary file beside o->target, for o; -1 (errno set) when the
 * directory takes no new file. */
static int open_beside(oa_outfile *o)
{
  char *d = oa_xstrdup(o->target), *b = oa_xstrdup(o->target);
  o->tmp = oa_xasprintf("%s/.%s.XXXXXX", dirname(d), basename(b));
  free(d);
  free(b);
  int fd = mkostemp(o->tmp, O_CLOEXEC);
  if (fd < 0) {
    free(o->tmp);
    o->tmp = NULL;
    return -1;
  }
  oa_pending_add(o->tmp);
  mode_t mask = umask(0);  /* mkostemp made it 0600: as readable as any new file */
  umask(mask);
  if (fchmod(fd, 0666 & ~mask) != 0) {
    int err = errno;
    close(fd);
    unlink(o->tmp);
    errno = err;
    return -1;
  }
  return fd;
}

oa_outfile *oa_outfile_open(const char *path, const char *cmd, const char *what)
{
  oa_outfile *o = oa_xcalloc(1, sizeof *o);
  o->path = oa_expand_rank(path);  /* FILE.%r under mpirun */
  o->cmd = oa_xstrdup(cmd);
  o->what = oa_xstrdup(what);
  oa_guard_output(o->path, what);
  struct stat st;
  int fd, there = stat(o->path, &st) == 0;
  if (there && S_ISDIR(st.st_mode))
    oa_die(OA_EXIT_USAGE, "%s: %s %s is a directory; give a file", cmd, what, o->path);
  if ((there && !S_ISREG(st.st_mode)) || strncmp(o->path, "/dev/", 5) == 0
      || strncmp(o->path, "/proc/", 6) == 0) {
    /* a pipe, a terminal, a device, or a stream's name (/dev/stdout, which
     * may be a file the shell opened with >>): written as it is */
    fd = open(o->path, O_WRONLY | O_CLOEXEC | O_NOCTTY | (there && S_ISREG(st.st_mode)
                                                             ? O_APPEND : 0));
  } else {
    o->target = realpath(o->path, NULL);  /* through a symbolic link: its target */
    if (!o->target)
      o->target = oa_xstrdup(o->path);
    fd = open_beside(o);
    /* a file the user may write in a directory that takes no new one:
     * written in place, as the only way there is */
    if (fd < 0 && there && (errno == EACCES || errno == EPERM) && access(o->path, W_OK) == 0)
      fd = open(o->path, O_WRONLY | O_TRUNC | O_CLOEXEC);
  }
  o->fd = fd;
  cookie_io_functions_t io = { .write = cookie_write, .close = cookie_close,
                               .seek = cookie_seek };
  if (fd < 0 || !(o->f = fopencookie(o, "w", io)))
    oa_die(OA_EXIT_FAIL, "%s: cannot write %s %s: %s; give a file in a writable directory", cmd,
           what, o->path, strerror(errno));
  return o;
}

FILE *oa_outfile_stream(const oa_outfile *o)
{
  return o->f;
}

const char *oa_outfile_path(const oa_outfile *o)
{
  return o->path;
}

static void outfile_free(oa_outfile *o)
{
  if (o->tmp) {
    oa_pending_forget(o->tmp);
    free(o->tmp);
  }
  free(o->target);
  free(o->path);
  free(o->cmd);
  free(o->what);
  free(o);
}

int oa_outfile_close(oa_outfile *o)
{
  int bad = fflush(o->f) != 0 || ferror(o->f);
  if (!bad && !o->err && o->tmp && fsync(o->fd) != 0 && errno != EINVAL)
    o->err = errno;  /* a full disk or a quota may only tell now (NFS) */
  if (fclose(o->f) != 0)
    bad = 1;
  o->f = NULL;
  int err = o->err ? o->err : bad ? EIO : 0;
  if (!err && o->tmp && rename(o->tmp, o->target) != 0)
    err = errno;
  if (err) {
    if (o->tmp)
      unlink(o->tmp);
    report_error(o, err);
    outfile_free(o);
    return OA_EXIT_FAIL;
  }
  outfile_free(o);
  return 0;
}

void oa_outfile_discard(oa_outfile *o)
{
  if (o->f)
    fclose(o->f);
  if (o->tmp)  /* only ever the file's own temporary one */
    unlink(o->tmp);
  outfile_free(o);
}

/* ---- the standard streams ----------------------------------------------------- */

static int std_closed[3];

void oa_std_reserve(void)
{
  for (int fd = 0; fd < 3; fd++) {
    if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
      continue;
    /* the lowest free descriptor: those below are open or reserved already */
    std_closed[fd] = open("/dev/null", (fd ? O_WRONLY : O_RDONLY) | O_CLOEXEC) == fd;
  }
}

int oa_std_was_closed(int fd)
{
  return fd >= 0 && fd < 3 && std_closed[fd];
}

int oa_std_report_end(FILE *f, const char *cmd)
{
  int fd = fileno(f);
  errno = 0;
  int bad = fflush(f) != 0 || ferror(f);
  int err = errno;
  if (!bad && !oa_std_was_closed(fd))
    return 0;
  /* said on stderr, which may be the stream that failed: the exit status
   * is what the caller can rely on */
  oa_error("%s: the report could not be written to %s: %s", cmd,
           fd == STDOUT_FILENO ? "the standard output" : "the standard error",
           oa_std_was_closed(fd) ? "it is closed" : strerror(err ? err : EIO));
  return OA_EXIT_FAIL;
}
