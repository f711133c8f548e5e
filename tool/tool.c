/* Entry point of the injected library: ompt_start_tool decides whether to run,
 * the initializer opens the result file and registers every callback of
 * events.def, the finalizer marks the recording complete. */
#include "prof.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

const oa_race_hooks *oa_race;
oa_config oa_conf;

oa_target_run oa_the_run = { .fd = -1, .grow_lock = PTHREAD_MUTEX_INITIALIZER,
                      .modules_lock = PTHREAD_MUTEX_INITIALIZER };
__thread oa_thread *oa_self;

static char oa_result_path[4096];
static int oa_result_owner;   /* this is the process the driver ran */
static char oa_runtime_version[128];

/* A forked child shares the mapped file with its parent: it must not write. */
static void on_fork_child(void)
{
  oa_the_run.enabled = 0;
}

/* Memory ran out inside the target (corelib's oa_x* allocators): the tool
 * cannot go on, and exit() would run the program's own handlers half-way.
 * One write, no allocation, and the process ends as the runtime's would;
 * the driver then reports the signal and keeps the last profile snapshot. */
static void tool_out_of_memory(size_t bytes)
{
  char msg[96];
  int n = snprintf(msg, sizeof msg, "ompadv: the tool ran out of memory (%zu bytes) in the "
                   "program\n", bytes);
  if (write(2, msg, n > 0 && n < (int)sizeof msg ? (size_t)n : 0) < 0)
    abort();
  abort();
}

/* ompt_set_error (0) and ompt_set_never (1) both mean the event will not
 * come; sometimes/always are accepted. */
