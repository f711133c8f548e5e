/* The calibration cache: what ompadv-calibrate measured on this machine,
 * kept for a day so that a run does not wait for it again (a tenth of a
 * second, the start-up of every profiling command).  An entry counts only
 * for the same helper binary, ompadv version, boot, CPUs, installed
 * libraries (/etc/ld.so.cache) and OpenMP and loader variables
 * (OMP_*, KMP_*, GOMP_*, LD_LIBRARY_PATH, LD_PRELOAD).  The directory is
 * OMPADV_CACHE_DIR ("off": no cache), else $XDG_CACHE_HOME/ompadv, else
 * ~/.cache/ompadv.  Reading or writing it never fails a run: a miss
 * calibrates.  A calibration made while other work shared the cores is not
 * kept for later runs (its figures then come out up to 60 times too high). */
#ifndef OMPADV_CALCACHE_H
#define OMPADV_CALCACHE_H

/* The key of one measurement: what it is (the helper's arguments, the
 * metric, the team size) and the machine's state that bears on it. */
char *oa_calcache_key(const char *helper, const char *what);
/* The value stored under key, fresh enough and not measured on a busy
 * machine, or NULL. */
char *oa_calcache_get(const char *key);
/* Store value under key; busy: the helper said other work shared its cores
 * (ompadv-calibrate's second line): the entry is written, marked so, and
 * never taken, so a later run calibrates again. */
void oa_calcache_put(const char *key, const char *value, int busy);

#endif
