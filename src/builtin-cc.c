/* `ompadv cc` and `ompadv c++`: clang-19 -fopenmp (clang++-19 for c++, and
 * for cc when a C++ source is given) with what ompadv needs for faithful
 * source locations (debug info with address ranges, no sibling-call
 * optimization, which would hide the construct's caller), and with --race
 * the shared TSan runtime ompadv's race mode stands in for, found through a
 * run path so that the program also runs without ompadv (configure's "can
 * the compiler make programs that run" test).  User flags come last, so
 * they win.  --print-flags and --print-ldflags print the flags instead, for
 * a build that must keep its own compiler. */
#include "ompadv.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

static int is_cxx_source(const char *a)
{
  static const char *const exts[] = { ".cpp", ".cc", ".cxx", ".C", ".c++" };
  const char *dot = strrchr(a, '.');
  for (size_t i = 0; dot && i < sizeof exts / sizeof exts[0]; i++)
    if (strcmp(dot, exts[i]) == 0)
      return 1;
  return 0;
}

/* No link step: -c, -S, -E, -fsyntax-only, or dependencies only (-M, -MM).
 * Linker flags would then be "unused" warnings, errors under -Werror. */
static int compile_only(const char *a)
{
  return strcmp(a, "-c") == 0 || strcmp(a, "-S") == 0 || strcmp(a, "-E") == 0
         || strcmp(a, "-fsyntax-only") == 0 || strcmp(a, "-M") == 0 || strcmp(a, "-MM") == 0;
}

/* Options of clang and flang whose value is the next argument. */
int oa_compiler_takes_value(const char *a)
{
  static const char *const opts[] = {
    "-o", "-I", "-J", "-D", "-U", "-L", "-l", "-x", "-include", "-imacros", "-isystem",
    "-iquote", "-idirafter", "-isysroot", "-module-dir", "-MF", "-MT", "-MQ", "-Xlinker",
    "-Xclang", "-Xflang", "-Xpreprocessor", "-Xassembler", "-mllvm", "-target", "--param",
    "-z", "-T", "-u",
  };
  for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
    if (strcmp(a, opts[i]) == 0)
      return 1;
  return 0;
}

/* Does the command line do something without an input file (print the
 * version, the search paths, ...)? */
static int needs_no_input(const char *a)
{
  return strcmp(a, "-v") == 0 || strcmp(a, "--version") == 0 || strcmp(a, "-dumpversion") == 0
         || strcmp(a, "-dumpmachine") == 0 || strncmp(a, "-print-", 7) == 0
         || strncmp(a, "--print-", 8) == 0 || strcmp(a, "-help") == 0
         || strncmp(a, "--help-", 7) == 0;
}

void oa_compiler_need_input(const oa_command *cmd, int argc, char **argv, const char *example)
{
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (oa_compiler_takes_value(a))
      i++;
    else if (a[0] != '-' || !a[1] || needs_no_input(a))
      return;  /* a source, an object, "-" (standard input), @FILE, or no need */
  }
  oa_die(OA_EXIT_USAGE, "%s: no input file given: name the sources or objects to build, e.g. "
         "ompadv %s %s", cmd->name, cmd->name, example);
}

static const char *const base_flags[] = { "-fopenmp", "-g", "-gdwarf-aranges",
                                          "-fno-optimize-sibling-calls" };
static const char *const race_flags[] = { "-fsanitize=thread", "-shared-libsan" };
/* ThreadSanitizer's pass leaves loads and stores wider than 16 bytes
 * uninstrumented (LLVM 19's ThreadSanitizer.cpp skips sizes it has no
 * __tsan_readN for): with -march=native the vectorizer's 32- and 64-byte
 * accesses would go unseen (DataRaceBench DRB013 at its harness's -O3
 * -march=native).  Vectors of 16 bytes at most keep every access checked. */
static const char *const race_compile_flags[] = { "-mprefer-vector-width=128" };

enum { CC_RACE = 1, CC_PRINT, CC_PRINT_LD };

/* The flags ompadv adds, into to (16 at most): for compiling, the base
 * flags (else -fopenmp alone), race mode's, the run path to the TSan
 * runtime when linking for race mode, and inc_flag (-I of ompadv.h's
 * directory, or NULL) when compiling; returns how many. */
/* With --race, clang loads the simd-lanes pass (plugin/simd-lanes.cpp), so
 * that race mode sees the lanes of simd loops: -fpass-plugin=PATH, or NULL
 * when ompadv was built without it (no llvm-19-dev). */
