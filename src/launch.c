/* Running the target under the tool.  The child keeps the terminal, its
 * stdin/stdout/stderr and its process group; ompadv only forwards the
 * signals that were sent to ompadv alone (a kill, not a Ctrl-C the whole
 * foreground group already received). */
#include "launch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "contract.h"
#include "ompadv.h"
#include "outfile.h"
#include "symbolize.h"
#include "util.h"

static volatile sig_atomic_t child_pid;
/* The last of SIGINT, SIGTERM, SIGHUP, SIGQUIT that ompadv itself received
 * while a target ran (0: none): a command that runs the program again
 * stops there (oa_launch_signalled). */
static volatile sig_atomic_t signalled;

static void forward_signal(int sig, siginfo_t *si, void *uc)
{
  signalled = sig;
  if (child_pid > 0 && si->si_code != SI_KERNEL)
    kill((pid_t)child_pid, sig);
}

static void install_forwarding(void)
{
  static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = forward_signal;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
    sigaction(sigs[i], &sa, NULL);
}

static void prepend_env_sep(const char *var, const char *item, char sep)
{
  const char *old = getenv(var);
  char *v = old && *old ? oa_xasprintf("%s%c%s", item, sep, old) : oa_xstrdup(item);
  setenv(var, v, 1);
  free(v);
}

static void prepend_env(const char *var, const char *dir)
{
  prepend_env_sep(var, dir, ':');
}

static void setenv_num(const char *var, long v)
{
  char num[24];
  snprintf(num, sizeof num, "%ld", v);
  setenv(var, num, 1);
}

static int race_mode(const oa_launch *l)
{
  return l->run.mode == OA_RUN_RACE;
}

static void check_environment(void)
{
  const char *t = getenv("OMP_TOOL");
  if (t && strcasecmp(t, "disabled") == 0)
    oa_die(OA_EXIT_USAGE, "OMP_TOOL=disabled is set, which turns off the OpenMP tool interface "
           "ompadv needs; unset OMP_TOOL and run again");
}

/* A gcc-built target runs on libomp: the loader finds libomp under
 * libgomp's name in the private directory (put first on LD_LIBRARY_PATH
 * by child_environment). */
static void redirect_libgomp(oa_launch *l)
{
  char libomp[PATH_MAX];
  if (oa_find_library("libomp.so.5", libomp, sizeof libomp) != 0)
    snprintf(libomp, sizeof libomp, "%s/libomp.so.5", OMPADV_LIBOMP_DIR);
  if (access(libomp, R_OK) != 0)
    oa_die(OA_EXIT_USAGE, "'%s' is built with gcc (libgomp) and needs LLVM libomp to run under "
           "ompadv; install it with: apt-get install libomp-19-dev", l->argv[0]);
  char *link = oa_xasprintf("%s/libgomp.so.1", l->tmpdir);
  if (symlink(libomp, link) != 0)
    oa_die(OA_EXIT_FAIL, "cannot create %s: %s", link, strerror(errno));
  free(link);
  oa_warn("'%s' is built with gcc (libgomp); running it on LLVM libomp. gcc inlines static "
          "loops and master and reports every barrier alike, so those are missing or merged "
          "in what ompadv sees; for full detail rebuild with: ompadv %s", l->argv[0],
          oa_lang_driver(l->target.lang));
}

/* A binary built by `ompadv cc --race` NEEDs the shared TSan runtime, which
 * is not on the loader's path: outside race mode it runs with LLVM's own
 * (child_environment puts its directory on LD_LIBRARY_PATH). */
static void provide_tsan_runtime(const oa_launch *l)
{
  char *lib = oa_xasprintf("%s/libclang_rt.tsan-x86_64.so", OMPADV_TSAN_LIBDIR);
  if (access(lib, R_OK) != 0)
    oa_die(OA_EXIT_USAGE, "'%s' is built with -shared-libsan and needs LLVM's TSan runtime %s; "
           "install it with: apt-get install libclang-rt-19-dev", l->argv[0], lib);
  free(lib);
  oa_note("'%s' is built for race detection; running it with LLVM's ThreadSanitizer runtime",
          l->argv[0]);
}

/* The command that rebuilds the target for race mode: the driver of its
 * language, and the source file of its main program when its debug
 * information names it (else SOURCES: no name is made up). */
