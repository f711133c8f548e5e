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
 * factor of 4 for every region; then what `ompadv report --time` does (the
 * time analysis, sweeping after every record and once at the end). */
#include <dirent.h>
#include <stddef.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "replay.h"
#include "scale.h"
#include "timeprof.h"

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
    /* the team-size model on whatever the replay accepts */
    static const uint32_t teams[] = { 1, 2, 3, 8, 128 };
    oa_scale *s = oa_scale_new(teams, 5, &(oa_scale_costs){ 1, 1, 1, 1, 1, 1 });
    char serr[1024] = "";
    oa_replay_out out;
    if (oa_replay(r, &(oa_replay_opts){ .scale = s }, &out, serr, sizeof serr) == 0) {
      oa_scale_result res;
      oa_scale_compute(s, (double)out.h.work, (double)out.h.span, &out.cp, &res);
      for (size_t k = 0; k < res.npoints; k++)
        if (!(res.points[k].span <= res.points[k].work + 1) || res.points[k].span < 0)
          abort();
      oa_replay_out_free(&out);
    }
    oa_scale_free(s);
    /* ompadv time's analysis, sweeping after every record and once at the
     * end (it frees tasks and segments as it goes: doc/ARCHITECTURE.md) */
    static const char *const sweeps[] = { "1", "0" };
    for (int i = 0; i < 2; i++) {
      setenv("OMPADV_TIME_SWEEP", sweeps[i], 1);
      oa_time_result tres;
      char terr[1024] = "";
      int rc = oa_time_analyse(r, &(oa_time_opts){ .max_points = 16 }, &tres, terr,
                               sizeof terr);
      if (rc < 0)
        check_error(terr);
      else if (rc == 0) {
        if (tres.ntimeline != 16 || tres.wall < 0)
          abort();
        oa_time_result_free(&tres);
      }
    }
    unsetenv("OMPADV_TIME_SWEEP");
    oa_rec_close(r);
  }
  close(fd);
  return 0;
}

#ifdef OA_LIBFUZZER
/* Structure-aware mutations: most of a recording is headers and padding, and
 * a replay checks records against each other (ids, parents, regions), so
 * half of the mutations work on the records of the event chunks: a field set
 * to another record's value (ids meet), nudged or randomized, or a record
 * duplicated, deleted or swapped with another (sequence numbers kept in
 * order).  The other half are libFuzzer's own byte mutations. */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);

typedef struct evchunk {
  size_t off, size;            /* of the chunk */
  oa_event *ev;                /* its records, unpacked */
  size_t n;
} evchunk;

static uint64_t rnd(unsigned *seed)
{
  uint64_t x = 0;
  for (int i = 0; i < 4; i++)
    x = x << 16 | (rand_r(seed) & 0xffff);
  return x;
}

/* The format version in the file's header (its packing: contract.h). */
static unsigned file_version(const uint8_t *data)
{
  uint32_t v;
  memcpy(&v, data + offsetof(oa_file_header, version), sizeof v);
  return v;
}

/* The event chunks whose records unpack, and the names chunk (which counts
 * the records) in *names. */
static size_t find_chunks(const uint8_t *data, size_t size, evchunk *out, size_t max,
                          size_t *names)
{
  size_t n = 0, off = OA_HEADER_SIZE;
  *names = 0;
  if (size < OA_HEADER_SIZE)
    return 0;
  while (off + sizeof(oa_chunk_header) <= size && n < max) {
    oa_chunk_header c;
    memcpy(&c, data + off, sizeof c);
    if (c.magic == 0) {
      off += 4096;
      continue;
    }
    if (c.magic != OA_CHUNK_MAGIC || c.size < 4096 || c.size % 4096 || off + c.size > size
        || !oa_chunk_used_ok(&c))
      break;
    if (c.kind == OA_CHUNK_EVENTS) {
      size_t k = oa_chunk_records(&c), bytes = oa_chunk_bytes(&c), at = 0, i;
      if (k * 4 > bytes) {  /* a packed record takes 4 bytes at least */
        off += c.size;
        continue;
      }
      oa_event *ev = malloc((k ? k : 1) * sizeof *ev);
      oa_pack_ref *ref = malloc(sizeof *ref);
      oa_pack_set(ref, file_version(data));
      const uint8_t *p = data + off + sizeof c;
      for (i = 0; i < k; i++) {
        size_t got = oa_unpack_record(ref, p + at, bytes - at, &ev[i]);
        if (!got)
          break;
        at += got;
      }
      free(ref);
      if (i == k && at == bytes)
        out[n++] = (evchunk){ off, c.size, ev, k };
      else
        free(ev);
    }
    if (c.kind == OA_CHUNK_NAMES)
      *names = off;
    off += c.size;
  }
  return n;
}

static uint64_t *field(oa_event *e, unsigned k)
{
  uint64_t *f[] = { &e->where, &e->a, &e->b, &e->c, &e->d, &e->time };
  return f[k % 6];
}

/* Every chunk's records packed back in place: 0; -1 (data unchanged) when
 * one no longer fits its chunk. */