static const char *plugin_flag(void)
{
  char *p = oa_simd_plugin();
  return p ? oa_xasprintf("-fpass-plugin=%s", p) : NULL;
}

static size_t our_flags(const char **to, int race, int compile, int link, const char *inc_flag)
{
  size_t n = 0;
  for (size_t i = 0; compile && i < sizeof base_flags / sizeof base_flags[0]; i++)
    to[n++] = base_flags[i];
  if (!compile)
    to[n++] = "-fopenmp";
  for (size_t i = 0; race && i < sizeof race_flags / sizeof race_flags[0]; i++)
    to[n++] = race_flags[i];
  for (size_t i = 0; race && compile && i < sizeof race_compile_flags / sizeof *race_compile_flags; i++)
    to[n++] = race_compile_flags[i];
  const char *plugin = race && compile ? plugin_flag() : NULL;
  if (plugin)
    to[n++] = plugin;
  if (race && link)
    to[n++] = OA_RACE_LDFLAG;
  if (compile && inc_flag)
    to[n++] = inc_flag;
  return n;
}

static int run_compiler(const oa_command *self, int argc, char **argv, int cxx)
{
  int want_race = 0, links = 1, print = 0;
  const char **args = oa_xcalloc((size_t)argc + 16, sizeof *args);
  size_t n = 1;

  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--race") == 0)
      want_race = 1;
    else if (strcmp(argv[i], "--print-flags") == 0)
      print = CC_PRINT;
    else if (strcmp(argv[i], "--print-ldflags") == 0)
      print = CC_PRINT_LD;
    else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      oa_print_usage(self, stdout);
      return 0;
    } else if (is_cxx_source(argv[i]))
      cxx = 1;
    else if (compile_only(argv[i]))
      links = 0;
  }
  if (!print)
    oa_compiler_need_input(self, argc, argv, want_race ? (cxx ? "--race -O1 -o prog prog.cpp"
                                                              : "--race -O1 -o prog prog.c")
                                                       : (cxx ? "-O2 -o prog prog.cpp"
                                                              : "-O2 -o prog prog.c"));
  char *inc = oa_include_dir();  /* for #include <ompadv.h> (what-if annotations) */
  const char *inc_flag = inc ? oa_xasprintf("-I%s", inc) : NULL;
  if (print) {
    /* --print-flags: the compile flags; --print-ldflags: what a link needs */
    const char *flags[16];
    size_t k = our_flags(flags, want_race, print == CC_PRINT, print == CC_PRINT_LD, inc_flag);
    for (size_t i = 0; i < k; i++)
      printf("%s%s", i ? " " : "", flags[i]);
    printf("\n");
    return 0;
  }
  const char *clang = cxx ? OMPADV_CLANGXX : OMPADV_CLANG;
  args[0] = clang;
  n += our_flags(args + n, want_race, 1, links, inc_flag);
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--race") != 0)
      args[n++] = argv[i];
  args[n] = NULL;
  fflush(NULL);
  execv(clang, (char *const *)args);
  oa_die(OA_EXIT_FAIL, "cannot run %s: %s (install it with: apt-get install clang-19)", clang,
         strerror(errno));
}

static int run_cc(const oa_command *self, int argc, char **argv)
{
  return run_compiler(self, argc, argv, 0);
}

static int run_cxx(const oa_command *self, int argc, char **argv)
{
  return run_compiler(self, argc, argv, 1);
}

static const oa_option cc_options[] = {
  { "race", 0, NULL, CC_RACE,
    "also -fsanitize=thread -shared-libsan (and, when compiling, -mprefer-vector-width=128: TSan "
    "does not check wider accesses; and ompadv's simd-lanes pass), and a run path to that "
    "runtime when linking (programs for race mode)" },
  { "print-flags", 0, NULL, CC_PRINT,
    "print the compile flags (with --race: race mode's) for another clang, and exit" },
  { "print-ldflags", 0, NULL, CC_PRINT_LD, "print the link flags, and exit" },
  { NULL, 0, NULL, 0, NULL },
};

const oa_command oa_cmd_cc = {
  "cc", run_cc,
  "compile with clang-19 -fopenmp and the flags ompadv needs (and ompadv.h's directory)",
  "[--race] CLANG-ARGS...  |  --print-flags [--race]", 0, cc_options,
  NULL,
  NULL,
  NULL,
};

const oa_command oa_cmd_cxx = {
  "c++", run_cxx,
  "compile and link C++ with clang++-19 -fopenmp and the flags ompadv needs",
  "[--race] CLANG-ARGS...  |  --print-flags [--race]", 0, cc_options,
  NULL, "cc",
  NULL,
};
