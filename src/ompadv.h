/* The driver's shared declarations: the command table entries, the options
 * every command shares (doc/DESIGN.md section 1), and where the driver finds its
 * own files (tool library, man pages) from its install location. */
#ifndef OMPADV_DRIVER_H
#define OMPADV_DRIVER_H

#include <stdint.h>
#include <stdio.h>

/* Common options; each command says which of them it takes. */
enum {
  OPT_THREADS = 1 << 0,   /* --threads N */
  OPT_METRIC  = 1 << 1,   /* --metric M */
  OPT_FORMAT  = 1 << 2,   /* --format F */
  OPT_OUTPUT  = 1 << 3,   /* --output FILE */
  OPT_QUIET   = 1 << 4,   /* -q */
  OPT_VERBOSE = 1 << 5,   /* -v */
  OPT_HTML    = 1 << 6,   /* --html FILE */
  OPT_TABLE   = 1 << 7,   /* --sort KEY, --top N, --percent-limit PCT */
};

/* The exit status of a gate that failed (profile and report --fail-below,
 * diff --fail-over), when the program itself exited 0. */
enum { OA_EXIT_GATE = 3 };

typedef struct oa_common {
  int threads;            /* 0: the target's own default */
  const char *metric;
  const char *format;
  const char *output;     /* NULL: the report stream (to_stdout); "-": stdout */
  const char *html;       /* --html: the page to write too, or NULL */
  /* the report goes to stdout when no --output is given: set by a command
   * that runs no program (perf report's way); one that runs a program
   * leaves stdout to it and reports on stderr */
  int to_stdout;
  /* OPT_TABLE: the table's sort key (NULL: the command's first, its
   * default), the rows shown at most (0: all), and the share below which
   * a row is left out (0: none) */
  const char *sort;
  long top;
  double percent_limit;
} oa_common;

/* A command's own option.  id is passed to the command's handler. */
typedef struct oa_option {
  const char *name;       /* long name without "--" */
  char short_name;        /* 0: none */
  const char *arg;        /* NULL: a flag; else the argument's name in --help */
  int id;
  const char *help;
} oa_option;
/* An option whose argument is named "FILE" names a file: --input (and
 * race's --baseline and --suppressions) one the command reads, any other one
 * it writes; each is held against the others as it is parsed (outfile.h),
 * so that no output replaces an input. */

typedef struct oa_command {
  const char *name;
  int (*run)(const struct oa_command *self, int argc, char **argv);
  const char *summary;    /* one line for `ompadv --help` */
  const char *usage;      /* synopsis after "ompadv NAME" */
  unsigned common;        /* OPT_* mask */
  const oa_option *options;  /* terminated by an entry with name NULL */
  const char *threads_default; /* --threads' default for --help; NULL: the target's own */
  const char *man;        /* its manual page, when not ompadv-NAME */
  /* OPT_TABLE: the keys --sort takes, the default first, NULL-terminated */
  const char *const *sort_keys;
} oa_command;

/* Parse the options of cmd from argv[1..] up to the first operand or "--".
 * on_option is called for the command's own options.  Returns the index of
 * the first operand (argc when none); --help prints the usage and exits 0;
 * bad options exit 2 with a one-line error. */
int oa_parse_options(const oa_command *cmd, int argc, char **argv, oa_common *common,
                     int (*on_option)(int id, const char *arg, void *ctx), void *ctx);
void oa_print_usage(const oa_command *cmd, FILE *f);
/* Exits with OA_EXIT_USAGE, naming the command's synopsis, when the command
 * line gave no program (first: the first operand, as oa_parse_options
 * returns it). */
void oa_need_program(const oa_command *cmd, int first, int argc);
/* A choice among a few values: returns quietly when value is one of ok
 * (NULL-terminated); else exits 2 with "CMD: unknown WHAT 'VALUE' (valid:
 * A, B, C)". */
void oa_check_choice(const char *cmd, const char *what, const char *value,
                     const char *const *ok);
/* The key of c->sort (or the command's default) as an index into
 * cmd->sort_keys. */
int oa_sort_index(const oa_command *cmd, const oa_common *c);
/* Open --output (or stdout when it is "-" or the command set to_stdout,
 * else stderr), written whole (outfile.h): exits 1 with a message if it
 * cannot; the same stream each time it is asked for. */
FILE *oa_open_output(const oa_common *common);
/* End the report written to f (from oa_open_output): rc, or when rc is 0,
 * OA_EXIT_FAIL if the report could not be written (said why). */