static int repack(uint8_t *data, evchunk *ch, size_t nch)
{
  uint8_t **packed = calloc(nch, sizeof *packed);
  size_t *bytes = calloc(nch, sizeof *bytes);
  int fits = 1;
  for (size_t k = 0; k < nch && fits; k++) {
    packed[k] = malloc(ch[k].n * OA_PACK_MAX + 1);
    bytes[k] = oa_pack_chunk(ch[k].ev, ch[k].n, packed[k], file_version(data));
    fits = bytes[k] <= ch[k].size - sizeof(oa_chunk_header);
  }
  for (size_t k = 0; k < nch && fits; k++) {
    uint8_t *payload = data + ch[k].off + sizeof(oa_chunk_header);
    memcpy(payload, packed[k], bytes[k]);
    memset(payload + bytes[k], 0, ch[k].size - sizeof(oa_chunk_header) - bytes[k]);
    uint64_t used = oa_chunk_used((uint32_t)bytes[k], (uint32_t)ch[k].n);
    memcpy(data + ch[k].off + offsetof(oa_chunk_header, used), &used, sizeof used);
  }
  for (size_t k = 0; k < nch; k++)
    free(packed[k]);
  free(packed);
  free(bytes);
  return fits ? 0 : -1;
}

static size_t mutate(uint8_t *data, size_t size, size_t max_size, unsigned seed, evchunk *ch,
                     size_t nch, size_t names)
{
  uint64_t total = 0;
  for (size_t i = 0; i < nch; i++)
    total += ch[i].n;
  if (!total)
    return LLVMFuzzerMutate(data, size, max_size);
  unsigned r = seed;
  evchunk *c = &ch[rand_r(&r) % nch];
  if (!c->n)
    return LLVMFuzzerMutate(data, size, max_size);
  size_t at = rnd(&r) % c->n;
  oa_event *e = &c->ev[at];
  evchunk *oc = &ch[rand_r(&r) % nch];
  oa_event *other = oc->n ? &oc->ev[rnd(&r) % oc->n] : e;
  oa_event tmp;
  int64_t added = 0;
  switch (rand_r(&r) % 10) {
  case 0: case 1: case 2:  /* a field takes another record's value: ids meet */
    *field(e, rand_r(&r)) = *field(other, rand_r(&r));
    break;
  case 3: {                /* nudged */
    uint64_t *f = field(e, rand_r(&r));
    *f += (rand_r(&r) % 5) - 2;
    break;
  }
  case 4:                  /* a bit, a byte, or anything */
    if (rand_r(&r) & 1)
      *field(e, rand_r(&r)) ^= (uint64_t)1 << (rand_r(&r) % 64);
    else
      *field(e, rand_r(&r)) = rand_r(&r) & 1 ? rnd(&r) : rand_r(&r) % 16;
    break;
  case 5:                  /* another type or node kind */
    if (rand_r(&r) & 1)
      e->type = (uint16_t)(OA_REC_META + rand_r(&r) % (OA_REC_LAST - OA_REC_META + 1));
    else
      e->sub = (uint8_t)(rand_r(&r) % 5);
    break;
  case 6:                  /* two records swap contents, their places in order kept */
    tmp = *e;
    *e = *other;
    *other = tmp;
    tmp.seq = e->seq;
    e->seq = other->seq;
    other->seq = tmp.seq;
    break;
  case 7: case 8: {        /* a record repeated right after itself */
    /* other may be in c's records (its chunk, or e itself when the other
     * chunk has none): the realloc moves them */
    int same = other >= c->ev && other < c->ev + c->n;
    size_t oi = same ? (size_t)(other - c->ev) : 0;
    c->ev = realloc(c->ev, (c->n + 1) * sizeof *c->ev);
    memmove(&c->ev[at + 1], &c->ev[at], (c->n - at) * sizeof *c->ev);
    c->n++;
    e = &c->ev[at];
    other = same ? &c->ev[oi > at ? oi + 1 : oi] : other;
    /* make room in the order: every sequence number doubled, the copy odd */
    for (size_t k = 0; k < nch; k++)
      for (size_t i = 0; i < ch[k].n; i++)
        ch[k].ev[i].seq *= 2;
    e[1].seq = e[0].seq + 1;
    if (rand_r(&r) & 1)
      *field(&e[1], rand_r(&r)) = *field(other, rand_r(&r));
    added = 1;
    break;
  }
  case 9:                  /* a record deleted */
    memmove(&c->ev[at], &c->ev[at + 1], (c->n - at - 1) * sizeof *c->ev);
    c->n--;
    added = -1;
    break;
  }
  if (repack(data, ch, nch) != 0)
    return LLVMFuzzerMutate(data, size, max_size);
  if (names && added) {  /* the names chunk's count of records follows */
    uint64_t count;
    memcpy(&count, data + names + offsetof(oa_chunk_header, reserved), sizeof count);
    count += (uint64_t)added;
    memcpy(data + names + offsetof(oa_chunk_header, reserved), &count, sizeof count);
  }
  return size;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned seed)
{
  evchunk ch[64];
  size_t names = 0;
  size_t nch = (seed & 1) ? find_chunks(data, size, ch, 64, &names) : 0;
  size_t got = mutate(data, size, max_size, seed, ch, nch, names);
  for (size_t i = 0; i < nch; i++)
    free(ch[i].ev);
  return got;
}
#endif

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
