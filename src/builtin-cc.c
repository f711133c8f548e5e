/* `ompadv cc`: clang-19 -fopenmp with what ompadv needs for faithful source
 * locations (debug info with address ranges, no sibling-call optimization,
 * which would hide the construct's caller), and with --race the shared TSan
 * runtime ompadv's race mode can stand in for.  User flags come last, so
 * they win. */
#include "ompadv.h"

#include <errno.h>
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

static int run_cc(const oa_command *self, int argc, char **argv)
{
  static const char *const base[] = { "-fopenmp", "-g", "-gdwarf-aranges",
                                      "-fno-optimize-sibling-calls" };
  static const char *const race[] = { "-fsanitize=thread", "-shared-libsan" };
  int want_race = 0, cxx = 0;
  const char **args = oa_xcalloc((size_t)argc + 16, sizeof *args);
  size_t n = 1;

  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--race") == 0)
      want_race = 1;
    else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
      oa_print_usage(self, stdout);
      return 0;
    } else if (is_cxx_source(argv[i]))
      cxx = 1;
  }
  const char *clang = cxx ? OMPADV_CLANGXX : OMPADV_CLANG;
  args[0] = clang;
  for (size_t i = 0; i < sizeof base / sizeof base[0]; i++)
    args[n++] = base[i];
  for (size_t i = 0; want_race && i < sizeof race / sizeof race[0]; i++)
    args[n++] = race[i];
  char *inc = oa_include_dir();  /* for #include <ompadv.h> (what-if annotations) */
  if (inc)
    args[n++] = oa_xasprintf("-I%s", inc);
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--race") != 0)
      args[n++] = argv[i];
  args[n] = NULL;
  fflush(NULL);
  execv(clang, (char *const *)args);
  oa_die(OA_EXIT_FAIL, "cannot run %s: %s (install it with: apt-get install clang-19)", clang,
         strerror(errno));
}

static const oa_option cc_options[] = {
  { "race", 0, NULL, 1, "also -fsanitize=thread -shared-libsan (targets for race mode)" },
  { NULL, 0, NULL, 0, NULL },
};

const oa_command oa_cmd_cc = {
  "cc", run_cc,
  "compile with clang-19 -fopenmp and the flags ompadv needs (and ompadv.h's directory)",
  "[--race] CLANG-ARGS...", 0, cc_options,
  NULL,
};
