/* `ompadv fc`: Fortran with flang-new-19 -fopenmp -g, on the same libomp as
 * clang's programs.  flang has no -fsanitize=thread, so `--race` builds in
 * steps for each Fortran source: flang to LLVM IR, unoptimized (flang's
 * optimizer drops the marks of simd loops), every function marked for
 * ThreadSanitizer (the `sanitize_thread` attribute, which clang's
 * -fsanitize=thread would have given it), clang-19 -fsanitize=thread with
 * the simd-lanes pass to an object at the user's optimization level, and
 * flang links the objects with the
 * shared TSan runtime and the run path that `ompadv cc --race` gives (so the
 * program also runs without ompadv).  Locations and reports then name the
 * Fortran files and lines.  User flags come last, so they win. */
#include "ompadv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "launch.h"
#include "outfile.h"
#include "util.h"

static int is_fortran_source(const char *a)
{
  static const char *const exts[] = { ".f",   ".F",   ".f77", ".F77", ".for", ".FOR", ".ftn",
                                      ".f90", ".F90", ".f95", ".F95", ".f03", ".F03", ".f08",
                                      ".F08", ".fpp", ".FPP" };
  const char *dot = strrchr(a, '.');
  for (size_t i = 0; a[0] != '-' && dot && i < sizeof exts / sizeof exts[0]; i++)
    if (strcmp(dot, exts[i]) == 0)
      return 1;
  return 0;
}

/* Options whose value is the next argument (builtin-cc.c). */
#define takes_value oa_compiler_takes_value

/* Only for the link step: libraries, their directories, linker options. */
static int link_only(const char *a)
{
  return strncmp(a, "-l", 2) == 0 || strncmp(a, "-L", 2) == 0 || strncmp(a, "-Wl,", 4) == 0
         || strcmp(a, "-Xlinker") == 0 || strcmp(a, "-shared") == 0 || strcmp(a, "-static") == 0
         || strcmp(a, "-pie") == 0 || strcmp(a, "-no-pie") == 0 || strcmp(a, "-rdynamic") == 0;
}

/* What clang's step of a --race build takes from the user's flags: the code
 * generation ones (optimization, target, position independence). */
static int codegen_flag(const char *a)
{
  return strncmp(a, "-O", 2) == 0 || strncmp(a, "-m", 2) == 0 || strcmp(a, "-fPIC") == 0
         || strcmp(a, "-fpic") == 0 || strcmp(a, "-fPIE") == 0 || strcmp(a, "-fpie") == 0
         || strcmp(a, "-fno-pic") == 0 || strncmp(a, "-g", 2) == 0;
}

/* No object or program made: preprocessing, syntax, dependencies, assembly
 * or IR: a plain flang run. */
static int no_object(const char *a)
{
  return strcmp(a, "-E") == 0 || strcmp(a, "-S") == 0 || strcmp(a, "-fsyntax-only") == 0
         || strcmp(a, "-emit-llvm") == 0 || strncmp(a, "-M", 2) == 0;
}

static void need_flang(void)
{
  if (!OMPADV_FLANG[0] || access(OMPADV_FLANG, X_OK) != 0)
    oa_die(OA_EXIT_FAIL, "flang-new-19 not found%s%s: install it with: apt-get install flang-19",
           OMPADV_FLANG[0] ? " at " : "", OMPADV_FLANG);
}

