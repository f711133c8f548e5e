/* Unit test of the run's configuration (corelib/runconfig.c): what
 * oa_run_config_to_env writes into the environment, variable by variable,
 * against the contract's names and forms (corelib/contract.h), written out
 * here by hand; that oa_run_config_from_env reads back the very
 * configuration that was written (the round trip); the tool's defaults for
 * what is not set or not of the form; and each reason the tool gives for
 * not starting, word for word. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "contract.h"
#include "runconfig.h"
#include "check.h"

static const char *const vars[] = {
  OMPADV_ENV_RESULT, OMPADV_ENV_RESULT_OWN, OMPADV_ENV_OWNER, OMPADV_ENV_OTHERS,
  OMPADV_ENV_MODE, OMPADV_ENV_CONTRACT, OMPADV_ENV_METRIC, OMPADV_ENV_TASKCOST,
  OMPADV_ENV_RTCOST, OMPADV_ENV_RECORD, OMPADV_ENV_RAW, OMPADV_ENV_TIME, OMPADV_ENV_RACE,
  OMPADV_ENV_RACE_GRAIN, OMPADV_ENV_RACE_STACKS,
};
#define NVARS (sizeof vars / sizeof vars[0])

static void clear_env(void)
{
  for (size_t i = 0; i < NVARS; i++)
    unsetenv(vars[i]);
}

/* var is set to want (NULL: not set). */
static void expect_env(int line, const char *var, const char *want)
{
  const char *got = getenv(var);
  if (!want)
    CHECK(!got, "line %d: %s is '%s', should not be set", line, var, got);
  else
    CHECK(got && strcmp(got, want) == 0, "line %d: %s is '%s', want '%s'", line, var,
          got ? got : "(unset)", want);
}
#define ENV(var, want) expect_env(__LINE__, var, want)

static int same_str(const char *a, const char *b)
{
  return a == b || (a && b && strcmp(a, b) == 0);
}

/* b, read back from the environment a wrote, is a. */
static void expect_same(int line, const oa_run_config *a, const oa_run_config *b)
{
  CHECK(a->mode == b->mode, "line %d: mode %d, want %d", line, b->mode, a->mode);
  CHECK(a->metric == b->metric, "line %d: metric %d, want %d", line, b->metric, a->metric);
  CHECK(a->task_cost_set == b->task_cost_set && a->task_cost == b->task_cost
            && a->task_cost_undeferred == b->task_cost_undeferred,
        "line %d: task cost %d %llu,%llu, want %d %llu,%llu", line, b->task_cost_set,
        (unsigned long long)b->task_cost, (unsigned long long)b->task_cost_undeferred,
        a->task_cost_set, (unsigned long long)a->task_cost,
        (unsigned long long)a->task_cost_undeferred);
  CHECK(a->rt_costs_set == b->rt_costs_set
            && memcmp(&a->rt_costs, &b->rt_costs, sizeof a->rt_costs) == 0,
        "line %d: runtime costs differ", line);
  CHECK(a->record == b->record && a->raw == b->raw && a->time == b->time,
        "line %d: record/raw/time %d%d%d, want %d%d%d", line, b->record, b->raw, b->time,
        a->record, a->raw, a->time);
  CHECK(a->race_detector == b->race_detector && a->race_grain == b->race_grain
            && a->race_stacks == b->race_stacks,
        "line %d: detector/grain/stacks %d/%d/%d, want %d/%d/%d", line, b->race_detector,
        b->race_grain, b->race_stacks, a->race_detector, a->race_grain, a->race_stacks);
  CHECK(same_str(a->result, b->result) && same_str(a->result_own, b->result_own)
            && a->owner == b->owner && same_str(a->others, b->others),
        "line %d: where the results go differs", line);
}

/* Write c, read it back into *back: 0, or -1 (err said why). */
static int round_trip(const oa_run_config *c, oa_run_config *back, char *err, size_t size)
{
  clear_env();
  oa_run_config_to_env(c);
  return oa_run_config_from_env(back, err, size);
}

static void where(oa_run_config *c)
{
  c->result = "/tmp/x/result.%p";
  c->result_own = "/tmp/x/result";
  c->owner = 4242;
  c->others = "/tmp/x/others";
}

