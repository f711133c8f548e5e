/* The recording container (recording.c): what the replay (replay.c) reads
 * of it besides the public oa_rec_* functions of replay.h.  Private to
 * corelib's formats library, but for oa_input_open, which the driver uses
 * too for the files it reads. */
#ifndef OMPADV_RECORDING_H
#define OMPADV_RECORDING_H

#include <sys/stat.h>

#include "replay.h"

typedef struct chunk_ref {
  uint64_t off;
  uint32_t size;
} chunk_ref;

typedef struct thread_chunks {
  uint32_t thread;
  chunk_ref *c;
  size_t n, cap;
} thread_chunks;

struct oa_recording {
  char *path;
  int fd;
  uint64_t size;
  oa_file_header header;
  thread_chunks *threads;
  size_t nthreads;
  /* the online profile (the final one, else the last snapshot) */
  oa_profile_header *online;
  oa_profile_loc *online_locs;
  oa_profile_nested *online_nested;
  chunk_ref *modules;          /* OA_CHUNK_MODULES chunks */
  size_t nmodules;
  /* names appended by the driver */
  int has_names;
  uint64_t trailer_records, trailer_chunks, records;
  oa_rec_loc *locs;
  uint32_t nlocs, cap_locs;
  char **strings;              /* owned strings of locs */
  size_t nstrings;
  /* regions, interned by name; stable across replays */
  oa_rec_region *regions;
  uint32_t nregions, cap_regions;
  /* the reader's, or NULL: told how far each read of the records got
   * (oa_rec_visit: every few thousand records, and done == total when it
   * ends, stopped early or not); pass: the reads begun, this one included */
  void (*progress)(struct oa_recording *r, uint64_t done, uint64_t total, unsigned pass);
  void *progress_state;        /* the reader's */
  unsigned passes;
};

/* Open path, a file the user named (-i), to read it as what ("a
 * recording"): the descriptor, with *st (may be NULL) its status; or -1 and
 * err ("PATH: why; fix") when it cannot be opened or is not a regular file.
 * It never blocks: a named pipe or a device is refused, not waited on. */
int oa_input_open(const char *path, const char *what, struct stat *st, char *err,
                  size_t errlen);
/* Open path as an ompadv file this ompadv reads: oa_input_open's checks
 * (what: "a recording", "an ompadv result"), then a whole header page with
 * the magic, this format version and the header's size (noun names the
 * file in the messages: "recording", "result").  The descriptor, with the
 * header in *h and the file's size in *size; or -1, err saying why. */
int oa_file_open(const char *path, const char *what, const char *noun, oa_file_header *h,
                 uint64_t *size, char *err, size_t errlen);

/* The slot of location loc, the table grown to hold it. */
oa_rec_loc *oa_rec_loc_slot(oa_recording *r, uint32_t loc);
/* A LOC record into the location table; -1: it is corrupt. */
int oa_rec_take_loc(oa_recording *r, const struct oa_record_loc *x);
/* The index of the what-if region called name (taken: the recording frees
 * it), added when new; regions are stable across replays. */
uint32_t oa_rec_intern_region(oa_recording *r, const char *file, uint32_t first, uint32_t last,
                              char *name);

/* The merged stream: every thread's records in arrival (seq) order, one
 * chunk per thread mapped at a time. */
typedef struct oa_rec_stream oa_rec_stream;
oa_rec_stream *oa_rec_stream_open(oa_recording *r);
/* The next record, and the index (below the recording's thread count) of
 * the thread that wrote it: 1; 0 at the end; -1 when a chunk cannot be read
 * or a thread's records are out of order (err says which). */
int oa_rec_stream_next(oa_rec_stream *s, const oa_event **e, size_t *thread, char *err,
                       size_t errlen);
void oa_rec_stream_close(oa_rec_stream *s);
size_t oa_rec_threads(const oa_recording *r);
/* The latest time of a raw (time-mode) record, from each thread's last
 * chunk that holds one (a thread's records are written in time order):
 * what the time analysis needs before its one pass.  0: none. */
uint64_t oa_rec_raw_time_max(oa_recording *r);

/* --- the record visitor ----------------------------------------------------
 * The one way to read records, in the manner of perf's struct perf_tool: a
 * table of callbacks by record kind (type) with a context pointer.  The
 * visit checks each record before any callback sees it (oa_rec_check),
 * counts the kinds the format does not know, and skips them unless other
 * takes them: every record is 64 bytes, so a kind need not be known to be
 * passed over (doc/RECORDS.md). */

/* One bigger than the largest type of contract.h (OA_RACE_*). */
#define OA_REC_NTYPES (OA_RACE_ITERS + 1)

/* A record of the thread at index thread (a recording: below
 * oa_rec_threads; a result's events: the record's own thread).  0: go on;
 * anything else stops the visit and is what it returns (below 0: an
 * error, which the callback has put in the visit's err). */
typedef int (*oa_rec_fn)(void *ctx, const oa_record *x, size_t thread);

typedef struct oa_rec_visitor {
  void *ctx;                   /* every callback's first argument */
  oa_rec_fn each;              /* every record that passed its check, first; NULL: none */
  oa_rec_fn on[OA_REC_NTYPES]; /* by type: that kind's records; NULL: skipped */
  oa_rec_fn other;             /* a record whose type has no callback in on, known to
                                * the format or not; NULL: skipped */
  uint64_t records;            /* out: records visited (checked, then called back) */
  uint64_t unknown;            /* out: of those, of kinds the format does not know */
} oa_rec_visitor;

/* Whether type is a record kind of contract.h. */
int oa_rec_type_known(unsigned type);
/* The check of one record on its own, whatever reads it (the checks that
 * need the reader's state stay with the reader): NULL when it passes, else
 * what is wrong ("metric", "region", ...).  r: the recording it came from,
 * for the bounds that depend on the file (NULL: none). */
const char *oa_rec_check(const oa_recording *r, const oa_record *x);
/* Every record of the recording in the run's order (oa_rec_stream).
 * Returns 0 at the end; what a callback returned when one stopped it; -1
 * when a record fails its check ("corrupt recording: WHAT (record SEQ,
 * type TYPE)" into err) or a chunk cannot be read or is out of order. */
int oa_rec_visit(oa_recording *r, oa_rec_visitor *v, char *err, size_t errlen);
/* The same with two visitors, a's callbacks first, over one read of the
 * file (the replay and the time analysis together). */
int oa_rec_visit2(oa_recording *r, oa_rec_visitor *a, oa_rec_visitor *b, char *err,
                  size_t errlen);
/* The same over n records in memory (a result file's events, oa_result);
 * path names them in err. */
int oa_rec_visit_events(const oa_event *ev, size_t n, oa_rec_visitor *v, const char *path,
                        char *err, size_t errlen);

#endif
