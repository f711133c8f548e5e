/* Reading a result file written by the tool (layout in contract.h): checks
 * every structure before trusting it, so a truncated or foreign file gives a
 * one-line reason instead of a crash or a silently wrong answer. */
#ifndef OMPADV_RESULT_H
#define OMPADV_RESULT_H

#include <stddef.h>

#include "contract.h"

typedef struct oa_result {
  oa_file_header header;
  oa_event *events;          /* every committed event, in arrival order (seq) */
  size_t nevents;
  oa_module **modules;       /* distinct (path, base) pairs */
  size_t nmodules;
  size_t skipped_bytes;      /* reserved space never written (target died) */
  oa_profile_header *profile;/* profile mode: the profile, or NULL if none was written */
  oa_profile_loc *locs;      /* profile->nlocs entries */
  oa_profile_nested *nested; /* profile->nnested entries */
} oa_result;

/* Returns 0 on success; -1 with a message in err when the file cannot be
 * read or is not a well-formed ompadv result. */
int oa_result_read(const char *path, oa_result *r, char *err, size_t errlen);
void oa_result_free(oa_result *r);

#endif