int oa_close_output(FILE *f, int rc);

/* The command table (ompadv.c), NULL-terminated; each command is defined in
 * its builtin-<name>.c. */
extern const oa_command *const oa_commands[];
const oa_command *oa_find_command(const char *name);

/* Files of the installation, found from /proc/self/exe; NULL if not found. */
char *oa_tool_library(void);
/* The directory holding the race runtime under the TSan runtime's name. */
#define OA_RACE_RUNTIME "libclang_rt.tsan-x86_64.so"
char *oa_race_dir(void);
/* The simd-lanes pass for clang (ompadv-simd.so, $OMPADV_SIMD_PLUGIN when
 * set); NULL when ompadv was built without it. */
char *oa_simd_plugin(void);
char *oa_man_page(const char *page);
char *oa_helper_program(const char *name);
char *oa_include_dir(void);

/* mpirank.c: MPI programs (mpirun -np N ompadv ...).  The rank from the
 * launcher's environment (Open MPI, MPICH/Hydra, PMIx, Slurm), -1 outside
 * one; *size: the number of ranks, -1 if unknown. */
int oa_mpi_rank(int *size);
/* pattern with each "%r" replaced by the rank (0 outside MPI); malloc'ed. */
char *oa_expand_rank(const char *pattern);
/* Under a launcher with several ranks: the pattern that names every rank's
 * file made from pattern (as the recordings' -o: %r, %p, or the rank
 * appended), each of those a '*' ('app.*.data', for report -i); else NULL.
 * malloc'ed. */
char *oa_rank_glob(const char *pattern);
/* Under a launcher with several ranks, what ompadv writes to stderr goes
 * out in whole lines, each prefixed "[rank N] ". */
void oa_mpi_tag_stderr(void);

extern const oa_command oa_cmd_profile, oa_cmd_record, oa_cmd_report, oa_cmd_whatif, oa_cmd_scale, oa_cmd_diff,
    oa_cmd_race, oa_cmd_time, oa_cmd_trace, oa_cmd_cc, oa_cmd_cxx, oa_cmd_fc, oa_cmd_help;
/* The run path of the TSan runtime that `ompadv cc --race` and `ompadv fc
 * --race` programs link: RUNPATH (not RPATH), which LD_LIBRARY_PATH and
 * LD_PRELOAD outrank, so that `ompadv race` still puts its own runtime in
 * that library's place. */
#define OA_RACE_LDFLAG "-Wl,--enable-new-dtags,-rpath," OMPADV_TSAN_LIBDIR
/* builtin-cc.c, for cc, c++ and fc: does option a of clang or flang take
 * the next argument as its value?  And exit 2 with one line (naming
 * example, the arguments of a command that would work) when the command
 * line names no input file. */
int oa_compiler_takes_value(const char *a);
void oa_compiler_need_input(const oa_command *cmd, int argc, char **argv, const char *example);
/* `ompadv time`'s report of a time-mode recording (also `report --time`):
 * 0, or an exit status; timeline: a CSV file to write, or NULL; page: the
 * --html page to give the profile, the time report and the timeline, or
 * NULL. */
struct oa_page;
int oa_time_report(const char *path, const oa_common *c, const char *timeline,
                   struct oa_page *page);
/* The time report and timeline of a recording for the page of `report
 * --html`, from the caller's recording and its replay (recfile.h): 0; 1,
 * saying nothing, when the recording holds no time records; else an exit
 * status after saying why. */
struct oa_recording;
struct oa_replay_out;
int oa_time_page(struct oa_recording *rec, const struct oa_replay_out *base, const char *path,
                 const oa_common *c, struct oa_page *page);
/* `ompadv diff -i A -i B --time`: the two breakdowns, directive by
 * directive: 0, or an exit status. */
int oa_time_diff(const char *a, const char *b, const oa_common *c);

/* builtin-profile.c: the settings of a profiling run (runconfig.h: metric,
 * task creation costs, the runtime's own time); returns how the metric was
 * chosen, or NULL. */
struct oa_run_config;
/* A team-size option's value (1 to 4096); exits 2 naming cmd and opt. */
uint32_t oa_parse_team_size(const char *cmd, const char *opt, const char *arg);
const char *oa_profile_prepare(const oa_common *c, struct oa_run_config *r);
/* OMPADV_RUNTIME_COST for a run of that many threads (0: the default) in
 * r's metric, into r: as the user gave it, or calibrated
 * (oa_profile_prepare calls it once). */
void oa_profile_runtime_cost(struct oa_run_config *r, int threads);

#endif