static char *race_rebuild(const oa_launch *l)
{
  const char *prog = l->argv[0];
  const char *slash = strrchr(prog, '/');
  const char *name = slash ? slash + 1 : prog;
  enum oa_lang lang = l->target.lang;
  char *src = NULL;
  oa_srcloc loc;
  oa_symbolizer *sym = oa_sym_new();
  oa_sym_add_module(sym, l->target.path, 0, 0, UINT64_MAX);
  if (l->target.main_addr && oa_sym_lookup(sym, l->target.main_addr + 1, &loc) && loc.file) {
    static const char *const cxx[] = { ".cpp", ".cc", ".cxx", ".C", ".c++" };
    const char *dot = strrchr(loc.file, '.');
    src = oa_path_display(loc.file);
    for (size_t i = 0; dot && i < sizeof cxx / sizeof *cxx; i++)
      if (strcmp(dot, cxx[i]) == 0)
        lang = OA_LANG_CXX;
  }
  oa_sym_free(sym);
  char *cmd = oa_xasprintf("ompadv %s --race -O1 -g %s -o %s", oa_lang_driver(lang),
                           src ? src : "SOURCES...", name);
  free(src);
  return cmd;
}

/* Race mode stands in for the target's TSan runtime, so the target must
 * reach one through the dynamic loader under its usual name. */
static void check_race_target(const oa_launch *l)
{
  const char *prog = l->argv[0];
  if (l->target.tsan_static)
    oa_die(OA_EXIT_USAGE, "'%s' is linked with the static TSan runtime; rebuild with: %s", prog,
           race_rebuild(l));
  /* gcc's instrumentation would do, but its libgomp inlines static loops and
   * calls libomp's task entry points from inside, where race mode cannot
   * see task data: a clang build gives the detector what it needs. */
  if (l->target.tsan_gcc)
    oa_die(OA_EXIT_USAGE, "'%s' is built with gcc's ThreadSanitizer (libtsan), which race mode "
           "does not serve; rebuild with: %s", prog, race_rebuild(l));
  if (!l->target.tsan_shared)
    oa_die(OA_EXIT_USAGE, "'%s' has no ThreadSanitizer instrumentation; rebuild with: %s", prog,
           race_rebuild(l));
}

/* In race mode the tool is the race runtime, under the name the target
 * NEEDs: preloaded by that path and found again by the loader through
 * LD_LIBRARY_PATH, it is one object (the loader matches the file). */
static char *race_runtime(oa_launch *l)
{
  l->race_dir = oa_race_dir();
  if (!l->race_dir)
    oa_die(OA_EXIT_FAIL, "cannot find ompadv's race runtime race/%s next to the ompadv "
           "executable (broken installation? run make install again)", OA_RACE_RUNTIME);
  return oa_xasprintf("%s/%s", l->race_dir, OA_RACE_RUNTIME);
}

/* The private directories, removed at exit if they are still there. */
static char **tmpdirs;
static size_t ntmpdirs;

static void remove_dir(const char *dir)
{
  DIR *d = opendir(dir);
  struct dirent *de;
  while (d && (de = readdir(d))) {
    if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
      continue;
    char *p = oa_xasprintf("%s/%s", dir, de->d_name);
    unlink(p);
    free(p);
  }
  if (d)
    closedir(d);
  rmdir(dir);
}

static void remove_tmpdirs_at_exit(void)
{
  while (ntmpdirs)
    oa_tmpdir_remove(tmpdirs[ntmpdirs - 1]);
}

/* path made absolute against the current directory (the program may
 * change its own): the caller frees the result. */
static char *absolute(const char *path)
{
  char cwd[PATH_MAX];
  if (path[0] == '/' || !getcwd(cwd, sizeof cwd))
    return oa_xstrdup(path);
  return oa_xasprintf("%s/%s", cwd, path);
}

char *oa_tmpdir_make(void)
{
  const char *base = getenv("TMPDIR");
  char *abs = absolute(base && *base ? base : "/tmp");
  char *tmpl = oa_xasprintf("%s/ompadv.XXXXXX", abs);
  if (!mkdtemp(tmpl))
    oa_die(OA_EXIT_FAIL, "cannot create a temporary directory in %s: %s%s", abs, strerror(errno),
           errno == ENOSPC || errno == EDQUOT ? "; free some space there or point TMPDIR "
                                                "elsewhere" : "");
  free(abs);
  if (!tmpdirs)
    atexit(remove_tmpdirs_at_exit);
  tmpdirs = oa_xrealloc(tmpdirs, (ntmpdirs + 1) * sizeof *tmpdirs);
  tmpdirs[ntmpdirs++] = tmpl;
  return tmpl;
}