static void test_profile(void)
{
  char err[256];
  oa_run_config c = { .mode = OA_RUN_PROFILE, .metric = OA_METRIC_CPUTIME,
                      .task_cost_set = 1, .task_cost = 150, .task_cost_undeferred = 120,
                      .rt_costs_set = 1, .record = 1, .time = 1 }, back;
  where(&c);
  c.rt_costs.in[OA_RTE_BARRIER] = 40;
  c.rt_costs.out[OA_RTE_BARRIER] = 60;
  c.rt_costs.out[OA_RTE_FORK] = 120;
  /* what the tool does with race settings outside race mode: its defaults */
  c.race_detector = OA_DET_FAST;
  c.race_grain = 4;
  CHECK(round_trip(&c, &back, err, sizeof err) == 0, "profile: %s", err);
  ENV(OMPADV_ENV_RESULT, "/tmp/x/result.%p");
  ENV(OMPADV_ENV_RESULT_OWN, "/tmp/x/result");
  ENV(OMPADV_ENV_OWNER, "4242");
  ENV(OMPADV_ENV_OTHERS, "/tmp/x/others");
  ENV(OMPADV_ENV_MODE, "profile");
  ENV(OMPADV_ENV_CONTRACT, "1");
  ENV(OMPADV_ENV_METRIC, "cputime");
  ENV(OMPADV_ENV_TASKCOST, "150,120");
  /* in metric.h's order of events, fork first */
  ENV(OMPADV_ENV_RTCOST, "fork=0/120,barrier=40/60");
  ENV(OMPADV_ENV_RECORD, "1");
  ENV(OMPADV_ENV_RAW, NULL);
  ENV(OMPADV_ENV_TIME, "1");
  ENV(OMPADV_ENV_RACE, NULL);  /* race mode only */
  ENV(OMPADV_ENV_RACE_GRAIN, NULL);
  ENV(OMPADV_ENV_RACE_STACKS, NULL);
  expect_same(__LINE__, &c, &back);
  CHECK(oa_run_config_models(&back), "profile mode builds the OSPG");
  CHECK(oa_run_config_file_mode(&back) == OA_MODE_RECORD, "record: a recording");

  /* profile --save-raw, with the runtime's costs calibrated to none */
  oa_run_config r = { .mode = OA_RUN_PROFILE, .metric = OA_METRIC_TSC, .task_cost_set = 1,
                      .rt_costs_set = 1, .raw = 1, .race_detector = OA_DET_FAST,
                      .race_grain = 4 };
  where(&r);
  CHECK(round_trip(&r, &back, err, sizeof err) == 0, "raw: %s", err);
  ENV(OMPADV_ENV_TASKCOST, "0,0");
  ENV(OMPADV_ENV_RTCOST, "none");
  ENV(OMPADV_ENV_RAW, "1");
  ENV(OMPADV_ENV_RECORD, NULL);
  ENV(OMPADV_ENV_TIME, NULL);
  ENV(OMPADV_ENV_METRIC, "tsc");
  expect_same(__LINE__, &r, &back);
  CHECK(oa_run_config_file_mode(&back) == OA_MODE_PROFILE, "profile: a profile result");
}

