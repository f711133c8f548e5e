/* The ompadv hub, in the style of perf: a table of commands, --help and
 * --version, and a suggestion when a command name is mistyped. */
#include "ompadv.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "outfile.h"
#include "util.h"

/* Only commands that work are listed. */
const oa_command *const oa_commands[] = { &oa_cmd_profile, &oa_cmd_record, &oa_cmd_report,
                                           &oa_cmd_whatif, &oa_cmd_scale, &oa_cmd_diff, &oa_cmd_race, &oa_cmd_time,
                                           &oa_cmd_trace, &oa_cmd_cc, &oa_cmd_cxx, &oa_cmd_fc, &oa_cmd_help, NULL };

const oa_command *oa_find_command(const char *name)
{
  for (const oa_command *const *c = oa_commands; *c; c++)
    if (strcmp((*c)->name, name) == 0)
      return *c;
  return NULL;
}

static void usage(FILE *f)
{
  fprintf(f, "usage: ompadv [--version] [--help] COMMAND [ARGS]\n\n"
             "Find where an OpenMP program's parallelism is lost.\n\ncommands:\n");
  for (const oa_command *const *c = oa_commands; *c; c++)
    fprintf(f, "  %-8s %s\n", (*c)->name, (*c)->summary);
  fprintf(f, "\n'ompadv COMMAND --help' lists a command's options; "
             "'ompadv help COMMAND' shows its manual.\n");
}

/* Edit distance, for "did you mean". */
static size_t distance(const char *a, const char *b)
{
  size_t la = strlen(a), lb = strlen(b);
  if (la > 32 || lb > 32)
    return SIZE_MAX;
  size_t d[33][33];
  for (size_t i = 0; i <= la; i++)
    d[i][0] = i;
  for (size_t j = 0; j <= lb; j++)
    d[0][j] = j;
  for (size_t i = 1; i <= la; i++)
    for (size_t j = 1; j <= lb; j++) {
      size_t sub = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
      size_t del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
      d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
    }
  return d[la][lb];
}

static _Noreturn void unknown_command(const char *name)
{
  const oa_command *best = NULL;
  size_t bestd = SIZE_MAX;
  for (const oa_command *const *c = oa_commands; *c; c++) {
    size_t d = distance(name, (*c)->name);
    if (*name && strncmp(name, (*c)->name, strlen(name)) == 0)
      d = 0;
    if (d < bestd) {
      bestd = d;
      best = *c;
    }
  }
  if (best && bestd <= 2)
    oa_die(OA_EXIT_USAGE, "'%s' is not an ompadv command; did you mean '%s'? "
           "(see 'ompadv --help')", name, best->name);
  oa_die(OA_EXIT_USAGE, "'%s' is not an ompadv command (see 'ompadv --help')", name);
}

static char *exe_dir(void)
{
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0)
    return NULL;
  buf[n] = 0;
  char *slash = strrchr(buf, '/');
  if (slash)
    *slash = 0;
  return oa_xstrdup(buf);
}

/* Where path, a directory configured under the prefix, lies in an
 * installation moved elsewhere (or installed with make install
 * prefix=...): the directory of ompadv (dir, in the configured BINDIR's
 * place) up as many levels as BINDIR is below the prefix, then path's part
 * below the prefix; NULL when dir is unknown or either lies elsewhere. */
static char *relocated(const char *dir, const char *path)
{
  size_t np = strlen(OMPADV_PREFIX);
  const char *bin = OMPADV_BINDIR;
  if (!dir || np < 1 || strncmp(bin, OMPADV_PREFIX, np) != 0 || bin[np] != '/'
      || strncmp(path, OMPADV_PREFIX, np) != 0 || path[np] != '/')
    return NULL;
  char *up = oa_xstrdup(dir);
  for (const char *s = bin + np; *s; s++)
    if (*s == '/' && s[1] && s[1] != '/') {
      char *next = oa_xasprintf("%s/..", up);
      free(up);
      up = next;
    }
  char *out = oa_xasprintf("%s%s", up, path + np);
  free(up);
  return out;
}

static char *relocated_file(const char *dir, const char *path, const char *name)
{
  char *d = relocated(dir, path);
  char *out = d ? oa_xasprintf("%s/%s", d, name) : NULL;
  free(d);
  return out;
}

static char *first_existing(char *const *cands, size_t n)
{
  char *found = NULL;
  for (size_t i = 0; i < n; i++) {
    if (!found && cands[i] && access(cands[i], R_OK) == 0)
      found = realpath(cands[i], NULL);
    free(cands[i]);
  }
  return found;
}

/* A file of the library directory: $ENV when set; else, from the build
 * tree, beside tool/.libs; installed, ompadv is in BINDIR and the file in
 * LIBDIR/ompadv.  The configured path comes last so a relocated
 * installation still finds its own files first.  need: a file the found
 * path must hold (it is a directory), or NULL. */
