/* The launcher every mode shares: inspect PROG, prepare the child's
 * environment (tool injection, libgomp redirection, thread count), run it
 * with signals forwarded, and hand back its status and the result file. */
#ifndef OMPADV_LAUNCH_H
#define OMPADV_LAUNCH_H

#include <stdint.h>
#include <sys/types.h>

#include "elfinspect.h"
#include "runconfig.h"

/* How the tool fared in the child (filled by oa_run). */
enum oa_handshake {
  OA_TOOL_FAILED = 0,        /* it never started though it should have: said why */
  OA_TOOL_STARTED = 1,       /* the result file is there */
  OA_TOOL_IDLE = 2,          /* the OpenMP runtime never initialized: no OpenMP
                              * construct ran, so there was nothing to start for */
};

typedef struct oa_launch {
  /* set by the caller: every setting of the run, written into the child's
   * environment by the launcher alone (ompadv's own is left as it is) */
  /* the tool's configuration (runconfig.h), filled by the command: the
   * mode; profile mode's settings (metric, task and runtime costs, record,
   * raw, time: oa_profile_prepare), each unset one leaving a variable of
   * the user's own to pass through; race mode's detector, grain and
   * stacks (in race mode the race runtime stands in for the target's TSan
   * runtime and is the tool; the target must be instrumented for it).
   * Where the results go (result, result_own, owner, others) the launcher
   * sets itself. */
  oa_run_config run;
  int threads;               /* 0: leave OMP_NUM_THREADS alone */
  const char *result;        /* result file pattern (%p = pid), a file of the user's, which
                              * is replaced only once the run recorded something;
                              * NULL: a file in the private temp dir */
  char **argv;               /* PROG ARGS..., NULL-terminated */
  int again;                 /* another run of the program may follow, which must get
                              * the same input: stdin is rewound after this one (see
                              * oa_launch_keep_input) */
  /* filled by the run */
  oa_target target;
  pid_t pid;
  int status;                /* waitpid status */
  enum oa_handshake handshake;
  char *result_path;         /* the child's result file, where the tool wrote it: with
                              * .result, a temporary file beside it, renamed over it after
                              * analyse (which reads it here) */
  char *result_name;         /* with .result: the file's name as the user gave it, %p
                              * expanded, for messages; NULL otherwise */
  int result_fd;             /* the child's result file, open (made before the run) */
  int kept;                  /* with .result: the recording is in place at result_name */
  char *tmpdir;              /* private directory, removed at the run's end */
  char *race_dir;            /* race mode: the directory holding the race runtime
                              * under the TSan runtime's name */
  int exec_failed;           /* the child could not exec PROG (it said why) */
  char *rank_result;         /* result with %r expanded (the MPI rank) */
} oa_launch;

/* What a command does with a run of the program (oa_run). */
typedef struct oa_run_ops {
  const char *cmd;           /* the command, for the notes */
  /* When no OpenMP construct ran: the note "CMD: no OpenMP construct ran in
   * 'PROG', so there is nothing to VERB", and that the result file the user
   * named was not written (unless own_result: the file is the command's
   * own); NULL: no note (the command says it its own way). */
  const char *verb;
  int own_result;
  /* The run's results, when the tool started (and, with verb NULL, when no
   * OpenMP construct ran: l->handshake tells which): 0, or ompadv's failure
   * (an exit status: it outranks the program's own, not its death by a
   * signal). */
  int (*analyse)(void *ctx, const oa_launch *l);
  /* A result file the user named is in place, at l->result_name (after
   * analyse, before the program's end is told): where it went. */
  void (*kept)(void *ctx, const oa_launch *l);
  /* Last, once the program's end was told, before the run's files go
   * (fail: what analyse returned, OA_EXIT_FAIL when the tool failed or the
   * file could not be put in place). */
  void (*done)(void *ctx, const oa_launch *l, int fail);
  void *ctx;
} oa_run_ops;

/* Run the program under the tool (exits 2 when the target is unusable, 1
 * when ompadv cannot start it), check that the tool
 * started in it (or say why not, or that no OpenMP construct ran), warn
 * when the private result file could not grow, analyse, say how the program
 * ended (killed by a signal; other processes of it that ran OpenMP too),
 * and remove the run's files.  Returns the exit status ompadv should end
 * with: the program's own (128+signal when killed), unless ompadv failed. */
int oa_run(oa_launch *l, const oa_run_ops *ops);
/* The signal ompadv itself got (Ctrl-C, kill, timeout) while a program
 * ran, forwarded to it; 0: none. */
int oa_launch_signalled(void);

/* A private directory $TMPDIR/ompadv.XXXXXX (TMPDIR unset: /tmp), removed
 * with the files in it by oa_tmpdir_remove or at exit, however ompadv
 * exits; exits 1 when it cannot make one. */
char *oa_tmpdir_make(void);
void oa_tmpdir_remove(char *dir);  /* and frees dir */

/* For a command that may run the program more than once: standard input,
 * if it is a pipe or a socket, is read to its end into a file in dir (then
 * unlinked) that becomes ompadv's standard input, so that each run, with
 * .again set, reads it from the start.  A regular file is only rewound; a
 * terminal is left alone (each run reads what is typed then).  hint: NULL,
 * or another way out to add to the error for an input too long. */
void oa_launch_keep_input(const char *dir, const char *hint);
/* 0, or why the result file could not grow while the target ran (an errno:
 * ENOSPC, EDQUOT, ...): the tool stopped writing there, and what came
 * before that point is kept (contract.h: seq_cut). */
int oa_launch_file_full(const oa_launch *l, uint64_t *kept);
/* The processes the program started that ran OpenMP under the tool too,
 * each with the result file it wrote (never the one named: contract.h,
 * OMPADV_ENV_OWNER): fn (if not NULL) for each; returns how many.  oa_run
 * tells the user of them. */
int oa_launch_others(const oa_launch *l, void (*fn)(void *ctx, long pid, const char *file),
                     void *ctx);

#endif
