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

/* Pieces of the format the recording reader (replay.c) shares: */
/* "path: message" into err; returns -1. */
int oa_result_fail(char *err, size_t errlen, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* 0 when the header's format version is OA_FILE_VERSION; else the reason
 * into err ("recorded by an older ompadv" for an older one; what: "result"
 * or "recording" for any other) and -1. */
int oa_result_version(const oa_file_header *h, const char *path, const char *what, char *err,
                      size_t errlen);
/* The module record at off of a modules chunk's payload; NULL at its end,
 * or with *bad set when the record is malformed. */
const oa_module *oa_module_at(const char *p, uint64_t used, uint64_t off, int *bad);
/* A profile chunk's payload: kept in *h, *locs, *nested (replacing them)
 * unless they hold a later profile.  0, or -1 when it is malformed. */
int oa_profile_chunk(const char *p, uint64_t used, oa_profile_header **h, oa_profile_loc **locs,
                     oa_profile_nested **nested);
void oa_result_free(oa_result *r);

#endif