static char *library_file(const char *env_name, const char *name, const char *need)
{
  const char *env = getenv(env_name);
  if (env && *env) {
    char *p = realpath(env, NULL);
    if (!p)
      oa_die(OA_EXIT_FAIL, "%s=%s: %s; unset it to use ompadv's own, or name an existing "
             "%s", env_name, env, strerror(errno), need ? "directory" : "file");
    return p;
  }
  char *dir = exe_dir();
  char *cands[] = {
    dir ? oa_xasprintf("%s/tool/.libs/%s", dir, name) : NULL,
    dir ? oa_xasprintf("%s/../lib/ompadv/%s", dir, name) : NULL,
    dir ? oa_xasprintf("%s/../lib64/ompadv/%s", dir, name) : NULL,
    relocated_file(dir, OMPADV_PKGLIBDIR, name),
    oa_xasprintf("%s/%s", OMPADV_PKGLIBDIR, name),
  };
  free(dir);
  for (size_t i = 0; need && i < sizeof cands / sizeof cands[0]; i++) {
    char *f = cands[i] ? oa_xasprintf("%s/%s", cands[i], need) : NULL;
    if (f && access(f, R_OK) != 0) {
      free(cands[i]);
      cands[i] = NULL;
    }
    free(f);
  }
  return first_existing(cands, sizeof cands / sizeof cands[0]);
}

char *oa_tool_library(void)
{
  return library_file("OMPADV_TOOL_LIBRARY", "libompadv.so", NULL);
}

/* The directory of the race runtime: resolved itself, not the runtime's
 * file, a symbolic link whose name is what the target looks for. */
char *oa_race_dir(void)
{
  return library_file("OMPADV_RACE_DIR", "race", OA_RACE_RUNTIME);
}

char *oa_simd_plugin(void)
{
  return library_file("OMPADV_SIMD_PLUGIN", "ompadv-simd.so", NULL);
}

/* ompadv's helper programs: in the build tree beside the tool's sources,
 * installed in LIBEXECDIR/ompadv. */
char *oa_helper_program(const char *name)
{
  char *dir = exe_dir();
  char *cands[] = {
    dir ? oa_xasprintf("%s/tool/%s", dir, name) : NULL,
    dir ? oa_xasprintf("%s/../libexec/ompadv/%s", dir, name) : NULL,
    relocated_file(dir, OMPADV_PKGLIBEXECDIR, name),
    oa_xasprintf("%s/%s", OMPADV_PKGLIBEXECDIR, name),
  };
  free(dir);
  return first_existing(cands, sizeof cands / sizeof cands[0]);
}

/* The directory holding ompadv.h: installed in INCLUDEDIR, or the source
 * tree's include/ beside a build tree. */
char *oa_include_dir(void)
{
  char *dir = exe_dir();
  char *cands[] = {
    dir ? oa_xasprintf("%s/../include/ompadv.h", dir) : NULL,
    relocated_file(dir, OMPADV_INCLUDEDIR, "ompadv.h"),
    oa_xasprintf("%s/ompadv.h", OMPADV_INCLUDEDIR),
    oa_xasprintf("%s/include/ompadv.h", OMPADV_SRCDIR),
  };
  free(dir);
  char *h = first_existing(cands, sizeof cands / sizeof cands[0]);
  if (h)
    *strrchr(h, '/') = 0;
  return h;
}

char *oa_man_page(const char *page)
{
  char *dir = exe_dir(), *in_mandir = oa_xasprintf("man1/%s.1", page);
  char *cands[] = {
    /* installed (and moved, maybe) first: the source tree's may have changed since */
    dir ? oa_xasprintf("%s/man/%s.1", dir, page) : NULL,
    dir ? oa_xasprintf("%s/../share/man/man1/%s.1", dir, page) : NULL,
    relocated_file(dir, OMPADV_MANDIR, in_mandir),
    oa_xasprintf("%s/man/%s.1", OMPADV_SRCDIR, page),
    oa_xasprintf("%s/man1/%s.1", OMPADV_MANDIR, page),
  };
  free(dir);
  free(in_mandir);
  return first_existing(cands, sizeof cands / sizeof cands[0]);
}

int main(int argc, char **argv)
{
  oa_std_reserve();  /* before any file of ompadv's is opened */
  oa_signals_catch();
  if (argc < 2) {
    usage(stderr);
    return OA_EXIT_USAGE;
  }
  const char *name = argv[1];
  if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
    usage(stdout);
    return 0;
  }
  if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
    printf("ompadv %s\n", PACKAGE_VERSION);
    return 0;
  }
  if (name[0] == '-')
    oa_die(OA_EXIT_USAGE, "unknown option '%s'; the command comes first (see 'ompadv --help')",
           name);
  const oa_command *cmd = oa_find_command(name);
  if (!cmd)
    unknown_command(name);
  oa_mpi_tag_stderr();
  return cmd->run(cmd, argc - 1, argv + 1);
}
