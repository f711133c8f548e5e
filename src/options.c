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

enum { C_THREADS = 1, C_METRIC, C_FORMAT, C_OUTPUT, C_HTML, C_QUIET, C_VERBOSE, C_SORT, C_TOP,
       C_PERCENT };

static const struct common_def {
  unsigned bit;
  int id;
  const char *name;
  char short_name;
  const char *arg;
  const char *help;
} common_defs[] = {
  { OPT_THREADS, C_THREADS, "threads", 0, "N", "run the target with N OpenMP threads (OMP_NUM_THREADS) [the target's default]" },
  { OPT_METRIC, C_METRIC, "metric", 0, "M", "work metric: auto|cycles|instructions|tsc|cputime [auto]" },
  { OPT_FORMAT, C_FORMAT, "format", 0, "F", "report format: text|json|csv [text]" },
  { OPT_OUTPUT, C_OUTPUT, "output", 'o', "FILE", NULL },
  { OPT_HTML, C_HTML, "html", 0, "FILE", "also write the report as one self-contained HTML page to FILE" },
  { OPT_TABLE, C_SORT, "sort", 0, "KEY", NULL },
  { OPT_TABLE, C_TOP, "top", 0, "N", "show the first N rows of each table, and how many more there are [all]" },
  { OPT_TABLE, C_PERCENT, "percent-limit", 0, "PCT",
    "leave out the rows under PCT% of the program's span and of its work, summed up in one line [0]" },
  { OPT_QUIET, C_QUIET, "quiet", 'q', NULL, "print only the report, no notes" },
  { OPT_VERBOSE, C_VERBOSE, "verbose", 'v', NULL, "say more: callbacks the runtime lacks, files used" },
};
#define NCOMMON (sizeof common_defs / sizeof common_defs[0])

static const char *const metrics[] = { "auto", "cycles", "instructions", "tsc", "cputime", NULL };
static const char *const formats[] = { "text", "json", "csv", NULL };

/* Whether the command takes its own option with that short name: then a
 * common option of the same letter (-o) is known by its long name only. */
static int own_short(const oa_command *cmd, char c)
{
  for (const oa_option *o = cmd->options; c && o && o->name; o++)
    if (o->short_name == c)
      return 1;
  return 0;
}

static char common_short(const oa_command *cmd, const struct common_def *d)
{
  return d->short_name && !own_short(cmd, d->short_name) ? d->short_name : 0;
}

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

/* "a|b|c" */
static void join(char *buf, size_t len, const char *const *v, const char *sep)
{
  size_t k = 0;
  buf[0] = 0;
  for (; *v && k < len; v++)
    k += (size_t)snprintf(buf + k, len - k, "%s%s", k ? sep : "", *v);
}

