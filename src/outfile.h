/* The files a command writes, and the rules every one of them keeps
 * (doc/FAULTS.md): no output names one of the command's inputs or another
 * of its outputs (refused, exit 2, before anything runs); a file is written
 * beside its name and renamed over it only when whole, so that a failed
 * command leaves what was there; every write and the last close are
 * checked, and a failed one is an error (exit 1), never a success. */
#ifndef OMPADV_OUTFILE_H
#define OMPADV_OUTFILE_H

#include <stdio.h>

/* ---- inputs and outputs ---------------------------------------------------
 * Each command names what it reads and what it writes as it learns them;
 * each new name is held against those before it, files compared by device
 * and inode (a file that does not exist yet by its directory's and its own
 * name), and a clash ends ompadv with exit 2: "CMD: WHAT PATH is also
 * OTHER PATH: give WHAT a file of its own".  what: "--output", "the
 * recording (-i)", "the program", ...  A path with "%p" (expanded later)
 * and a device or a pipe (which may well be shared) are not held. */
void oa_guard_cmd(const char *cmd);
void oa_guard_input(const char *path, const char *what);
void oa_guard_output(const char *path, const char *what);
/* The file a run of the program writes (launch.h: .result), unless the
 * command line named it already. */
void oa_guard_result(const char *path);

/* ---- files written whole --------------------------------------------------- */
typedef struct oa_outfile oa_outfile;
/* Open path for writing: a regular file (or a new one) through a temporary
 * file beside it (a symbolic link: beside its target), a device, a pipe or
 * a socket as it is.  Registers it with oa_guard_output.  Exits 1 with a
 * one-line error when it cannot.  cmd and what name it in messages. */
oa_outfile *oa_outfile_open(const char *path, const char *cmd, const char *what);
FILE *oa_outfile_stream(const oa_outfile *o);
const char *oa_outfile_path(const oa_outfile *o);
/* Flush, check and put the file in place: 0, or OA_EXIT_FAIL after one
 * line naming the file and the cause (the temporary file removed, the old
 * file left as it was).  Frees o. */
int oa_outfile_close(oa_outfile *o);
/* Give up: the temporary file goes, the old file stays.  Frees o. */
void oa_outfile_discard(oa_outfile *o);

/* A temporary file of ompadv's (a page or a recording being written),
 * removed if ompadv exits before it is put in place, or is ended by
 * SIGINT, SIGTERM, SIGHUP or SIGQUIT (oa_signals_catch, at start: those
 * that are not ignored end ompadv with a line saying so). */
void oa_signals_catch(void);
void oa_pending_add(const char *path);
/* It is in place, or to be kept: 1 if it was pending. */
int oa_pending_forget(const char *path);

/* ---- the standard streams ---------------------------------------------------
 * At start, descriptors 0, 1 and 2 that are closed are held by /dev/null,
 * close-on-exec (the program still finds them closed), so that no file of
 * ompadv's takes their place and receives what is printed there.  A report
 * bound for a stream that was closed counts as not written. */
void oa_std_reserve(void);
int oa_std_was_closed(int fd);
/* End a report written to stream f (stdout, stderr or an oa_outfile's):
 * 0, or OA_EXIT_FAIL after saying that it could not be written. */
int oa_std_report_end(FILE *f, const char *cmd);

#endif