void oa_tmpdir_remove(char *dir)
{
  for (size_t i = 0; i < ntmpdirs; i++)
    if (tmpdirs[i] == dir) {
      tmpdirs[i] = tmpdirs[--ntmpdirs];
      break;
    }
  remove_dir(dir);
  free(dir);
}

static char *others_path(const oa_launch *l)
{
  return oa_xasprintf("%s/others", l->tmpdir);
}

/* An entry of the user's LD_PRELOAD naming AddressSanitizer's runtime
 * goes first again, ahead of the tool put before it (the loader maps a
 * file once). */
static void asan_first(void)
{
  char *list = oa_xstrdup(getenv("LD_PRELOAD")), *save = NULL;
  for (char *w = strtok_r(list, " :", &save); w; w = strtok_r(NULL, " :", &save))
    if (strstr(w, "libclang_rt.asan") || strstr(w, "libasan.so")) {
      prepend_env_sep("LD_PRELOAD", w, ' ');
      break;
    }
  free(list);
}

/* The child's environment, written in the child between fork and exec:
 * every setting of the run, so that ompadv's own stays as it was. */
static void child_environment(const oa_launch *l, const char *tool, const char *pattern)
{
  /* the loader's path, last put first: libomp under libgomp's name
   * (redirect_libgomp), the TSan runtime (provide_tsan_runtime), the race
   * runtime under the TSan runtime's name (race_runtime) */
  if (l->target.runtime == OA_RT_LIBGOMP)
    prepend_env("LD_LIBRARY_PATH", l->tmpdir);
  if (l->target.tsan_shared && !race_mode(l))
    prepend_env("LD_LIBRARY_PATH", OMPADV_TSAN_LIBDIR);
  if (race_mode(l))
    prepend_env("LD_LIBRARY_PATH", l->race_dir);
  /* Preloaded, the tool is there before main: libomp finds its
   * ompt_start_tool in the process and does not look further, and profile
   * mode can tell the program's serial start from the process's loading.
   * OMP_TOOL_LIBRARIES stays as the documented way in. */
  setenv("OMP_TOOL_LIBRARIES", tool, 1);
  prepend_env_sep("LD_PRELOAD", tool, ' ');
  /* AddressSanitizer's runtime insists on being the first object loaded:
   * the program's own, or one the user preloads, goes before the tool */
  if (l->target.asan[0])
    prepend_env_sep("LD_PRELOAD", l->target.asan, ' ');
  else
    asan_first();
  char fdv[80];
  struct stat st;
  if (fstat(l->result_fd, &st) == 0) {
    snprintf(fdv, sizeof fdv, "%d %llu %llu", l->result_fd, (unsigned long long)st.st_dev,
             (unsigned long long)st.st_ino);
    setenv(OMPADV_ENV_RESULT_FD, fdv, 1);
  }
  oa_run_config run = l->run;
  run.result = pattern;
  run.result_own = l->result_path;
  run.owner = (long)getpid();  /* this child: exec keeps the pid */
  char *others = others_path(l);
  run.others = others;
  oa_run_config_to_env(&run);
  free(others);
  if (l->threads > 0)
    setenv_num("OMP_NUM_THREADS", l->threads);
  if (!race_mode(l))
    return;
  /* Race mode's defaults, each only when the user did not choose: one chunk
   * per iteration for schedule(runtime) loops, so that iterations in
   * conflict run as different fragments; and no spinning, as race mode
   * runs more threads than there are cores. */
  setenv("OMP_SCHEDULE", "dynamic,1", 0);
  setenv("KMP_BLOCKTIME", "0", 0);
  /* a host teams construct without num_teams: a league of one would hide
   * the races between its teams (doc/SEMANTICS.md rule 8) */
  setenv("OMP_NUM_TEAMS", "4", 0);
  /* every thread combines its reduction copies into the shared variable
   * with code of the program, under the runtime's lock: libomp's atomic
   * method (its choice for small teams) combines with compare-exchange
   * instructions TSan does not see, and the tree method lets the primary
   * thread alone write the variable */
  setenv("KMP_FORCE_REDUCTION", "critical", 0);
}

/* Did the child exec PROG?  Its end of the pipe closes on exec; a failed
 * exec writes errno into it first. */
