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
oa_run_config oa_conf;

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
  int model = oa_run_config_models(&oa_conf);
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
  if (!oa_run_config_models(&oa_conf))
    oa_the_run.header->constructs = 1;  /* every event is the trace */
  oa_the_run.header->mode = oa_run_config_file_mode(&oa_conf);

  oa_where_init(lookup);
  oa_seq_init();
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
  else if (oa_run_config_models(&oa_conf))
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
  const char *made = oa_conf.result_own;
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
  char why[8192];
  if (oa_run_config_from_env(&oa_conf, why, sizeof why) != 0) {
    fprintf(stderr, "ompadv: tool not started: %s\n", why);
    return declined();
  }
  if (oa_conf.mode == OA_RUN_RACE) {
    if (!&oa_race_runtime) {
      fprintf(stderr, "ompadv: tool not started: race mode needs the race runtime "
              "(libompadv-race.so), not this library\n");
      return declined();
    }
    if (!oa_race_runtime.start())
      return declined();
    oa_race = &oa_race_runtime;
  }
  if (oa_run_config_models(&oa_conf))
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
