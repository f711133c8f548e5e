/* `ompadv record`: run the target like `ompadv profile`, and keep the
 * construction of its OSPG (every node, its measured work, dependences,
 * locations, what-if annotations) in a file for `ompadv report` and
 * `ompadv whatif` (dissertation 3.6.1).  The tool writes the file as the
 * program runs, so it survives a crash; afterwards the driver appends the
 * source names of its locations, resolved once. */
#include "ompadv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "contract.h"
#include "launch.h"
#include "recfile.h"
#include "util.h"

enum { R_OUTPUT = 1 };

static int on_option(int id, const char *arg, void *ctx)
{
  if (id == R_OUTPUT)
    *(const char **)ctx = arg;
  return 0;
}

static double size_mb(const char *path)
{
  struct stat st;
  return stat(path, &st) == 0 ? (double)st.st_size / 1e6 : 0;
}

/* a recording a process the program started wrote: named like the program's */
static void name_other(void *ctx, long pid, const char *file)
{
  (void)ctx, (void)pid;
  if (access(file, F_OK) == 0)
    oa_recording_name(file, 1);
}

/* The recording of the run, named before it is put in place (l->result_path
 * is the run's own file until then); why: how the metric was chosen, or
 * NULL.  The note of where it went comes once it is there (kept). */
static int finish(void *ctx, const oa_launch *l)
{
  int full;
  uint64_t kept;
  (void)ctx;
  if ((full = oa_launch_file_full(l, &kept)) != 0) {
    /* the names trailer may not fit either: report then names the
     * locations from the binaries */
    oa_recording_name(l->result_path, 1);
    const char *fix = full == ENOMEM ? "lift the limit" : "free some space or record elsewhere with -o";
    if (kept)
      oa_error("record: %s while %s was written (%s): it holds the run up to that point "
               "(%.1f MB), which ompadv report reads as a prefix; %s", oa_full_reason(full),
               l->result_name, strerror(full), size_mb(l->result_path), fix);
    else
      oa_error("record: %s before the first record of %s was written (%s): nothing was "
               "recorded; %s", oa_full_reason(full), l->result_name, strerror(full), fix);
    return OA_EXIT_FAIL;
  }
  if (oa_recording_name(l->result_path, 0) != 0)
    return OA_EXIT_FAIL;
  return 0;
}

static void name_others(void *ctx, const oa_launch *l, int fail)
{
  (void)ctx, (void)fail;
  oa_launch_others(l, name_other, NULL);
}

typedef struct record_ctx {
  const char *why;           /* how the metric was chosen, or NULL */
  const char *file;          /* -o as given */
} record_ctx;

static void kept(void *ctx, const oa_launch *l)
{
  const record_ctx *r = ctx;
  if (r->why)
    oa_note("record: metric %s (%s)", oa_metric_name(l->run.metric), r->why);
  char *q = oa_shell_quote(l->result_name);
  /* a rank of an MPI job: the ranks are analysed together */
  char *all = oa_rank_glob(r->file);
  if (all) {
    char *qa = oa_shell_quote(all);
    oa_note("record: wrote %s (%.1f MB); analyse the ranks together with: ompadv report -i %s "
            "(this rank alone: -i %s)", l->result_name, size_mb(l->result_name), qa, q);
    free(qa);
  } else
    oa_note("record: wrote %s (%.1f MB); analyse it with: ompadv report -i %s", l->result_name,
            size_mb(l->result_name), q);
  free(all);
  free(q);
}

static int run_record(const oa_command *self, int argc, char **argv)
{
  oa_common c = { 0 };
  const char *file = "ompadv.data";
  int first = oa_parse_options(self, argc, argv, &c, on_option, &file);
  oa_need_program(self, first, argc);
  if (!*file)
    oa_die(OA_EXIT_USAGE, "record: -o needs a file name");
  oa_launch l = { .run = { .mode = OA_RUN_PROFILE, .record = 1 }, .threads = c.threads,
                  .result = file, .argv = argv + first };
  record_ctx r = { oa_profile_prepare(&c, &l.run), file };
  oa_run_ops ops = { .cmd = "record", .verb = "record", .analyse = finish, .kept = kept,
                     .done = name_others, .ctx = &r };
  return oa_run(&l, &ops);
}

static const oa_option record_options[] = {
  { "output", 'o', "FILE", R_OUTPUT, "write the recording to FILE (%p: the pid) [ompadv.data]" },
  { NULL, 0, NULL, 0, NULL },
};

const oa_command oa_cmd_record = {
  "record", run_record, "run the program and write its performance model for offline analysis",
  "[-o FILE] [OPTIONS] [--] PROG [ARGS]", OPT_THREADS | OPT_METRIC | OPT_QUIET | OPT_VERBOSE,
  record_options,
  NULL,
  NULL,
  NULL,
};