static void test_race(void)
{
  char err[256];
  static const struct {
    enum oa_race_detector det;
    const char *name;
    int grain, stacks;
    const char *grain_env;
  } runs[] = {
    { OA_DET_FAST, "fast", 4, 0, "4" },
    { OA_DET_PRECISE, "precise", 1, 1, "1" },
    { OA_DET_AUTO, "auto", 4, 0, "4" },
  };
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    oa_run_config c = { .mode = OA_RUN_RACE, .metric = OA_METRIC_TSC,
                        .race_detector = runs[i].det, .race_grain = runs[i].grain,
                        .race_stacks = runs[i].stacks }, back;
    where(&c);
    CHECK(round_trip(&c, &back, err, sizeof err) == 0, "race %s: %s", runs[i].name, err);
    ENV(OMPADV_ENV_MODE, "race");
    ENV(OMPADV_ENV_RACE, runs[i].name);
    ENV(OMPADV_ENV_RACE_GRAIN, runs[i].grain_env);
    ENV(OMPADV_ENV_RACE_STACKS, runs[i].stacks ? "1" : NULL);
    ENV(OMPADV_ENV_METRIC, "tsc");
    ENV(OMPADV_ENV_TASKCOST, NULL);  /* a user's own would pass through */
    ENV(OMPADV_ENV_RTCOST, NULL);
    expect_same(__LINE__, &c, &back);
    CHECK(oa_run_config_models(&back), "race mode builds the OSPG");
    CHECK(oa_run_config_file_mode(&back) == OA_MODE_RACE, "race: a race result");
  }
  /* the driver's grain 0: not written, the tool's 4 */
  oa_run_config c = { .mode = OA_RUN_RACE, .race_detector = OA_DET_PRECISE }, back;
  where(&c);
  CHECK(round_trip(&c, &back, err, sizeof err) == 0, "race grain 0: %s", err);
  ENV(OMPADV_ENV_RACE_GRAIN, NULL);
  ENV(OMPADV_ENV_METRIC, NULL);
  CHECK(back.race_grain == 4 && back.metric == OA_METRIC_TSC, "grain %d metric %d, want 4 tsc",
        back.race_grain, back.metric);
}

static void test_trace(void)
{
  char err[256];
  /* the driver's trace run sets no metric: not written, the tool's tsc */
  oa_run_config c = { .mode = OA_RUN_TRACE, .race_detector = OA_DET_FAST, .race_grain = 4 },
                back;
  where(&c);
  CHECK(round_trip(&c, &back, err, sizeof err) == 0, "trace: %s", err);
  ENV(OMPADV_ENV_MODE, "trace");
  ENV(OMPADV_ENV_METRIC, NULL);
  ENV(OMPADV_ENV_TASKCOST, NULL);
  ENV(OMPADV_ENV_RTCOST, NULL);
  ENV(OMPADV_ENV_RECORD, NULL);
  c.metric = OA_METRIC_TSC;
  expect_same(__LINE__, &c, &back);
  CHECK(!oa_run_config_models(&back), "trace mode builds no OSPG");
  CHECK(oa_run_config_file_mode(&back) == OA_MODE_TRACE, "trace: a trace result");
}

/* Set the environment from NAME=VALUE pairs (NULL-ended) on a clean slate
 * holding a result pattern and the contract. */
static void env_of(const char *const *kv)
{
  clear_env();
  setenv(OMPADV_ENV_RESULT, "/tmp/r.%p", 1);
  setenv(OMPADV_ENV_CONTRACT, "1", 1);
  for (; *kv; kv += 2)
    setenv(kv[0], kv[1], 1);
}

