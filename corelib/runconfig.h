/* The configuration of one run of the program under the tool: what the
 * driver's command asks for (the mode, the race detector, the profiling
 * settings) and where the tool writes its results.  The driver fills one
 * (src/launch.h: oa_launch's run) and writes it into the program's
 * environment with oa_run_config_to_env; the tool reads it back with
 * oa_run_config_from_env.  These two are the only places that know the
 * environment's names and forms (contract.h: OMPADV_ENV_*). */
#ifndef OMPADV_RUNCONFIG_H
#define OMPADV_RUNCONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "contract.h"
#include "metric.h"

/* OMPADV_MODE: "trace", "profile" or "race". */
enum oa_run_mode { OA_RUN_TRACE = 1, OA_RUN_PROFILE = 2, OA_RUN_RACE = 3 };
/* OMPADV_RACE: "fast", "precise" or "auto" (contract.h, race mode). */
enum oa_race_detector { OA_DET_FAST = 1, OA_DET_PRECISE = 2, OA_DET_AUTO = 3 };

typedef struct oa_run_config {
  enum oa_run_mode mode;          /* 0 reads as trace */
  /* profile, record, whatif, diff, time (profile mode): each 0 when not
   * set, and then a variable of the user's own passes through */
  enum oa_metric metric;          /* OMPADV_METRIC; the tool reads 0 as tsc */
  int task_cost_set;              /* OMPADV_TASK_COST "D,U" */
  uint64_t task_cost, task_cost_undeferred;  /* estimated creation costs, metric units */
  int rt_costs_set;               /* OMPADV_RUNTIME_COST */
  oa_rt_costs rt_costs;           /* the runtime's own time around events */
  int record;                     /* OMPADV_RECORD=1: the OSPG's construction is kept */
  int raw;                        /* OMPADV_RAW=1: every fragment kept (profile --save-raw) */
  int time;                       /* OMPADV_TIME=1: with record, the run on one clock
                                   * (`ompadv time`); the tool keeps it with record only */
  int order_counter;              /* OMPADV_ORDER=counter (the user's own, for tests):
                                   * records ordered by a shared counter, not the TSC */
  /* race mode (written only there) */
  enum oa_race_detector race_detector; /* OMPADV_RACE */
  int race_grain;                 /* OMPADV_RACE_GRAIN: bytes per shadow cell, 4 or 1;
                                   * the driver's 0: the runtime's default (4) */
  int race_stacks;                /* OMPADV_RACE_STACKS=1: --earlier-stacks */
  uint32_t race_max_threads;      /* OMPADV_RACE_MAX_THREADS: --max-threads; the
                                   * driver's 0: the runtime's default
                                   * (OA_RACE_MAX_THREADS) */
  /* where the results go: set by the launcher, not by the commands */
  const char *result;             /* OMPADV_RESULT: result file pattern ("%p": the pid) */
  const char *result_own;         /* OMPADV_RESULT_OWN: the owner's file, made before the run */
  long owner;                     /* OMPADV_OWNER: the process the driver started (0: not said) */
  const char *others;             /* OMPADV_OTHERS: where other processes list their files */
} oa_run_config;

/* Set the variables for c in this process's environment (the driver calls
 * it in the child, before exec): OMPADV_MODE and OMPADV_CONTRACT always,
 * the others only where c sets them, the race ones only in race mode. */
void oa_run_config_to_env(const oa_run_config *c);
/* Read the configuration from this process's environment (the tool, once,
 * in ompt_start_tool); the strings point into the environment.  0, or -1
 * with why the tool must not start in err. */
int oa_run_config_from_env(oa_run_config *c, char *err, size_t size);

/* Does the run build the OSPG (profile mode and race mode), or only write
 * the OMPT events (trace mode)? */
static inline int oa_run_config_models(const oa_run_config *c)
{
  return c->mode == OA_RUN_PROFILE || c->mode == OA_RUN_RACE;
}
/* The result file's mode (contract.h: oa_file_header.mode, enum oa_mode). */
enum oa_mode oa_run_config_file_mode(const oa_run_config *c);

/* The names in the environment: "trace", "profile", "race"; "fast",
 * "precise", "auto".  The parsers return 0 for an unknown or NULL name. */
const char *oa_run_mode_name(enum oa_run_mode m);
enum oa_run_mode oa_run_mode_parse(const char *name);
const char *oa_race_detector_name(enum oa_race_detector d);
enum oa_race_detector oa_race_detector_parse(const char *name);

#endif