static int exec_failed(int fd)
{
  int err;
  ssize_t n;
  while ((n = read(fd, &err, sizeof err)) < 0 && errno == EINTR)
    ;
  close(fd);
  return n == (ssize_t)sizeof err;
}

/* proc, sysfs and the like: files there are not storage */
static int pseudo_fs(const char *path)
{
  struct statfs fs;
  if (statfs(path, &fs) != 0)
    return 0;
  switch ((unsigned long)fs.f_type) {
  case PROC_SUPER_MAGIC: case SYSFS_MAGIC: case DEBUGFS_MAGIC: case TRACEFS_MAGIC:
  case CGROUP_SUPER_MAGIC: case CGROUP2_SUPER_MAGIC: case SECURITYFS_MAGIC:
    return 1;
  }
  return 0;
}

/* A user-given result file must be one the tool can create and grow in
 * place, and its directory must exist, before the run: the tool could only
 * decline once the target is already running. */
static void check_result_file(const char *pattern)
{
  char *dir = oa_xstrdup(pattern);
  char *slash = strrchr(dir, '/');
  const char *d = slash ? (slash == dir ? "/" : (*slash = 0, dir)) : ".";
  if (access(d, W_OK | X_OK) != 0)
    oa_die(OA_EXIT_USAGE, "cannot write results into '%s': %s; give a file in an existing, "
           "writable directory", d, strerror(errno));
  if (pseudo_fs(d))
    oa_die(OA_EXIT_USAGE, "cannot write results into '%s': it is not on a disk (proc, sysfs, "
           "...); give a file on a real file system", d);
  struct stat st;
  if (!strstr(pattern, "%p") && stat(pattern, &st) == 0) {
    if (S_ISDIR(st.st_mode))
      oa_die(OA_EXIT_USAGE, "'%s' is a directory; give a file name (such as %s%sompadv.data)",
             pattern, pattern, pattern[strlen(pattern) - 1] == '/' ? "" : "/");
    if (!S_ISREG(st.st_mode))
      oa_die(OA_EXIT_USAGE, "'%s' is not a regular file (a device, a pipe, a socket): results "
             "are written in place; give a file on a disk", pattern);
    if (access(pattern, W_OK) != 0)
      oa_die(OA_EXIT_USAGE, "cannot write '%s': %s; give another file or make it writable",
             pattern, strerror(errno));
  }
  free(dir);
}

void oa_launch_keep_input(const char *dir, const char *hint)
{
  struct stat st;
  if (fstat(STDIN_FILENO, &st) != 0 || S_ISREG(st.st_mode) || S_ISCHR(st.st_mode)
      || isatty(STDIN_FILENO))
    return;
  char *path = oa_xasprintf("%s/stdin", dir);
  int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0)
    oa_die(OA_EXIT_FAIL, "cannot keep the standard input for the program's runs: %s: %s", path,
           strerror(errno));
  unlink(path);
  char buf[65536];
  ssize_t n;
  uint64_t kept = 0;
  while ((n = read(STDIN_FILENO, buf, sizeof buf)) != 0) {
    if (n < 0 && errno == EINTR)
      continue;
    if (n > 0 && (kept += (uint64_t)n) > (UINT64_C(256) << 20))
      oa_die(OA_EXIT_USAGE, "the standard input is over 256 MB, or never ends, and every run "
             "must read it whole: give it as a file (< FILE)%s%s", hint ? ", " : "",
             hint ? hint : "");
    if (n < 0 || write(fd, buf, (size_t)n) != n)
      oa_die(OA_EXIT_FAIL, "cannot keep the standard input for the program's runs: %s",
             strerror(errno));
  }
  if (lseek(fd, 0, SEEK_SET) != 0 || dup2(fd, STDIN_FILENO) < 0)
    oa_die(OA_EXIT_FAIL, "cannot keep the standard input for the program's runs: %s",
           strerror(errno));
  close(fd);
  free(path);
}

/* The owner's result file, made empty before the run with its header's
 * page allocated (contract.h: OMPADV_ENV_RESULT_FD), so that the tool needs
 * no new descriptor and no new space to start or to say it declined: a
 * temporary file beside the file the user named, renamed over it once the
 * run recorded something (keep_result), or a file of the private
 * directory.  Exits 1 when it cannot be made. */