static void test_defaults(void)
{
  char err[256];
  oa_run_config c;
  /* nothing but the result and the contract: trace, tsc, nothing else */
  env_of((const char *const[]){ NULL });
  CHECK(oa_run_config_from_env(&c, err, sizeof err) == 0, "bare: %s", err);
  CHECK(c.mode == OA_RUN_TRACE && c.metric == OA_METRIC_TSC && !c.task_cost_set
            && !c.rt_costs_set && !c.record && !c.raw && !c.time
            && c.race_detector == OA_DET_FAST && c.race_grain == 4 && !c.race_stacks
            && !c.owner && !c.others && !c.result_own,
        "bare environment: mode %d metric %d", c.mode, c.metric);
  /* what is not of the form counts as not given */
  env_of((const char *const[]){ OMPADV_ENV_MODE, "profile", OMPADV_ENV_METRIC, "seconds",
                                OMPADV_ENV_TASKCOST, "150, 120", OMPADV_ENV_RTCOST,
                                "barrier=40", OMPADV_ENV_TIME, "1", OMPADV_ENV_RAW, "yes",
                                OMPADV_ENV_RACE, "slow", OMPADV_ENV_RACE_GRAIN, "2",
                                OMPADV_ENV_OWNER, "12", NULL });
  CHECK(oa_run_config_from_env(&c, err, sizeof err) == 0, "malformed: %s", err);
  CHECK(c.mode == OA_RUN_PROFILE && c.metric == OA_METRIC_TSC, "mode %d metric %d", c.mode,
        c.metric);
  CHECK(!c.task_cost_set && c.task_cost == 0 && c.task_cost_undeferred == 0,
        "task cost '150, 120' read as %llu,%llu", (unsigned long long)c.task_cost,
        (unsigned long long)c.task_cost_undeferred);
  CHECK(!c.rt_costs_set && c.rt_costs.in[OA_RTE_BARRIER] == 0, "runtime cost 'barrier=40' read");
  CHECK(!c.time, "time without record");
  CHECK(!c.raw, "RAW=yes is not 1");
  CHECK(c.race_detector == 0, "an unknown detector outside race mode: %d", c.race_detector);
  CHECK(c.race_grain == 4, "grain 2 read as %d", c.race_grain);
  CHECK(c.owner == 12, "owner %ld", c.owner);
  CHECK(oa_run_config_file_mode(&c) == OA_MODE_PROFILE, "file mode %d",
        oa_run_config_file_mode(&c));
  /* a user's OMPADV_RECORD=1 in a trace run: a recording, as it always was */
  env_of((const char *const[]){ OMPADV_ENV_RECORD, "1", NULL });
  CHECK(oa_run_config_from_env(&c, err, sizeof err) == 0, "trace record: %s", err);
  CHECK(oa_run_config_file_mode(&c) == OA_MODE_RECORD, "file mode %d",
        oa_run_config_file_mode(&c));
  /* the user's task cost reaches a race run, which writes none */
  oa_run_config r = { .mode = OA_RUN_RACE, .race_detector = OA_DET_FAST };
  where(&r);
  clear_env();
  setenv(OMPADV_ENV_TASKCOST, "7,3", 1);
  oa_run_config_to_env(&r);
  ENV(OMPADV_ENV_TASKCOST, "7,3");
  CHECK(oa_run_config_from_env(&c, err, sizeof err) == 0 && c.task_cost_set
            && c.task_cost == 7 && c.task_cost_undeferred == 3,
        "inherited task cost: %llu,%llu", (unsigned long long)c.task_cost,
        (unsigned long long)c.task_cost_undeferred);
}

/* from_env refuses with exactly the reason want. */
static void expect_refused(int line, const char *want)
{
  char err[256] = "";
  oa_run_config c;
  int rc = oa_run_config_from_env(&c, err, sizeof err);
  CHECK(rc == -1 && strcmp(err, want) == 0, "line %d: rc %d, '%s', want '%s'", line, rc, err,
        want);
}
#define REFUSED(want) expect_refused(__LINE__, want)

static void test_refusals(void)
{
  env_of((const char *const[]){ NULL });
  unsetenv(OMPADV_ENV_RESULT);
  REFUSED("OMPADV_RESULT is not set (run the program with ompadv)");
  env_of((const char *const[]){ OMPADV_ENV_RESULT, "", NULL });
  REFUSED("OMPADV_RESULT is not set (run the program with ompadv)");
  env_of((const char *const[]){ NULL });
  unsetenv(OMPADV_ENV_CONTRACT);
  REFUSED("the driver speaks contract (none), this library 1 (mixed installations?)");
  env_of((const char *const[]){ OMPADV_ENV_CONTRACT, "2", NULL });
  REFUSED("the driver speaks contract 2, this library 1 (mixed installations?)");
  env_of((const char *const[]){ OMPADV_ENV_MODE, "record", NULL });
  REFUSED("unknown mode 'record'");
  env_of((const char *const[]){ OMPADV_ENV_MODE, "", NULL });
  REFUSED("unknown mode ''");
  env_of((const char *const[]){ OMPADV_ENV_MODE, "race", OMPADV_ENV_RACE, "slow", NULL });
  REFUSED("unknown race detector 'slow'");
  env_of((const char *const[]){ OMPADV_ENV_MODE, "race", OMPADV_ENV_RACE, "", NULL });
  REFUSED("unknown race detector ''");
}

int main(void)
{
  test_profile();
  test_race();
  test_trace();
  test_defaults();
  test_refusals();
  if (failures)
    return 1;
  puts("ok");
  return 0;
}
