/* Command-line parsing shared by every command: the common options of
 * doc/DESIGN.md, each command's own table, and --help generated from both, in
 * valgrind's style (option, argument, what it does, [default]). */
#include "ompadv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "outfile.h"
#include "util.h"

/* The --output file of the command, written whole (outfile.h), and the
 * command, for messages. */
static oa_outfile *output;
static const char *output_cmd = "ompadv";

static const struct common_def {
  unsigned bit;
  const char *name;
  char short_name;
  const char *arg;
  const char *help;
} common_defs[] = {
  { OPT_THREADS, "threads", 0, "N", "run the target with N OpenMP threads (OMP_NUM_THREADS) [the target's default]" },
  { OPT_METRIC, "metric", 0, "M", "work metric: auto|cycles|instructions|tsc|cputime [auto]" },
  { OPT_FORMAT, "format", 0, "F", "report format: text|json|csv [text]" },
  { OPT_OUTPUT, "output", 0, "FILE", "write the report to FILE instead of stderr" },
  { OPT_HTML, "html", 0, "FILE", "also write the report as one self-contained HTML page to FILE" },
  { OPT_QUIET, "quiet", 'q', NULL, "print only the report, no notes" },
  { OPT_VERBOSE, "verbose", 'v', NULL, "say more: callbacks the runtime lacks, files used" },
};
#define NCOMMON (sizeof common_defs / sizeof common_defs[0])

static void print_opt(FILE *f, char short_name, const char *name, const char *arg, const char *help)
{
  char left[64];
  if (short_name)
    snprintf(left, sizeof left, "-%c, --%s%s%s", short_name, name, arg ? "=" : "", arg ? arg : "");
  else
    snprintf(left, sizeof left, "    --%s%s%s", name, arg ? "=" : "", arg ? arg : "");
  fprintf(f, "  %-24s %s\n", left, help);
}

void oa_need_program(const oa_command *cmd, int first, int argc)
{
  if (first >= argc)
    oa_die(OA_EXIT_USAGE, "%s: no program given (usage: ompadv %s %s)", cmd->name, cmd->name,
           cmd->usage);
}

void oa_print_usage(const oa_command *cmd, FILE *f)
{
  fprintf(f, "usage: ompadv %s %s\n\n%s\n\noptions:\n", cmd->name, cmd->usage, cmd->summary);
  for (const oa_option *o = cmd->options; o && o->name; o++)
    print_opt(f, o->short_name, o->name, o->arg, o->help);
  for (size_t i = 0; i < NCOMMON; i++) {
    if (!(cmd->common & common_defs[i].bit))
      continue;
    const char *help = common_defs[i].help;
    char own[160];
    if (common_defs[i].bit == OPT_THREADS && cmd->threads_default) {
      snprintf(own, sizeof own, "run the target with N OpenMP threads (OMP_NUM_THREADS) [%s]",
               cmd->threads_default);
      help = own;
    }
    if (common_defs[i].bit == OPT_QUIET && !(cmd->common & OPT_OUTPUT))
      help = "print no notes (where the recording went, the metric), only warnings and errors";
    print_opt(f, common_defs[i].short_name, common_defs[i].name, common_defs[i].arg, help);
  }
  print_opt(f, 'h', "help", NULL, "show this help (man ompadv-CMD has the details)");
}

static _Noreturn void bad(const oa_command *cmd, const char *fmt, const char *what)
{
  char msg[256];
  snprintf(msg, sizeof msg, fmt, what);
  oa_die(OA_EXIT_USAGE, "%s: %s (see 'ompadv %s --help')", cmd->name, msg, cmd->name);
}

static int parse_threads(const oa_command *cmd, const char *s)
{
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || *end || v < 1 || v > 100000)
    bad(cmd, "--threads wants a positive number, not '%s'", s);
  return (int)v;
}

uint32_t oa_parse_team_size(const char *cmd, const char *opt, const char *arg)
{
  char *end;
  errno = 0;
  unsigned long v = strtoul(arg, &end, 10);
  if (errno || *end || arg[0] == '-' || v < 1 || v > 4096)
    oa_die(OA_EXIT_USAGE, "%s: %s %s: give a team size from 1 to 4096", cmd, opt, arg);
  return (uint32_t)v;
}

static void check_choice(const oa_command *cmd, const char *opt, const char *v, const char *const *ok)
{
  for (; *ok; ok++)
    if (strcmp(v, *ok) == 0)
      return;
  char what[160];
  snprintf(what, sizeof what, "%s=%s", opt, v);
  bad(cmd, "unknown value in '%s'", what);
}