static void make_result_file(oa_launch *l)
{
  int fd;
  if (l->result) {
    char *abs = absolute(l->result);
    char *slash = strrchr(abs, '/');
    *slash = 0;
    l->result_path = oa_xasprintf("%s/.%s.XXXXXX", abs, slash + 1);
    free(abs);
    fd = mkostemp(l->result_path, O_CLOEXEC);
  } else {
    l->result_path = oa_xasprintf("%s/result", l->tmpdir);
    fd = open(l->result_path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  }
  const char *name = l->result ? l->result : l->result_path;  /* as the user knows it */
  if (fd < 0)
    oa_die(OA_EXIT_FAIL, "cannot create the result file %s: %s", name, strerror(errno));
  oa_pending_add(l->result_path);
  mode_t mask = umask(0);
  umask(mask);
  int err = fchmod(fd, 0644 & ~mask) != 0 ? errno : posix_fallocate(fd, 0, OA_HEADER_SIZE);
  if (err)
    oa_die(OA_EXIT_FAIL, "cannot write the result file %s: %s; %s", name, strerror(err),
           err != ENOSPC && err != EDQUOT ? "give a file on another file system"
           : l->result ? "free some space there or record elsewhere"
                       : "free some space there or point TMPDIR elsewhere");
  l->result_fd = fd;
}

/* Inspect, run and wait (exits 2 itself when the target is unusable and 1
 * when ompadv cannot start it). */
static void launch(oa_launch *l)
{
  char err[PATH_MAX + 256];
  check_environment();
  l->result_fd = -1;
  if (l->result) {
    /* %r: the MPI rank; with several ranks, a name without %r or %p gets
     * the rank appended, so that the ranks do not write one file */
    int size, rank = oa_mpi_rank(&size);
    char *named = rank >= 0 && size > 1 && !strstr(l->result, "%r") && !strstr(l->result, "%p")
                      ? oa_xasprintf("%s.%%r", l->result) : NULL;
    l->result = l->rank_result = oa_expand_rank(named ? named : l->result);
    free(named);
    check_result_file(l->result);
  }
  if (oa_inspect(l->argv[0], &l->target, err, sizeof err) != 0)
    oa_die(OA_EXIT_USAGE, "%s", err);
  /* nothing ompadv writes may replace what runs (outfile.h) */
  oa_guard_input(l->target.path, "the program");
  oa_guard_input(l->target.interp, "the program's interpreter");
  oa_guard_input(l->target.omp_lib, "the program's OpenMP runtime");
  oa_guard_result(l->result);
  if (race_mode(l))
    check_race_target(l);
  char *tool = race_mode(l) ? race_runtime(l) : oa_tool_library();
  if (!tool)
    oa_die(OA_EXIT_FAIL, "cannot find ompadv's tool library libompadv.so next to %s "
           "(broken installation? run make install again)", "the ompadv executable");
  oa_debug("target %s, OpenMP runtime %s, tool %s", l->target.path,
           l->target.omp_lib[0] ? l->target.omp_lib : "(none)", tool);
  l->tmpdir = oa_tmpdir_make();
  if (l->target.runtime == OA_RT_LIBGOMP)
    redirect_libgomp(l);
  if (l->target.tsan_shared && !race_mode(l))
    provide_tsan_runtime(l);
  make_result_file(l);
  /* what the tool is handed is absolute: the program may change directory */
  char *pattern = l->result ? absolute(l->result) : oa_xasprintf("%s/result.%%p", l->tmpdir);
  int exec_pipe[2];
  if (pipe2(exec_pipe, O_CLOEXEC) != 0)
    oa_die(OA_EXIT_FAIL, "cannot create a pipe: %s", strerror(errno));

  off_t input_at = l->again ? lseek(STDIN_FILENO, 0, SEEK_CUR) : -1;
  fflush(NULL);
  install_forwarding();
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0)
    oa_die(OA_EXIT_FAIL, "cannot fork: %s", strerror(errno));
  if (pid == 0) {
    close(exec_pipe[0]);
    /* ompadv killed outright (SIGKILL) takes the program with it */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
      _exit(127);
    fcntl(l->result_fd, F_SETFD, 0);  /* the program inherits its result file */
    child_environment(l, tool, pattern);
    execv(l->target.path, l->argv);
    int err = errno;
    fprintf(stderr, "ompadv: cannot run %s: %s\n", l->target.path, strerror(err));
    ssize_t told = write(exec_pipe[1], &err, sizeof err);
    (void)told;  /* unheard, the parent takes it for the program's own 127 */
    _exit(127);
  }
  child_pid = pid;
  l->pid = pid;
  close(exec_pipe[1]);
  l->exec_failed = exec_failed(exec_pipe[0]);
  /* A reader of the report that goes away (| head) must not kill ompadv
   * before it removes its files; only the parent ignores SIGPIPE. */
  signal(SIGPIPE, SIG_IGN);
  while (waitpid(pid, &l->status, 0) < 0)
    if (errno != EINTR)
      oa_die(OA_EXIT_FAIL, "waiting for %s: %s", l->argv[0], strerror(errno));
  child_pid = 0;
  if (input_at >= 0)
    lseek(STDIN_FILENO, input_at, SEEK_SET);
  if (l->result)
    l->result_name = oa_expand_pid(l->result, (long)pid);
  free(pattern);
  free(tool);
}

