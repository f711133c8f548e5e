/* The launcher every mode shares: inspect PROG, prepare the child's
 * environment (tool injection, libgomp redirection, thread count), run it
 * with signals forwarded, and hand back its status and the result file. */
#ifndef OMPADV_LAUNCH_H
#define OMPADV_LAUNCH_H

#include <stdint.h>
#include <sys/types.h>

#include "elfinspect.h"

typedef struct oa_launch {
  /* set by the caller */
  const char *mode;          /* OMPADV_MODE for the tool */
  int threads;               /* 0: leave OMP_NUM_THREADS alone */
  const char *result;        /* result file pattern (%p = pid); NULL: private temp dir */
  char **argv;               /* PROG ARGS..., NULL-terminated */
  /* race mode (`ompadv race`): the race runtime stands in for the target's
   * TSan runtime and is the tool; the target must be instrumented for it */
  const char *race;          /* OMPADV_RACE: fast|precise|check; NULL: not race mode */
  int grain;                 /* OMPADV_RACE_GRAIN (0: the runtime's default) */
  int earlier_stacks;        /* OMPADV_RACE_STACKS: each access's calling context kept */
  int again;                 /* another run of the program follows, which must get the
                              * same input: stdin is rewound after this one (see
                              * oa_launch_keep_input) */
  int quiet_child;           /* the child's stdout and stderr go to /dev/null, its stdin
                              * comes from /dev/null unless it is a seekable file */
  /* filled by oa_launch_run */
  oa_target target;
  pid_t pid;
  int status;                /* waitpid status */
  char *result_path;         /* the child's result file */
  char *tmpdir;              /* private directory, removed by oa_launch_cleanup */
  char *race_dir;            /* race mode: the directory holding the race runtime
                              * under the TSan runtime's name */
  char *init_log;            /* libomp's tool registration log (OMP_TOOL_VERBOSE_INIT);
                              * NULL: the user set that variable */
  int exec_failed;           /* the child could not exec PROG (it said why) */
  char *rank_result;         /* result with %r expanded (the MPI rank) */
} oa_launch;

/* How the tool fared in the child (oa_launch_handshake). */
enum oa_handshake {
  OA_TOOL_FAILED = 0,        /* it never started though it should have: said why */
  OA_TOOL_STARTED = 1,       /* the result file is there */
  OA_TOOL_IDLE = 2,          /* the OpenMP runtime never initialized: no OpenMP
                              * construct ran, so there was nothing to start for */
};

/* For a command that runs the program more than once: standard input, if it
 * is a pipe or a socket, is read to its end into a file in dir (then
 * unlinked) that becomes ompadv's standard input, so that each run, with
 * .again set, reads it from the start.  A regular file is only rewound; a
 * terminal is left alone (each run reads what is typed then). */
void oa_launch_keep_input(const char *dir);
/* Inspect, run and wait.  Returns 0 when the target ran (whatever its exit
 * status); exits 2 itself when the target is unusable and 1 when ompadv
 * cannot start it. */
int oa_launch_run(oa_launch *l);
/* Did the tool start in the child?  OA_TOOL_FAILED after explaining on
 * stderr why not; OA_TOOL_IDLE (nothing said) when the program ran no
 * OpenMP construct at all (only simd, or it exited before its first one). */
enum oa_handshake oa_launch_handshake(const oa_launch *l);
/* 0, or why the result file could not grow while the target ran (an errno:
 * ENOSPC, EDQUOT, ...): the tool stopped writing there, and what came
 * before that point is kept (contract.h: seq_cut). */
int oa_launch_file_full(const oa_launch *l, uint64_t *kept);
/* The note for OA_TOOL_IDLE: "CMD: no OpenMP construct ran in 'PROG', so
 * there is nothing to VERB", and that file (a result file the user named,
 * or NULL) was not written. */
void oa_launch_note_idle(const oa_launch *l, const char *cmd, const char *verb,
                         const char *file);
/* The processes the program started that ran OpenMP under the tool too,
 * each with the result file it wrote (never the one named: contract.h,
 * OMPADV_ENV_OWNER): fn (if not NULL) for each; returns how many.
 * oa_launch_exit_status tells the user of them. */
int oa_launch_others(const oa_launch *l, void (*fn)(void *ctx, long pid, const char *file),
                     void *ctx);
/* Say how the target ended if it did not exit normally; returns the exit
 * status ompadv should end with (the target's, or 128+signal). */
int oa_launch_exit_status(const oa_launch *l);
void oa_launch_cleanup(oa_launch *l);
/* The last of SIGINT, SIGTERM, SIGHUP, SIGQUIT that ompadv itself received
 * while a target ran (0: none): a command of several runs stops there. */
#include <signal.h>
extern volatile sig_atomic_t oa_launch_signalled;

#endif