void oa_print_usage(const oa_command *cmd, FILE *f)
{
  fprintf(f, "usage: ompadv %s %s\n\n%s\n\noptions:\n", cmd->name, cmd->usage, cmd->summary);
  for (const oa_option *o = cmd->options; o && o->name; o++)
    print_opt(f, o->short_name, o->name, o->arg, o->help);
  for (size_t i = 0; i < NCOMMON; i++) {
    const struct common_def *d = &common_defs[i];
    if (!(cmd->common & d->bit))
      continue;
    const char *help = d->help;
    char own[256];
    if (d->id == C_THREADS && cmd->threads_default) {
      snprintf(own, sizeof own, "run the target with N OpenMP threads (OMP_NUM_THREADS) [%s]",
               cmd->threads_default);
      help = own;
    } else if (d->id == C_OUTPUT) {
      snprintf(own, sizeof own, "write the report to FILE (-: the standard output) [%s]",
               strcmp(cmd->name, "report") == 0 ? "stdout"
               : own_short(cmd, 'i') ? "stdout with -i FILE; stderr when a program runs"
                                     : "stderr: the program keeps stdout");
      help = own;
    } else if (d->id == C_SORT) {
      char keys[160];
      join(keys, sizeof keys, cmd->sort_keys, "|");
      snprintf(own, sizeof own, "sort the tables by KEY: %s [%s]", keys, cmd->sort_keys[0]);
      help = own;
    }
    if (d->bit == OPT_QUIET && !(cmd->common & OPT_OUTPUT))
      help = "print no notes (where the recording went, the metric), only warnings and errors";
    print_opt(f, common_short(cmd, d), d->name, d->arg, help);
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

void oa_check_choice(const char *cmd, const char *what, const char *value,
                     const char *const *ok)
{
  for (const char *const *k = ok; *k; k++)
    if (strcmp(value, *k) == 0)
      return;
  char valid[256];
  join(valid, sizeof valid, ok, ", ");
  oa_die(OA_EXIT_USAGE, "%s: unknown %s '%s' (valid: %s)", cmd, what, value, valid);
}

int oa_sort_index(const oa_command *cmd, const oa_common *c)
{
  for (int k = 0; c->sort && cmd->sort_keys && cmd->sort_keys[k]; k++)
    if (strcmp(cmd->sort_keys[k], c->sort) == 0)
      return k;
  return 0;
}

/* The options whose FILE the command reads (any other FILE it writes). */
static int reads_file(const char *name)
{
  return strcmp(name, "input") == 0 || strcmp(name, "baseline") == 0
         || strcmp(name, "suppressions") == 0;
}

static void set_common(const oa_command *cmd, const struct common_def *d, const char *arg,
                       oa_common *c)
{
  char *end;
  switch (d->id) {
  case C_THREADS: c->threads = parse_threads(cmd, arg); break;
  case C_METRIC: oa_check_choice(cmd->name, "metric", arg, metrics); c->metric = arg; break;
  case C_FORMAT: oa_check_choice(cmd->name, "format", arg, formats); c->format = arg; break;
  case C_OUTPUT:
    c->output = arg;
    if (strcmp(arg, "-") != 0)
      oa_guard_output(arg, "--output");
    break;
  case C_HTML: c->html = arg; oa_guard_output(arg, "--html"); break;
  case C_SORT: oa_check_choice(cmd->name, "sort key", arg, cmd->sort_keys); c->sort = arg; break;
  case C_TOP:
    errno = 0;
    c->top = strtol(arg, &end, 10);
    if (errno || *end || !*arg || c->top < 1)
      bad(cmd, "--top wants a number of rows, 1 or more, not '%s'", arg);
    break;
  case C_PERCENT:
    errno = 0;
    c->percent_limit = strtod(arg, &end);
    if (errno || *end || !*arg || !(c->percent_limit >= 0 && c->percent_limit <= 100))
      bad(cmd, "--percent-limit wants a percentage from 0 to 100, not '%s'", arg);
    break;
  case C_QUIET: oa_quiet = 1; break;
  case C_VERBOSE: oa_verbose = 1; break;
  }
}

/* An option the command takes: its own (own) or a common one (com). */
typedef struct found {
  const oa_option *own;
  const struct common_def *com;
} found;

static const char *found_name(found f)
{
  return f.own ? f.own->name : f.com->name;
}

static const char *found_arg(found f)
{
  return f.own ? f.own->arg : f.com->arg;
}

/* The long option name[0..n): exact, or else the one option it is a
 * prefix of (getopt_long's abbreviations). */
static found find_long(const oa_command *cmd, const char *name, size_t n, const char *typed)
{
  found exact = { 0 }, pre = { 0 };
  int npre = 0;
  char both[128] = "";
  for (const oa_option *o = cmd->options; o && o->name; o++) {
    if (strncmp(o->name, name, n) != 0)
      continue;
    if (strlen(o->name) == n)
      return (found){ o, NULL };
    if (npre++ < 2)
      snprintf(both + strlen(both), sizeof both - strlen(both), "%s--%s", npre > 1 ? ", " : "", o->name);
    pre = (found){ o, NULL };
  }
  for (size_t k = 0; k < NCOMMON; k++) {
    const struct common_def *d = &common_defs[k];
    if (!(cmd->common & d->bit) || strncmp(d->name, name, n) != 0)
      continue;
    if (strlen(d->name) == n) {
      exact = (found){ NULL, d };
      break;
    }
    if (npre++ < 2)
      snprintf(both + strlen(both), sizeof both - strlen(both), "%s--%s", npre > 1 ? ", " : "", d->name);
    pre = (found){ NULL, d };
  }
  if (exact.com)
    return exact;
  if (npre > 1) {
    char msg[200];
    snprintf(msg, sizeof msg, "option '%s' is ambiguous (%s%s)", typed, both, npre > 2 ? ", ..." : "");
    bad(cmd, "%s", msg);
  }
  if (!npre || n == 0)
    bad(cmd, "unknown option '%s'", typed);
  return pre;
}

static found find_short(const oa_command *cmd, char c, const char *typed)
{
  for (const oa_option *o = cmd->options; o && o->name; o++)
    if (o->short_name && o->short_name == c)
      return (found){ o, NULL };
  for (size_t k = 0; k < NCOMMON; k++) {
    const struct common_def *d = &common_defs[k];
    if ((cmd->common & d->bit) && common_short(cmd, d) == c)
      return (found){ NULL, d };
  }
  char what[8] = { '-', c, 0 };
  (void)typed;
  bad(cmd, "unknown option '%s'", what);
}

static void apply(const oa_command *cmd, found f, const char *what, const char *optarg,
                  oa_common *common, int (*on_option)(int id, const char *arg, void *ctx),
                  void *ctx)
{
  if (f.own && f.own->arg && strcmp(f.own->arg, "FILE") == 0) {
    if (reads_file(f.own->name))
      oa_guard_input(optarg, what);
    else
      oa_guard_output(optarg, what);
  }
  if (f.own)
    on_option(f.own->id, optarg, ctx);
  else
    set_common(cmd, f.com, optarg, common);
}

/* Options as getopt_long parses them: "--name", "--name=VALUE", "--name
 * VALUE", a unique prefix of a name, "-x VALUE", "-xVALUE", and flags
 * bundled ("-qv"); up to the first operand or "--". */
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
    if (strcmp(a, "--help") == 0) {
      oa_print_usage(cmd, stdout);
      exit(0);
    }
    if (a[1] == '-') {
      const char *name = a + 2, *eq = strchr(name, '=');
      size_t nlen = eq ? (size_t)(eq - name) : strlen(name);
      const char *optarg = eq ? eq + 1 : NULL;
      if (nlen >= 2 && strncmp(name, "help", nlen) == 0 && !eq) {
        oa_print_usage(cmd, stdout);
        exit(0);
      }
      found f = find_long(cmd, name, nlen, a);
      if (found_arg(f) && !optarg) {
        if (i + 1 >= argc)
          bad(cmd, "option '%s' needs an argument", a);
        optarg = argv[++i];
      } else if (!found_arg(f) && optarg) {
        bad(cmd, "option '%s' takes no argument", a);
      }
      char what[64];  /* the option as it is known */
      snprintf(what, sizeof what, "--%s", found_name(f));
      apply(cmd, f, what, optarg, common, on_option, ctx);
      continue;
    }
    /* a cluster of short options: flags, then at most one taking a value,
     * the rest of the word or the next one */
    for (const char *p = a + 1; *p; p++) {
      if (*p == 'h') {
        oa_print_usage(cmd, stdout);
        exit(0);
      }
      found f = find_short(cmd, *p, a);
      char what[8] = { '-', *p, 0 };
      if (!found_arg(f)) {
        apply(cmd, f, what, NULL, common, on_option, ctx);
        continue;
      }
      const char *optarg = p[1] ? p + 1 : NULL;
      if (!optarg) {
        if (i + 1 >= argc)
          bad(cmd, "option '%s' needs an argument", what);
        optarg = argv[++i];
      }
      apply(cmd, f, what, optarg, common, on_option, ctx);
      break;
    }
  }
  return i;
}


FILE *oa_open_output(const oa_common *common)
{
  if (!common->output)
    return common->to_stdout ? stdout : stderr;
  if (strcmp(common->output, "-") == 0)
    return stdout;
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