/* Did the tool start in the child?  OA_TOOL_FAILED after explaining on
 * stderr why not; OA_TOOL_IDLE (nothing said) when the program ran no
 * OpenMP construct at all (only simd, or it exited before its first one,
 * or only called the runtime).  The file the driver made tells: its header
 * stays zero until the runtime starts the tool (libomp calls the preloaded
 * ompt_start_tool whenever it initializes, and a runtime without it is
 * refused before the run), it is marked when the tool declines, and it
 * says whether a construct ran (contract.h). */
static enum oa_handshake handshake(const oa_launch *l)
{
  oa_file_header h;
  if (pread(l->result_fd, &h, sizeof h, 0) != (ssize_t)sizeof h)
    memset(&h, 0, sizeof h);
  if (h.magic == OA_FILE_MAGIC) {
    int full = !l->result ? oa_launch_file_full(l, NULL) : 0;  /* a file the user named: the
                                                            * command says it */
    if (full)
      oa_warn("the result file in %s stopped growing while '%s' ran: %s (%s); what ompadv "
              "shows covers the run up to that point%s", l->tmpdir, l->argv[0],
              oa_full_reason(full), strerror(full),
              full == ENOSPC || full == EDQUOT ? "; free some space there or point TMPDIR "
                                                 "elsewhere" : "");
    return h.constructs ? OA_TOOL_STARTED : OA_TOOL_IDLE;
  }
  if (l->exec_failed)
    return OA_TOOL_FAILED;  /* the child said why */
  if (h.magic == OA_FILE_DECLINED) {
    oa_error("the OMPT tool did not start in '%s' (its reason is printed above), so nothing "
             "was measured", l->argv[0]);
    return OA_TOOL_FAILED;
  }
  return OA_TOOL_IDLE;
}

int oa_launch_file_full(const oa_launch *l, uint64_t *kept)
{
  oa_file_header h;
  int fd = open(l->result_path, O_RDONLY | O_CLOEXEC);
  int ok = fd >= 0 && pread(fd, &h, sizeof h, 0) == (ssize_t)sizeof h && h.magic == OA_FILE_MAGIC;
  if (fd >= 0)
    close(fd);
  if (kept)
    *kept = ok && h.full_errno ? h.seq_cut : 0;
  return ok ? (int)h.full_errno : 0;
}

/* The note for OA_TOOL_IDLE: "CMD: no OpenMP construct ran in 'PROG', so
 * there is nothing to VERB", and that file (a result file the user named,
 * or NULL) was not written. */
static void note_idle(const oa_launch *l, const char *cmd, const char *verb, const char *file)
{
  if (!file) {
    oa_note("%s: no OpenMP construct ran in '%s', so there is nothing to %s", cmd, l->argv[0],
            verb);
    return;
  }
  /* the tool creates the file when it starts: one there now is older */
  oa_note("%s: no OpenMP construct ran in '%s', so there is nothing to %s; %s was not written%s",
          cmd, l->argv[0], verb, file,
          access(file, F_OK) == 0 ? " (the file there is from an earlier run)" : "");
}

int oa_launch_others(const oa_launch *l, void (*fn)(void *ctx, long pid, const char *file),
                     void *ctx)
{
  char *path = others_path(l);
  FILE *f = fopen(path, "r");
  free(path);
  if (!f)
    return 0;
  char line[PATH_MAX + 32];
  long pid;
  int n = 0;
  while (fgets(line, sizeof line, f)) {
    char *file = strchr(line, ' ');
    if (!file || sscanf(line, "%ld", &pid) != 1)
      continue;
    file++;
    file[strcspn(file, "\n")] = 0;
    n++;
    if (fn)
      fn(ctx, pid, file);
  }
  fclose(f);
  return n;
}

