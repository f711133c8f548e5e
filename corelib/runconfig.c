/* The run's configuration to and from the program's environment
 * (runconfig.h; the names and forms: contract.h, OMPADV_ENV_*). */
#include "runconfig.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char *const mode_names[] = {
  [OA_RUN_TRACE] = "trace", [OA_RUN_PROFILE] = "profile", [OA_RUN_RACE] = "race",
};
static const char *const detector_names[] = {
  [OA_DET_FAST] = "fast", [OA_DET_PRECISE] = "precise", [OA_DET_AUTO] = "auto",
};

const char *oa_run_mode_name(enum oa_run_mode m)
{
  return m >= OA_RUN_PROFILE && m <= OA_RUN_RACE ? mode_names[m] : mode_names[OA_RUN_TRACE];
}

enum oa_run_mode oa_run_mode_parse(const char *name)
{
  return (enum oa_run_mode)oa_name_index(mode_names, OA_RUN_TRACE, OA_RUN_RACE, name);
}

const char *oa_race_detector_name(enum oa_race_detector d)
{
  return d >= OA_DET_FAST && d <= OA_DET_AUTO ? detector_names[d] : "?";
}

enum oa_race_detector oa_race_detector_parse(const char *name)
{
  return (enum oa_race_detector)oa_name_index(detector_names, OA_DET_FAST, OA_DET_AUTO, name);
}

enum oa_mode oa_run_config_file_mode(const oa_run_config *c)
{
  /* a recording whatever the mode asked (a user's OMPADV_RECORD=1 passes
   * through to a trace run too); race mode builds the profile's OSPG but
   * its file holds race records */
  if (c->record)
    return OA_MODE_RECORD;
  if (c->mode == OA_RUN_RACE)
    return OA_MODE_RACE;
  return c->mode == OA_RUN_PROFILE ? OA_MODE_PROFILE : OA_MODE_TRACE;
}

static void set_num(const char *var, long v)
{
  char num[24];
  snprintf(num, sizeof num, "%ld", v);
  setenv(var, num, 1);
}

static void set_str(const char *var, const char *v)
{
  if (v)
    setenv(var, v, 1);
}

void oa_run_config_to_env(const oa_run_config *c)
{
  set_str(OMPADV_ENV_RESULT, c->result);
  set_str(OMPADV_ENV_RESULT_OWN, c->result_own);
  if (c->owner)
    set_num(OMPADV_ENV_OWNER, c->owner);
  set_str(OMPADV_ENV_OTHERS, c->others);
  setenv(OMPADV_ENV_MODE, oa_run_mode_name(c->mode), 1);
  set_num(OMPADV_ENV_CONTRACT, OMPADV_CONTRACT_VERSION);
  if (c->metric)
    setenv(OMPADV_ENV_METRIC, oa_metric_name(c->metric), 1);
  if (c->task_cost_set) {
    char v[48];
    snprintf(v, sizeof v, "%llu,%llu", (unsigned long long)c->task_cost,
             (unsigned long long)c->task_cost_undeferred);
    setenv(OMPADV_ENV_TASKCOST, v, 1);
  }
  if (c->rt_costs_set) {
    char v[1024];
    oa_rt_costs_format(&c->rt_costs, v, sizeof v);
    setenv(OMPADV_ENV_RTCOST, *v ? v : "none", 1);  /* no event with a cost */
  }
  if (c->record)
    setenv(OMPADV_ENV_RECORD, "1", 1);
  if (c->raw)
    setenv(OMPADV_ENV_RAW, "1", 1);
  if (c->time)
    setenv(OMPADV_ENV_TIME, "1", 1);
  if (c->mode != OA_RUN_RACE)
    return;
  setenv(OMPADV_ENV_RACE, oa_race_detector_name(c->race_detector), 1);
  if (c->race_grain > 0)
    set_num(OMPADV_ENV_RACE_GRAIN, c->race_grain);
  if (c->race_stacks)
    setenv(OMPADV_ENV_RACE_STACKS, "1", 1);
  if (c->race_max_threads > 0)
    set_num(OMPADV_ENV_RACE_MAX_THREADS, c->race_max_threads);
}

static int is_1(const char *s)
{
  return s && *s == '1';
}

int oa_run_config_from_env(oa_run_config *c, char *err, size_t size)
{
  const char *contract = getenv(OMPADV_ENV_CONTRACT), *mode = getenv(OMPADV_ENV_MODE);
  memset(c, 0, sizeof *c);
  c->result = getenv(OMPADV_ENV_RESULT);
  c->result_own = getenv(OMPADV_ENV_RESULT_OWN);
  const char *owner = getenv(OMPADV_ENV_OWNER);
  c->owner = owner ? atol(owner) : 0;
  c->others = getenv(OMPADV_ENV_OTHERS);
  if (!c->result || !*c->result) {
    snprintf(err, size, "%s is not set (run the program with ompadv)", OMPADV_ENV_RESULT);
    return -1;
  }
  if (!contract || atoi(contract) != OMPADV_CONTRACT_VERSION) {
    snprintf(err, size, "the driver speaks contract %s, this library %d (mixed installations?)",
             contract ? contract : "(none)", OMPADV_CONTRACT_VERSION);
    return -1;
  }
  c->mode = mode ? oa_run_mode_parse(mode) : OA_RUN_TRACE;
  if (!c->mode) {
    snprintf(err, size, "unknown mode '%s'", mode);
    return -1;
  }
  c->metric = oa_metric_parse(getenv(OMPADV_ENV_METRIC));
  if (!c->metric)
    c->metric = OA_METRIC_TSC;
  /* The driver checked both (builtin-profile.c) and refuses a malformed
   * one; read them as strictly, so that what is not of the form (a race
   * run that inherits the user's) counts as not given: 0. */
  c->task_cost_set = oa_task_cost_parse(getenv(OMPADV_ENV_TASKCOST), &c->task_cost,
                                        &c->task_cost_undeferred) == 0;
  if (!c->task_cost_set)
    c->task_cost = c->task_cost_undeferred = 0;
  /* all 0 unless well formed */
  c->rt_costs_set = oa_rt_costs_parse(getenv(OMPADV_ENV_RTCOST), &c->rt_costs) >= 0;
  c->raw = is_1(getenv(OMPADV_ENV_RAW));
  c->record = is_1(getenv(OMPADV_ENV_RECORD));
  c->time = c->record && is_1(getenv(OMPADV_ENV_TIME));
  const char *order = getenv(OMPADV_ENV_ORDER);
  c->order_counter = order && strcmp(order, "counter") == 0;
  const char *det = getenv(OMPADV_ENV_RACE), *grain = getenv(OMPADV_ENV_RACE_GRAIN);
  c->race_detector = det ? oa_race_detector_parse(det) : OA_DET_FAST;
  if (!c->race_detector && c->mode == OA_RUN_RACE) {
    snprintf(err, size, "unknown race detector '%s'", det);
    return -1;
  }
  c->race_grain = grain && atoi(grain) == 1 ? 1 : 4;
  c->race_stacks = is_1(getenv(OMPADV_ENV_RACE_STACKS));
  const char *max = getenv(OMPADV_ENV_RACE_MAX_THREADS);
  long m = max ? strtol(max, NULL, 10) : 0;
  c->race_max_threads = m >= 1 && m <= 1 << 20 ? (uint32_t)m : OA_RACE_MAX_THREADS;
  return 0;
}