static void register_callbacks(void)
{
  uint64_t unsupported = 0;
  int model = oa_conf.mode == OA_MODE_PROFILE;
#define X(name, type)                                                                      \
  {                                                                                        \
    type fn = model ? oa_model_##name : oa_trace_##name;                                   \
    if (fn && oa_the_run.set_callback(ompt_callback_##name, (ompt_callback_t)fn)           \
                  <= ompt_set_never)                                                       \
      unsupported |= UINT64_C(1) << ompt_callback_##name;                                  \
  }
#include "events.def"
#undef X
  oa_the_run.header->unsupported = unsupported;
}

static int oa_initialize(ompt_function_lookup_t lookup, int initial_device_num,
                         ompt_data_t *tool_data)
{
  oa_the_run.set_callback = (ompt_set_callback_t)lookup("ompt_set_callback");
  if (!oa_the_run.set_callback) {
    fprintf(stderr, "ompadv: tool not started: the runtime offers no ompt_set_callback\n");
    oa_out_declined(oa_result_path, oa_result_owner);
    return 0;
  }
  if (oa_out_open(oa_result_path, oa_result_owner, oa_runtime_version) != 0) {
    oa_out_declined(oa_result_path, oa_result_owner);
    return 0;
  }
  if (oa_conf.mode == OA_MODE_TRACE)
    oa_the_run.header->constructs = 1;  /* every event is the trace */
  oa_the_run.header->mode = oa_conf.record ? OA_MODE_RECORD
                            : oa_race ? OA_MODE_RACE : oa_conf.mode;

  oa_where_init(lookup);
  oa_out_write_modules();
  pthread_atfork(NULL, NULL, on_fork_child);
  oa_the_run.enabled = 1;
  register_callbacks();
  return 1;
}

static void oa_finalize(ompt_data_t *tool_data)
{
  if (!oa_the_run.enabled)
    return;
  if (oa_race)
    oa_race->finalize();
  else if (oa_conf.mode == OA_MODE_PROFILE)
    oa_prof_finalize();
  oa_out_write_modules();  /* again: libraries may have been dlopen'ed since */
  oa_out_finalize();
}

/* The result file of this process: the one the driver made for it
 * (contract.h: OMPADV_ENV_RESULT_OWN), unless this is a process the program
 * started (OMPADV_ENV_OWNER), which writes the name it is given with its
 * pid; the driver learns of the others from a line each. */
static char *own_path(const char *pattern)
{
  long pid = (long)getpid();
  const char *made = getenv(OMPADV_ENV_RESULT_OWN);
  oa_result_owner = !oa_conf.owner || oa_conf.owner == pid;
  if (oa_result_owner && made && *made)
    return oa_xstrdup(made);
  char *path = oa_expand_pid(pattern, pid);
  const char *others = oa_conf.others;
  if (oa_result_owner)
    return path;
  if (!strstr(pattern, "%p")) {
    char *own = oa_xasprintf("%s.%ld", path, pid);
    free(path);
    path = own;
  }
  int fd = others && *others
               ? oa_fd_high(open(others, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644)) : -1;
  if (fd >= 0) {
    char *line = oa_xasprintf("%ld %s\n", pid, path);
    ssize_t n = write(fd, line, strlen(line));  /* one write: lines do not mix */
    (void)n;
    free(line);
    close(fd);
  }
  return path;
}

static int is_1(const char *s)
{
  return s && *s == '1';
}

/* The settings from the driver's environment; 0, or -1 after saying why the
 * tool does not start. */
static int read_config(oa_config *c)
{
  const char *contract = getenv(OMPADV_ENV_CONTRACT), *mode = getenv(OMPADV_ENV_MODE);
  c->result = getenv(OMPADV_ENV_RESULT);
  if (!c->result || !*c->result) {
    fprintf(stderr, "ompadv: tool not started: %s is not set (run the program with ompadv)\n",
            OMPADV_ENV_RESULT);
    return -1;
  }
  if (!contract || atoi(contract) != OMPADV_CONTRACT_VERSION) {
    fprintf(stderr, "ompadv: tool not started: the driver speaks contract %s, this library %d"
            " (mixed installations?)\n", contract ? contract : "(none)", OMPADV_CONTRACT_VERSION);
    return -1;
  }
  if (mode && (strcmp(mode, "profile") == 0 || strcmp(mode, "race") == 0)) {
    c->mode = OA_MODE_PROFILE;  /* race mode builds the OSPG as profile mode does */
    c->race = strcmp(mode, "race") == 0;
  } else if (!mode || strcmp(mode, "trace") == 0) {
    c->mode = OA_MODE_TRACE;
  } else {
    fprintf(stderr, "ompadv: tool not started: unknown mode '%s'\n", mode);
    return -1;
  }
  c->metric = oa_metric_parse(getenv(OMPADV_ENV_METRIC));
  if (!c->metric)
    c->metric = OA_METRIC_TSC;
  /* The driver checked both (builtin-profile.c) and refuses a malformed
   * one; read them as strictly, so that what is not of the form (a race
   * run that inherits the user's) counts as not given: 0. */
  if (oa_task_cost_parse(getenv(OMPADV_ENV_TASKCOST), &c->task_cost,
                         &c->task_cost_undeferred) != 0)
    c->task_cost = c->task_cost_undeferred = 0;
  oa_rt_costs_parse(getenv(OMPADV_ENV_RTCOST), &c->rt_costs);  /* all 0 unless well formed */
  c->raw = is_1(getenv(OMPADV_ENV_RAW));
  c->record = is_1(getenv(OMPADV_ENV_RECORD));
  c->time = c->record && is_1(getenv(OMPADV_ENV_TIME));
  const char *det = getenv(OMPADV_ENV_RACE), *grain = getenv(OMPADV_ENV_RACE_GRAIN);
  if (!det || strcmp(det, "fast") == 0) {
    c->race_detector = OA_DET_FAST;
  } else if (strcmp(det, "precise") == 0) {
    c->race_detector = OA_DET_PRECISE;
  } else if (strcmp(det, "check") == 0) {
    c->race_detector = OA_DET_CHECK;
  } else if (c->race) {
    fprintf(stderr, "ompadv: tool not started: unknown race detector '%s'\n", det);
    return -1;
  }
  c->race_grain = grain && atoi(grain) == 1 ? 1 : 4;
  c->race_stacks = is_1(getenv(OMPADV_ENV_RACE_STACKS));
  const char *owner = getenv(OMPADV_ENV_OWNER);
  c->owner = owner ? atol(owner) : 0;
  c->others = getenv(OMPADV_ENV_OTHERS);
  return 0;
}

/* The tool does not start, having said why on stderr: the file the driver
 * made says so (out.c). */
static ompt_start_tool_result_t *declined(void)
{
  const char *owner = getenv(OMPADV_ENV_OWNER), *made = getenv(OMPADV_ENV_RESULT_OWN);
  if (made && *made)
    oa_out_declined(made, !owner || atol(owner) == (long)getpid());
  return NULL;
}

__attribute__((visibility("default")))
ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
  static ompt_start_tool_result_t result = { oa_initialize, oa_finalize, { 0 } };
  oa_prof_asked();  /* first: the program's serial code ends here */
  oa_out_of_memory = tool_out_of_memory;
  if (read_config(&oa_conf) != 0)
    return declined();
  if (oa_conf.race) {
    if (!&oa_race_runtime) {
      fprintf(stderr, "ompadv: tool not started: race mode needs the race runtime "
              "(libompadv-race.so), not this library\n");
      return declined();
    }
    if (!oa_race_runtime.start())
      return declined();
    oa_race = &oa_race_runtime;
  }
  if (oa_conf.mode == OA_MODE_PROFILE)
    oa_prof_start();
  char *path = own_path(oa_conf.result);
  if (strlen(path) >= sizeof oa_result_path) {
    fprintf(stderr, "ompadv: tool not started: result path too long\n");
    free(path);
    return declined();
  }
  strcpy(oa_result_path, path);
  free(path);
  snprintf(oa_runtime_version, sizeof oa_runtime_version, "%s", runtime_version ? runtime_version : "");
  return &result;
}