static void note_other(void *ctx, long pid, const char *file)
{
  const oa_launch *l = ctx;
  struct stat st;
  if (stat(file, &st) == 0) {
    char *shown = oa_path_display(file);  /* as the user named it: relative if below */
    oa_note("process %ld, which '%s' started, ran OpenMP too: its results are in %s", pid,
            l->argv[0], shown);
    free(shown);
  }
}

/* Where the user named the result file, say which files the others wrote;
 * otherwise say that what is shown is the program's alone. */
static void note_others(const oa_launch *l)
{
  if (l->result) {
    oa_launch_others(l, note_other, (void *)l);
    return;
  }
  int n = oa_launch_others(l, NULL, NULL);
  if (n)
    oa_note("%d process%s that '%s' started ran OpenMP too; what is shown is '%s' (pid %ld) "
            "alone", n, n > 1 ? "es" : "", l->argv[0], l->argv[0], (long)l->pid);
}

/* Say how the target ended if it did not exit normally; returns the exit
 * status ompadv should end with (the target's, or 128+signal). */
static int exit_status(const oa_launch *l)
{
  note_others(l);
  if (WIFSIGNALED(l->status)) {
    int sig = WTERMSIG(l->status);
    oa_error("'%s' was killed by signal %d (%s)%s", l->argv[0], sig, strsignal(sig),
             WCOREDUMP(l->status) ? ", core dumped" : "");
    return 128 + sig;
  }
  return WIFEXITED(l->status) ? WEXITSTATUS(l->status) : OA_EXIT_FAIL;
}

/* The recording the user named, put in place over any older one (through
 * a symbolic link: over its target): 0, or OA_EXIT_FAIL after saying why,
 * the run's file left where it is. */
static int keep_result(oa_launch *l)
{
  char *target = realpath(l->result_name, NULL);
  if (rename(l->result_path, target ? target : l->result_name) != 0) {
    oa_error("cannot put the recording in place as %s: %s; what was measured is kept in %s",
             l->result_name, strerror(errno), l->result_path);
    oa_pending_forget(l->result_path);
    free(target);
    return OA_EXIT_FAIL;
  }
  oa_pending_forget(l->result_path);
  free(target);
  free(l->result_path);
  l->result_path = oa_xstrdup(l->result_name);
  l->kept = 1;
  return 0;
}

static void cleanup(oa_launch *l)
{
  if (l->result_fd >= 0)
    close(l->result_fd);
  l->result_fd = -1;
  /* a file of the user's that was not kept: the run's own file goes */
  if (l->result_path && oa_pending_forget(l->result_path))
    unlink(l->result_path);
  if (l->tmpdir)
    oa_tmpdir_remove(l->tmpdir);
  l->tmpdir = NULL;
  free(l->result_path);
  l->result_path = NULL;
  free(l->result_name);
  l->result_name = NULL;
  free(l->rank_result);
  l->rank_result = NULL;
  free(l->race_dir);
  l->race_dir = NULL;
}

int oa_launch_signalled(void)
{
  return signalled;
}

int oa_run(oa_launch *l, const oa_run_ops *ops)
{
  launch(l);
  l->handshake = handshake(l);
  if (l->handshake == OA_TOOL_IDLE && ops->verb)
    note_idle(l, ops->cmd, ops->verb, l->result && !ops->own_result ? l->result_name : NULL);
  int fail = 0;
  if (l->handshake == OA_TOOL_FAILED)
    fail = OA_EXIT_FAIL;
  else if (ops->analyse && (l->handshake == OA_TOOL_STARTED || !ops->verb))
    fail = ops->analyse(ops->ctx, l);
  /* what was measured is kept whatever the analysis made of it */
  if (l->result && l->handshake == OA_TOOL_STARTED) {
    if (keep_result(l))
      fail = fail ? fail : OA_EXIT_FAIL;
    else if (ops->kept && !fail)
      ops->kept(ops->ctx, l);
  }
  int status = exit_status(l);
  if (ops->done)
    ops->done(ops->ctx, l, fail);
  cleanup(l);
  /* ompadv's own failure outranks the target's exit code, not its death */
  return fail && !WIFSIGNALED(l->status) ? fail : status;
}