/* Runs argv to its end: 0, or the exit status to end with (its own, or 1). */
static int run(const char **argv)
{
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0)
    oa_die(OA_EXIT_FAIL, "cannot run %s: %s", argv[0], strerror(errno));
  if (pid == 0) {
    execv(argv[0], (char *const *)argv);
    fprintf(stderr, "ompadv: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR)
      return 1;
  if (WIFEXITED(st))
    return WEXITSTATUS(st);
  return 1;
}

/* The IR of in, with every attribute group marked sanitize_thread (the
 * groups of functions: flang names no other kind), written to out. */
static int mark_for_tsan(const char *in, const char *out)
{
  FILE *f = fopen(in, "r"), *g = f ? fopen(out, "w") : NULL;
  if (!f || !g) {
    fprintf(stderr, "ompadv: fc: cannot %s %s: %s\n", f ? "write" : "read", f ? out : in,
            strerror(errno));
    if (f)
      fclose(f);
    return 1;
  }
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  int ok = 1;
  while ((n = getline(&line, &cap, f)) > 0) {
    char *brace = strncmp(line, "attributes #", 12) == 0 ? strchr(line, '{') : NULL;
    if (brace) {
      ok &= fwrite(line, 1, (size_t)(brace + 1 - line), g) == (size_t)(brace + 1 - line);
      ok &= fputs(" sanitize_thread", g) >= 0;
      ok &= fputs(brace + 1, g) >= 0;
    } else {
      ok &= fwrite(line, 1, (size_t)n, g) == (size_t)n;
    }
  }
  free(line);
  fclose(f);
  if (fclose(g) != 0 || !ok) {
    fprintf(stderr, "ompadv: fc: cannot write %s\n", out);
    return 1;
  }
  return 0;
}

/* The object a --race compile of src makes with -c: out, or src's base name
 * with .o, as flang names it. */
static char *object_name(const char *src, const char *out)
{
  if (out)
    return oa_xstrdup(out);
  const char *base = strrchr(src, '/');
  base = base ? base + 1 : src;
  const char *dot = strrchr(base, '.');
  return oa_xasprintf("%.*s.o", (int)(dot - base), base);
}

static int run_race(int argc, char **argv)
{
  int compile_only = 0, nsrc = 0;
  const char *out = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-c") == 0)
      compile_only = 1;
    else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
      out = argv[i + 1];
    else if (strncmp(argv[i], "-o", 2) == 0 && argv[i][2])
      out = argv[i] + 2;
    if (takes_value(argv[i]))
      i++;
    else if (is_fortran_source(argv[i]))
      nsrc++;
  }
  if (compile_only && out && nsrc > 1)
    oa_die(OA_EXIT_USAGE, "fc: cannot specify -o with -c and several sources (as flang)");
  /* these steps write the objects and the program themselves: none of
   * them may replace a source (outfile.h) */
  oa_guard_cmd("fc");
  for (int i = 1; i < argc; i++) {
    if (takes_value(argv[i]))
      i++;
    else if (is_fortran_source(argv[i]))
      oa_guard_input(argv[i], "the source");
  }
  for (int i = 1; compile_only && i < argc; i++) {
    if (takes_value(argv[i]))
      i++;
    else if (is_fortran_source(argv[i]))
      oa_guard_output(object_name(argv[i], out), "the object");
  }
  if (!compile_only)
    oa_guard_output(out ? out : "a.out", "the program (-o)");
  char *tmp = nsrc ? oa_tmpdir_make() : NULL;
  char *plugin_path = oa_simd_plugin();
  const char *plugin = plugin_path ? oa_xasprintf("-fpass-plugin=%s", plugin_path) : NULL;
  const char **cmd = oa_xcalloc((size_t)argc + 16, sizeof *cmd);
  char **objs = oa_xcalloc((size_t)nsrc + 1, sizeof *objs);
  int k = 0;
  for (int i = 1; i < argc; i++) {
    if (takes_value(argv[i])) {
      i++;
      continue;
    }
    if (!is_fortran_source(argv[i]))
      continue;
    char *ll = oa_xasprintf("%s/%d.ll", tmp, k), *tll = oa_xasprintf("%s/%d.tsan.ll", tmp, k);
    /* flang to IR: the user's flags but the link's and -o, -c */
    size_t n = 0;
    cmd[n++] = OMPADV_FLANG;
    cmd[n++] = "-fopenmp";
    cmd[n++] = "-g";
    for (int j = 1; j < argc; j++) {
      if (strcmp(argv[j], "-o") == 0 || (takes_value(argv[j]) && link_only(argv[j]))) {
        j++;
        continue;
      }
      if (is_fortran_source(argv[j]) || strncmp(argv[j], "-o", 2) == 0 || strcmp(argv[j], "-c") == 0
          || link_only(argv[j]) || argv[j][0] != '-')
        continue;
      cmd[n++] = argv[j];
      if (takes_value(argv[j]) && j + 1 < argc)
        cmd[n++] = argv[++j];
    }
    cmd[n++] = "-O0";  /* unoptimized: clang optimizes, after the simd-lanes pass */
    cmd[n++] = "-S";
    cmd[n++] = "-emit-llvm";
    cmd[n++] = argv[i];
    cmd[n++] = "-o";
    cmd[n++] = ll;
    cmd[n] = NULL;
    int rc = run(cmd);
    if (!rc)
      rc = mark_for_tsan(ll, tll);
    if (rc)
      return rc;
    /* clang: ThreadSanitizer's pass, code generation */
    objs[k] = compile_only ? object_name(argv[i], out) : oa_xasprintf("%s/%d.o", tmp, k);
    n = 0;
    cmd[n++] = OMPADV_CLANG;
    cmd[n++] = "-fsanitize=thread";
    cmd[n++] = "-mprefer-vector-width=128";  /* as `ompadv cc --race` (builtin-cc.c) */
    if (plugin)
      cmd[n++] = plugin;                      /* ... and its simd-lanes pass */
    cmd[n++] = "-g";
    for (int j = 1; j < argc; j++) {
      if (takes_value(argv[j])) {
        j++;
        continue;
      }
      if (codegen_flag(argv[j]))
        cmd[n++] = argv[j];
    }
    cmd[n++] = "-Wno-override-module";
    cmd[n++] = "-c";
    cmd[n++] = tll;
    cmd[n++] = "-o";
    cmd[n++] = objs[k];
    cmd[n] = NULL;
    if ((rc = run(cmd)) != 0)
      return rc;
    free(ll);
    free(tll);
    k++;
  }
  if (compile_only)
    return 0;
  /* flang links: the objects in the sources' places, the TSan runtime */
  size_t n = 0;
  cmd[n++] = OMPADV_FLANG;
  cmd[n++] = "-fopenmp";
  k = 0;
  for (int i = 1; i < argc; i++) {
    if (takes_value(argv[i]) && i + 1 < argc) {
      cmd[n++] = argv[i];
      cmd[n++] = argv[++i];
    } else {
      cmd[n++] = is_fortran_source(argv[i]) ? objs[k++] : argv[i];
    }
  }
  cmd[n++] = OMPADV_TSAN_LIBDIR "/libclang_rt.tsan-x86_64.so";
  cmd[n++] = OA_RACE_LDFLAG;
  cmd[n] = NULL;
  return run(cmd);
}

