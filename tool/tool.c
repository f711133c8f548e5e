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

int oa_race_active, oa_race_detector;

oa_run oa_the_run = { .fd = -1, .grow_lock = PTHREAD_MUTEX_INITIALIZER,
                      .modules_lock = PTHREAD_MUTEX_INITIALIZER };
__thread oa_thread *oa_self;

static char oa_result_path[4096];
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
#define X(name, type)                                                               \
  if (oa_the_run.set_callback(ompt_callback_##name, (ompt_callback_t)oa_on_##name) \
      <= ompt_set_never)                                                            \
    unsupported |= UINT64_C(1) << ompt_callback_##name;
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
    return 0;
  }
  if (oa_out_open(oa_result_path, oa_runtime_version) != 0)
    return 0;
  oa_the_run.header->mode = oa_prof_record ? OA_MODE_RECORD
                            : oa_race_active ? OA_MODE_RACE : oa_the_run.mode;

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
  if (oa_race_active)
    oa_race_finalize();
  else if (oa_the_run.mode == OA_MODE_PROFILE)
    oa_prof_finalize();
  oa_out_write_modules();  /* again: libraries may have been dlopen'ed since */
  oa_out_finalize();
}

/* The result file of this process: the one named, unless this is a process
 * the program started (contract.h: OMPADV_ENV_OWNER), which must not
 * overwrite it; the driver learns of the others from a line each. */
static char *own_path(const char *pattern)
{
  long pid = (long)getpid();
  char *path = oa_expand_pid(pattern, pid);
  const char *owner = getenv(OMPADV_ENV_OWNER), *others = getenv(OMPADV_ENV_OTHERS);
  if (!owner || !*owner || atol(owner) == pid)
    return path;
  if (!strstr(pattern, "%p")) {
    char *own = oa_xasprintf("%s.%ld", path, pid);
    free(path);
    path = own;
  }
  int fd = others && *others ? open(others, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644) : -1;
  if (fd >= 0) {
    char *line = oa_xasprintf("%ld %s\n", pid, path);
    ssize_t n = write(fd, line, strlen(line));  /* one write: lines do not mix */
    (void)n;
    free(line);
    close(fd);
  }
  return path;
}

__attribute__((visibility("default")))
ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version)
{
  static ompt_start_tool_result_t result = { oa_initialize, oa_finalize, { 0 } };
  oa_out_of_memory = tool_out_of_memory;
  const char *pattern = getenv(OMPADV_ENV_RESULT);
  const char *contract = getenv(OMPADV_ENV_CONTRACT);
  const char *mode = getenv(OMPADV_ENV_MODE);

  if (!pattern || !*pattern) {
    fprintf(stderr, "ompadv: tool not started: %s is not set (run the program with ompadv)\n",
            OMPADV_ENV_RESULT);
    return NULL;
  }
  if (!contract || atoi(contract) != OMPADV_CONTRACT_VERSION) {
    fprintf(stderr, "ompadv: tool not started: the driver speaks contract %s, this library %d"
            " (mixed installations?)\n", contract ? contract : "(none)", OMPADV_CONTRACT_VERSION);
    return NULL;
  }
  if (mode && strcmp(mode, "profile") == 0) {
    oa_the_run.mode = OA_MODE_PROFILE;
  } else if (mode && strcmp(mode, "race") == 0) {
    /* race mode builds the OSPG as profile mode does, and keeps it */
    if (!oa_race_start) {
      fprintf(stderr, "ompadv: tool not started: race mode needs the race runtime "
              "(libompadv-race.so), not this library\n");
      return NULL;
    }
    if (!oa_race_start())
      return NULL;
    oa_the_run.mode = OA_MODE_PROFILE;
  } else if (!mode || strcmp(mode, "trace") == 0) {
    oa_the_run.mode = OA_MODE_TRACE;
  } else {
    fprintf(stderr, "ompadv: tool not started: unknown mode '%s'\n", mode);
    return NULL;
  }
  if (oa_the_run.mode == OA_MODE_PROFILE)
    oa_prof_start();
  char *path = own_path(pattern);
  if (strlen(path) >= sizeof oa_result_path) {
    fprintf(stderr, "ompadv: tool not started: result path too long\n");
    free(path);
    return NULL;
  }
  strcpy(oa_result_path, path);
  free(path);
  snprintf(oa_runtime_version, sizeof oa_runtime_version, "%s", runtime_version ? runtime_version : "");
  return &result;
}