static int set_common(const oa_command *cmd, const struct common_def *d, const char *arg,
                      oa_common *c)
{
  static const char *const metrics[] = { "auto", "cycles", "instructions", "tsc", "cputime", NULL };
  static const char *const formats[] = { "text", "json", "csv", NULL };
  switch (d->bit) {
  case OPT_THREADS: c->threads = parse_threads(cmd, arg); break;
  case OPT_METRIC: check_choice(cmd, "--metric", arg, metrics); c->metric = arg; break;
  case OPT_FORMAT: check_choice(cmd, "--format", arg, formats); c->format = arg; break;
  case OPT_OUTPUT: c->output = arg; oa_guard_output(arg, "--output"); break;
  case OPT_HTML: c->html = arg; oa_guard_output(arg, "--html"); break;
  case OPT_QUIET: oa_quiet = 1; break;
  case OPT_VERBOSE: oa_verbose = 1; break;
  }
  return 0;
}

/* The options whose FILE the command reads (any other FILE it writes). */
static int reads_file(const char *name)
{
  return strcmp(name, "input") == 0 || strcmp(name, "baseline") == 0
         || strcmp(name, "suppressions") == 0;
}

/* Find the option named by argv[*i] (long "--name[=v]" or short "-x"),
 * fetching its argument from the next word when needed. */
int oa_parse_options(const oa_command *cmd, int argc, char **argv, oa_common *common,
                     int (*on_option)(int id, const char *arg, void *ctx), void *ctx)
{
  output_cmd = cmd->name;
  oa_guard_cmd(cmd->name);
  if (!common->metric)
    common->metric = "auto";
  if (!common->format)
    common->format = "text";
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0)
      return i + 1;
    if (a[0] != '-' || a[1] == 0)
      return i;
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      oa_print_usage(cmd, stdout);
      exit(0);
    }
    int is_long = a[1] == '-';
    const char *name = a + (is_long ? 2 : 1);
    const char *eq = is_long ? strchr(name, '=') : NULL;
    size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
    const char *optarg = eq ? eq + 1 : NULL;
    const char *argname = NULL;
    const oa_option *own = NULL;
    const struct common_def *com = NULL;

    for (const oa_option *o = cmd->options; o && o->name && !own; o++)
      if (is_long ? (strlen(o->name) == nlen && strncmp(o->name, name, nlen) == 0)
                  : (o->short_name && name[0] == o->short_name && name[1] == 0))
        own = o;
    for (size_t k = 0; k < NCOMMON && !own && !com; k++) {
      const struct common_def *d = &common_defs[k];
      if (!(cmd->common & d->bit))
        continue;
      if (is_long ? (strlen(d->name) == nlen && strncmp(d->name, name, nlen) == 0)
                  : (d->short_name && name[0] == d->short_name && name[1] == 0))
        com = d;
    }
    if (!own && !com)
      bad(cmd, "unknown option '%s'", a);
    argname = own ? own->arg : com->arg;
    if (argname && !optarg) {
      if (i + 1 >= argc)
        bad(cmd, "option '%s' needs an argument", a);
      optarg = argv[++i];
    } else if (!argname && optarg) {
      bad(cmd, "option '%s' takes no argument", a);
    }
    if (own && own->arg && strcmp(own->arg, "FILE") == 0) {
      char what[64];  /* the option as it was typed */
      if (is_long)
        snprintf(what, sizeof what, "--%s", own->name);
      else
        snprintf(what, sizeof what, "-%c", own->short_name);
      if (reads_file(own->name))
        oa_guard_input(optarg, what);
      else
        oa_guard_output(optarg, what);
    }
    if (own)
      on_option(own->id, optarg, ctx);
    else
      set_common(cmd, com, optarg, common);
  }
  return i;
}


FILE *oa_open_output(const oa_common *common)
{
  if (!common->output || strcmp(common->output, "-") == 0)
    return stderr;
  if (!output)
    output = oa_outfile_open(common->output, output_cmd, "--output");
  return oa_outfile_stream(output);
}

int oa_close_output(FILE *f, int rc)
{
  int wrc;
  if (output && f == oa_outfile_stream(output)) {
    wrc = oa_outfile_close(output);
    output = NULL;
  } else {
    wrc = oa_std_report_end(f, output_cmd);
  }
  return rc ? rc : wrc;
}