static int run_fc(const oa_command *self, int argc, char **argv)
{
  int want_race = 0, plain = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--race") == 0)
      want_race = 1;
    else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      oa_print_usage(self, stdout);
      return 0;
    } else if (no_object(argv[i]))
      plain = 1;
  }
  oa_compiler_need_input(self, argc, argv, want_race ? "--race -O1 -o prog prog.f90"
                                                     : "-O2 -o prog prog.f90");
  need_flang();
  int n = 0;
  char **args = oa_xcalloc((size_t)argc + 4, sizeof *args);
  for (int i = 0; i < argc; i++)
    if (strcmp(argv[i], "--race") != 0)
      args[n++] = argv[i];
  args[n] = NULL;
  if (want_race && !plain)
    return run_race(n, args);
  const char **cmd = oa_xcalloc((size_t)n + 4, sizeof *cmd);
  size_t m = 0;
  cmd[m++] = OMPADV_FLANG;
  cmd[m++] = "-fopenmp";
  cmd[m++] = "-g";
  for (int i = 1; i < n; i++)
    cmd[m++] = args[i];
  cmd[m] = NULL;
  fflush(NULL);
  execv(OMPADV_FLANG, (char *const *)cmd);
  oa_die(OA_EXIT_FAIL, "cannot run %s: %s (install it with: apt-get install flang-19)",
         OMPADV_FLANG, strerror(errno));
}

static const oa_option fc_options[] = {
  { "race", 0, NULL, 0,
    "build for race mode: each Fortran source to LLVM IR with flang, instrumented by clang-19 "
    "-fsanitize=thread, linked with the shared TSan runtime and a run path to it" },
  { NULL, 0, NULL, 0, NULL },
};

const oa_command oa_cmd_fc = {
  "fc", run_fc,
  "compile and link Fortran with flang-new-19 -fopenmp -g (--race: for race mode)",
  "[--race] FLANG-ARGS...", 0, fc_options,
  NULL,
  NULL,
  NULL,
};
