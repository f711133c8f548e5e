/* Fuzz target for the recording reader (corelib/replay.c): any bytes given
 * as a recording must give either an analysis or a one-line error, never a
 * crash, a hang, unbounded memory or a sanitizer report.
 *
 * Built two ways:
 *   - by scripts/fuzz with -DOA_LIBFUZZER and -fsanitize=fuzzer,address,
 *     undefined: libFuzzer drives LLVMFuzzerTestOneInput;
 *   - by make (tests/fuzz/fuzz-recording, with address and undefined
 *     sanitizers, no libFuzzer): main() below runs every file named on the
 *     command line, or in a directory named there, once (tests/fuzz/
 *     corpus.test runs the corpus as a regression test).
 *
 * Each input is written to a memfd and goes through what `ompadv report`
 * does with a recording: open, name the locations, list the modules, and
 * replay with default options, by what-if region, and with annotations and a
 * factor of 4 for every region. */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void no_module(void *ctx, const char *path, uint64_t base, uint64_t lo, uint64_t hi)
{
  (void)ctx, (void)base, (void)lo, (void)hi;
  if (!path)
    abort();
}

static double factor4(void *ctx, uint32_t region)
{
  (void)ctx, (void)region;
  return 4.0;
}

/* An error is one non-empty line. */
static void check_error(const char *err)
{
  if (!err[0] || strchr(err, '\n'))
    abort();
}

static int replay(oa_recording *r, const oa_replay_opts *o)
{
  char err[1024] = "";
  oa_replay_out out;
  if (oa_replay(r, o, &out, err, sizeof err) != 0) {
    check_error(err);
    return -1;
  }
  /* what a report reads of the result */
  if (out.h.nlocs != oa_rec_nlocs(r) || !out.locs || !out.nested)
    abort();
  for (uint32_t i = 0; i < out.h.nlocs; i++)
    if (out.locs[i].id != i || out.locs[i].kind >= OA_C_NKINDS)
      abort();
  for (size_t i = 0; i < out.napplied; i++) {
    const oa_rec_region *g = oa_rec_region_at(r, out.applied[i].region);
    if (!g || !g->name)
      abort();
  }
  for (uint32_t i = 0; i < oa_rec_nlocs(r); i++)
    (void)oa_rec_loc_at(r, i);
  oa_replay_out_free(&out);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  int fd = memfd_create("fuzz-recording", MFD_CLOEXEC);
  if (fd < 0) {
    perror("memfd_create");
    abort();
  }
  for (size_t done = 0; done < size;) {
    ssize_t n = write(fd, data + done, size - done);
    if (n <= 0) {
      perror("write");
      abort();
    }
    done += (size_t)n;
  }
  char path[64], err[1024] = "";
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  oa_recording *r;
  if (oa_rec_open(path, &r, err, sizeof err) != 0) {
    check_error(err);
  } else {
    if (oa_rec_scan_locs(r, err, sizeof err) != 0)
      check_error(err);
    oa_rec_modules(r, no_module, NULL);
    (void)oa_rec_header(r);
    (void)oa_rec_has_names(r);
    const oa_profile_header *h;
    const oa_profile_loc *locs;
    const oa_profile_nested *nested;
    if (oa_rec_online(r, &h, &locs, &nested))
      for (uint32_t i = 0; i < h->nlocs; i++)
        if (locs[i].kind >= OA_C_NKINDS)
          abort();
    replay(r, NULL);
    replay(r, &(oa_replay_opts){ .by_region = 1 });
    replay(r, &(oa_replay_opts){ .annotations = 1, .factor = factor4 });
    oa_rec_close(r);
  }
  close(fd);
  return 0;
}

#ifndef OA_LIBFUZZER
static int run_file(const char *path, int verbose)
{
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "fuzz-recording: %s: %s\n", path, strerror(errno));
    return -1;
  }
  size_t cap = 1 << 16, n = 0, got;
  uint8_t *buf = malloc(cap);
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap)
      buf = realloc(buf, cap *= 2);
  }
  int bad = !buf || ferror(f);
  fclose(f);
  if (bad) {
    fprintf(stderr, "fuzz-recording: %s: cannot read it\n", path);
    free(buf);
    return -1;
  }
  if (verbose)
    fprintf(stderr, "fuzz-recording: %s (%zu bytes)\n", path, n);
  LLVMFuzzerTestOneInput(buf, n);
  free(buf);
  return 0;
}

static int by_name(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* usage: fuzz-recording [-v] FILE|DIR...   (a directory: its files, sorted) */
int main(int argc, char **argv)
{
  int verbose = 0, failed = 0;
  size_t runs = 0;
  for (int i = 1; i < argc; i++) {
    struct stat st;
    if (strcmp(argv[i], "-v") == 0) {
      verbose = 1;
      continue;
    }
    if (stat(argv[i], &st) != 0) {
      fprintf(stderr, "fuzz-recording: %s: %s\n", argv[i], strerror(errno));
      failed = 1;
      continue;
    }
    if (!S_ISDIR(st.st_mode)) {
      failed |= run_file(argv[i], verbose) != 0;
      runs++;
      continue;
    }
    DIR *d = opendir(argv[i]);
    if (!d) {
      fprintf(stderr, "fuzz-recording: %s: %s\n", argv[i], strerror(errno));
      failed = 1;
      continue;
    }
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
      if (e->d_name[0] == '.')
        continue;
      names = realloc(names, (n + 1) * sizeof *names);
      if (!names || asprintf(&names[n], "%s/%s", argv[i], e->d_name) < 0)
        abort();
      n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t k = 0; k < n; k++) {
      if (stat(names[k], &st) == 0 && S_ISREG(st.st_mode)) {
        failed |= run_file(names[k], verbose) != 0;
        runs++;
      }
      free(names[k]);
    }
    free(names);
  }
  printf("fuzz-recording: %zu inputs run\n", runs);
  return failed ? 1 : 0;
}
#endif
